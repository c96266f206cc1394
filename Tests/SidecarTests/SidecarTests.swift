import Foundation
import Horizon
import SidecarKit
import Sidecars
import TestSupport
import Testing

@Suite(.tags(.fast)) struct SidecarGeometryTests {
    @Test func editorsTurnByMinusTheHorizon() {
        #expect(SidecarGeometry(width: 3000, height: 2000, horizonDegrees: 2.5).counterClockwiseDegrees == -2.5)
        #expect(SidecarGeometry(width: 3000, height: 2000, horizonDegrees: -1).counterClockwiseDegrees == 1)
    }

    @Test func sidecarNamesFollowEachEditor() {
        #expect(SidecarEditor.rawtherapee.path(for: "a/IMG_1.CR2") == "a/IMG_1.CR2.pp3")
        #expect(SidecarEditor.darktable.path(for: "a/IMG_1.CR2") == "a/IMG_1.CR2.xmp")
        #expect(SidecarEditor.lightroom.path(for: "a/IMG_1.CR2") == "a/IMG_1.xmp")
        #expect(SidecarEditor.lightroom.path(for: "a.b/IMG") == "a.b/IMG.xmp")
        #expect(SidecarEditor.lightroom.path(for: "a/.hidden") == "a/.hidden.xmp")
    }

    /// RawTherapee's crop: the largest rectangle of the photo's proportions, centred in its frame.
    @Test func rawTherapeeCropIsTheCentredSameAspectRectangle() {
        let geometry = SidecarGeometry(width: 3522, height: 2348, horizonDegrees: 3)
        let crop = geometry.rawTherapeeCrop
        let exact = CropRect.sameAspect(width: 3522, height: 2348, angleDegrees: 3)
        #expect(abs(Double(crop.width) - exact.width) <= 2 && abs(Double(crop.height) - exact.height) <= 2)
        #expect(abs(Double(2 * crop.x + crop.width) - 3522) <= 1 && abs(Double(2 * crop.y + crop.height) - 2348) <= 1)
        #expect(abs(Double(crop.width) / Double(crop.height) - 1.5) < 0.002)
    }

    /// Camera Raw's corners turned by the crop angle give back a level rectangle of the kept size.
    @Test func lightroomCornersTurnBackToTheLevelRectangle() {
        for horizon in [-7.0, -1.5, 2.0, 4.0] {
            let geometry = SidecarGeometry(width: 922, height: 576, horizonDegrees: horizon)
            let box = geometry.fractionalCrop
            let kept = geometry.cropInFrame
            let a = geometry.counterClockwiseDegrees * .pi / 180
            // Centre-relative corners in pixels, turned into the levelled picture (x' = x cos A + y sin A).
            let x1 = (box.left - 0.5) * 922, y1 = (box.top - 0.5) * 576
            let x2 = (box.right - 0.5) * 922, y2 = (box.bottom - 0.5) * 576
            let level1 = (x1 * cos(a) + y1 * sin(a), -x1 * sin(a) + y1 * cos(a))
            let level2 = (x2 * cos(a) + y2 * sin(a), -x2 * sin(a) + y2 * cos(a))
            #expect(abs(level2.0 - level1.0 - kept.width) < 1e-6, "width at \(horizon)")
            #expect(abs(level2.1 - level1.1 - kept.height) < 1e-6, "height at \(horizon)")
            #expect(abs(box.left + box.right - 1) < 1e-9 && abs(box.top + box.bottom - 1) < 1e-9)
        }
    }

    @Test func darktableCropIsAFractionOfTheTurnedCanvas() {
        let geometry = SidecarGeometry(width: 922, height: 576, horizonDegrees: 4)
        let box = geometry.darktableCrop
        let canvas = CropRect.canvasSize(width: 922, height: 576, angleDegrees: 4)
        let kept = CropRect.sameAspect(width: 922, height: 576, angleDegrees: 4)
        #expect(abs((box.right - box.left) * canvas.width - kept.width) < 1e-6)
        #expect(abs((box.bottom - box.top) * canvas.height - kept.height) < 1e-6)
        #expect(abs(box.left + box.right - 1) < 1e-9)
    }
}

@Suite(.tags(.fast)) struct SidecarFormatTests {
    @Test func numbersHaveNoExponentNorNegativeZero() {
        #expect(SidecarNumber.text(-3, digits: 3) == "-3")
        #expect(SidecarNumber.text(2.31049, digits: 3) == "2.31")
        #expect(SidecarNumber.text(-0.0001, digits: 3) == "0")
        #expect(SidecarNumber.text(0.9999996, digits: 6) == "1")
        #expect(SidecarNumber.text(1e-7, digits: 6) == "0")
    }

    @Test func darktableParamsAreLittleEndianHex() {
        // -6.0f is 0xC0C00000; the three other fields are zero.
        #expect(DarktableParams.ashift(rotation: -6) == "0000c0c0" + String(repeating: "0", count: 24))
        let crop = DarktableParams.crop(left: 0, top: 0, right: 1, bottom: 1)
        #expect(crop == "00000000" + "00000000" + "0000803f" + "0000803f" + "ffffffff" + "ffffffff")
    }

    @Test func pp3KeepsEverythingItDoesNotOwn() throws {
        let text = "# made by hand\n[Version]\nAppVersion=5.9\n\n[Exposure]\nCompensation=0.5\n\n[Rotation]\nDegree=1\n"
        var profile = try PP3Profile(text: text)
        profile.straighten(SidecarGeometry(width: 3000, height: 2000, horizonDegrees: 2))
        let out = profile.text
        #expect(out.hasPrefix("# made by hand\n[Version]\nAppVersion=5.9\n\n[Exposure]\nCompensation=0.5\n"))
        #expect(out.contains("[Rotation]\nDegree=-2\n"))
        #expect(!out.contains("Degree=1"))
        #expect(profile.value("Enabled", in: "Crop") == "true")
        #expect(profile.value("AutoFill", in: "Common Properties for Transformations") == "false")
        // Parsing the result again and straightening again changes nothing.
        var again = try PP3Profile(text: out)
        again.straighten(SidecarGeometry(width: 3000, height: 2000, horizonDegrees: 2))
        #expect(again.text == out)
    }

    @Test func pp3RefusesWhatIsNotAProfile() {
        #expect(throws: PP3Profile.Malformed.self) { try PP3Profile(text: "[Version]\nthis is not a key\n") }
        #expect(throws: PP3Profile.Malformed.self) { try PP3Profile(text: "<?xml version=\"1.0\"?>\n") }
    }
}

@Suite(.tags(.fast)) struct SidecarWriterTests {
    static let geometry = SidecarGeometry(width: 3000, height: 2000, horizonDegrees: 2)

    func folder() throws -> URL { try Fixtures.temporaryFolder() }

    @Test func darktableHistoryIsAppendedAfterTheStepsInUse() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("p.NEF").path
        // Three steps, the third undone (history_end 2), and a keyword.
        let existing = """
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:darktable="http://darktable.sf.net/" xmlns:dc="http://purl.org/dc/elements/1.1/" darktable:xmp_version="5" darktable:auto_presets_applied="1" darktable:history_end="2">
              <dc:subject><rdf:Bag><rdf:li>holiday</rdf:li></rdf:Bag></dc:subject>
              <darktable:history><rdf:Seq>
               <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1" darktable:modversion="6" darktable:params="aa" darktable:multi_name="" darktable:multi_priority="0"/>
               <rdf:li darktable:num="1" darktable:operation="colorbalancergb" darktable:enabled="1" darktable:modversion="5" darktable:params="bb" darktable:multi_name="" darktable:multi_priority="0"/>
               <rdf:li darktable:num="2" darktable:operation="sharpen" darktable:enabled="1" darktable:modversion="1" darktable:params="cc" darktable:multi_name="" darktable:multi_priority="0"/>
              </rdf:Seq></darktable:history>
             </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try existing.write(toFile: photo + ".xmp", atomically: true, encoding: .utf8)
        try SidecarWriter.write(.darktable, for: photo, geometry: Self.geometry)
        var text = try String(contentsOfFile: photo + ".xmp", encoding: .utf8)
        #expect(text.contains("holiday") && text.contains("auto_presets_applied=\"1\""))
        #expect(text.contains("darktable:params=\"aa\"") && text.contains("darktable:params=\"bb\""))
        #expect(!text.contains("darktable:params=\"cc\""), "the undone step stays dropped")
        #expect(text.contains("darktable:history_end=\"4\""))
        #expect(text.contains("darktable:num=\"2\" darktable:operation=\"ashift\""))
        #expect(text.contains("darktable:num=\"3\" darktable:operation=\"crop\""))
        // A second run replaces its own two steps.
        try SidecarWriter.write(
            .darktable, for: photo, geometry: SidecarGeometry(width: 3000, height: 2000, horizonDegrees: -1))
        text = try String(contentsOfFile: photo + ".xmp", encoding: .utf8)
        #expect(text.contains("darktable:history_end=\"4\""))
        #expect(text.components(separatedBy: "operation=\"ashift\"").count == 2)
        #expect(text.contains(DarktableParams.ashift(rotation: 1)))
    }

    @Test func lightroomKeepsOtherSettingsAndReplacesElementForms() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("p.CR2").path
        let existing = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" crs:Exposure2012="+1.00" crs:Temperature="5200">
              <crs:CropAngle>12</crs:CropAngle>
              <crs:ToneCurvePV2012><rdf:Seq><rdf:li>0, 0</rdf:li><rdf:li>255, 255</rdf:li></rdf:Seq></crs:ToneCurvePV2012>
             </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let path = dir.appendingPathComponent("p.xmp").path
        try existing.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try SidecarWriter.write(.lightroom, for: photo, geometry: Self.geometry) == path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for kept in ["crs:Exposure2012=\"+1.00\"", "crs:Temperature=\"5200\"", "<rdf:li>255, 255</rdf:li>"] {
            #expect(text.contains(kept), "lost \(kept)")
        }
        #expect(!text.contains("<crs:CropAngle>"))
        #expect(text.contains("crs:CropAngle=\"-2\"") && text.contains("crs:HasCrop=\"True\""))
    }

    @Test func malformedSidecarsAreReportedAndLeftAsTheyWere() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("p.ORF").path
        let cases: [(SidecarEditor, String)] = [
            (.darktable, "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF"),
            (.lightroom, "<html><body>not XMP</body></html>"),
            (.rawtherapee, "[Version]\nnonsense line\n"),
        ]
        for (editor, content) in cases {
            let path = editor.path(for: photo)
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect {
                try SidecarWriter.write(editor, for: photo, geometry: Self.geometry)
            } throws: { error in
                (error as? SidecarError)?.kind == .malformed
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(editor) sidecar changed")
        }
        // No temporary left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.sorted() == ["p.ORF.pp3", "p.ORF.xmp", "p.xmp"])
    }

    /// RawTherapee's picture of a raw leaves out a border ([RAW Bayer] Border, 4; X-Trans 7): the
    /// crop is counted in that smaller picture, the profile's own Border winning over the default.
    @Test func rawTherapeeCropIsCountedInItsPictureOfARaw() throws {
        let geometry = SidecarGeometry(width: 922, height: 576, horizonDegrees: 4)
        func crop(_ profile: PP3Profile, _ sensor: PP3Profile.RawSensor?) -> [Int] {
            var profile = profile
            profile.straighten(geometry, sensor: sensor)
            return ["X", "Y", "W", "H"].compactMap { profile.value($0, in: "Crop").flatMap { Int($0) } }
        }
        var smaller = geometry
        smaller.width -= 8
        smaller.height -= 8
        let bayer = smaller.rawTherapeeCrop
        #expect(
            crop(PP3Profile(), nil) == [
                geometry.rawTherapeeCrop.x, geometry.rawTherapeeCrop.y, geometry.rawTherapeeCrop.width,
                geometry.rawTherapeeCrop.height,
            ])
        #expect(crop(PP3Profile(), .bayer) == [bayer.x, bayer.y, bayer.width, bayer.height])
        #expect(crop(PP3Profile(), .bayer) != crop(PP3Profile(), nil))
        var own = PP3Profile()
        own.set("Border", "0", in: "RAW Bayer")
        #expect(crop(own, .bayer) == crop(PP3Profile(), nil))
        #expect(PP3Profile().border(.xTrans) == 7 && own.border(.bayer) == 0 && own.border(nil) == 0)
    }
}
