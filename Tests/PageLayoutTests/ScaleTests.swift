import PageLayout
import TestSupport
// DPI and --fit maths, pixel sizes (rounded up, clamped), and the --fit parser.
import Testing

@Suite(.tags(.fast)) struct ScaleTests {
    @Test func dpiConvertsPointsToPixels() {
        #expect(Scale.forDPI(72) == 1)
        #expect(Scale.forDPI(144) == 2)
        #expect(Scale.dpi(forScale: 2) == 144)
        #expect(Scale.pixels(points: 595, dpi: 144) == 1190)
        #expect(Scale.pixels(points: 72, dpi: 300) == 300)
        // A4 at 150 dpi: 1239.58 × 1754.17 px, rounded up to whole pixels.
        #expect(
            Scale.pixelSize(width: 595, height: 842, scale: Scale.forDPI(150))
                == PixelSize(width: 1240, height: 1755))
        // An A4 spread view with margins at 150 dpi: 2512.5 × 1773.96.
        #expect(
            Scale.pixelSize(width: 1206, height: 851.5, scale: Scale.forDPI(150))
                == PixelSize(width: 2513, height: 1774))
    }

    @Test func exactProductsAreNotRoundedUpByFloatingPointNoise() {
        // 0.1 × 3 is 0.30000000000000004 in binary; 30 points at scale 0.1 is still 3 px.
        #expect(Scale.pixelSize(width: 30, height: 10, scale: 0.1) == PixelSize(width: 3, height: 1))
        for dpi in [50.0, 72, 96, 100, 150, 200, 300, 600] {
            #expect(
                Scale.pixelSize(width: 72, height: 144, scale: Scale.forDPI(dpi))
                    == PixelSize(width: Int(dpi), height: Int(2 * dpi)))
        }
    }

    @Test func bestFitFillsOneSideAndNeverOverflows() {
        let box = FitBox(width: 1920, height: 1080)
        let scale = Scale.bestFit(width: 1206, height: 851.5, in: box)
        #expect(scale == 1080 / 851.5)
        #expect(Scale.pixelSize(width: 1206, height: 851.5, scale: scale) == PixelSize(width: 1530, height: 1080))

        var random = SplitMix64(state: 7)
        for _ in 0..<2000 {
            let width = random.length() * 3, height = random.length() * 3
            let fit = FitBox(width: 1 + Int(random.next() % 4000), height: 1 + Int(random.next() % 4000))
            let size = Scale.pixelSize(
                width: width, height: height,
                scale: Scale.bestFit(width: width, height: height, in: fit))
            #expect(size.width <= fit.width && size.height <= fit.height)
            #expect(size.width == fit.width || size.height == fit.height)
        }
    }

    @Test func fitScalesFollowPDFKitAutoScales() {
        let box = FitBox(width: 1000, height: 500)
        let document = pages([portrait, landscape, (300, 300)])

        // Paged modes: best fit per view, so every view fills the box.
        let singleOptions = LayoutOptions(mode: .single)
        let single = LayoutEngine.layout(document, options: singleOptions)
        let singleScales = Scale.fitScales(for: single, options: singleOptions, box: box)
        let perView: [Double] = [500 / 851.5, min(1000 / 850, 500 / 604.5), 500 / 309.5]
        #expect(singleScales == perView)

        let twoUpOptions = LayoutOptions(mode: .twoUp, cover: true)
        let twoUp = LayoutEngine.layout(document, options: twoUpOptions)
        #expect(
            Scale.fitScales(for: twoUp, options: twoUpOptions, box: box)
                == twoUp.views.map { min(1000 / $0.width, 500 / $0.height) })

        // Continuous column: fit width, one scale for the one view.
        let columnOptions = LayoutOptions(mode: .continuous)
        let column = LayoutEngine.layout(document, options: columnOptions)
        #expect(Scale.fitScales(for: column, options: columnOptions, box: box) == [1000 / 850])
        let spreadsOptions = LayoutOptions(mode: .twoUpContinuous, cover: true)
        let spreads = LayoutEngine.layout(equalPages(6), options: spreadsOptions)
        #expect(Scale.fitScales(for: spreads, options: spreadsOptions, box: box) == [1000 / 1206])

        // Continuous strip: fit its height (the cross axis), not its length.
        let stripOptions = LayoutOptions(mode: .continuous, direction: .horizontal)
        let strip = LayoutEngine.layout(document, options: stripOptions)
        #expect(Scale.fitScales(for: strip, options: stripOptions, box: box) == [500 / 851.5])
    }

    @Test func absurdAndDegenerateSizesDoNotTrap() {
        let huge = Scale.pixelSize(width: 1e6, height: 1e6, scale: 1e15)
        #expect(huge == PixelSize(width: Int.max, height: Int.max))
        #expect(huge.pixelCount > 1e36)
        #expect(
            Scale.pixelSize(width: 100, height: 100, scale: .infinity) == PixelSize(width: Int.max, height: Int.max))
        #expect(Scale.pixelSize(width: 100, height: 100, scale: .nan) == PixelSize(width: 0, height: 0))
        #expect(Scale.pixelSize(width: 100, height: 100, scale: -1) == PixelSize(width: 0, height: 0))
        #expect(PixelSize(width: 100_000, height: 20_000).pixelCount == 2e9)
        // A zero-sized view does not divide by zero.
        #expect(Scale.bestFit(width: 0, height: 0, in: FitBox(width: 10, height: 10)) == 1)
    }

    @Test(arguments: [
        ("1920x1080", FitBox(width: 1920, height: 1080)),
        ("1920X1080", FitBox(width: 1920, height: 1080)),
        (" 800 x 600 ", FitBox(width: 800, height: 600)),
        ("1x1", FitBox(width: 1, height: 1)),
    ])
    func fitBoxReadsWxH(text: String, box: FitBox) throws {
        #expect(try FitBox.parse(text) == box)
    }

    @Test(arguments: ["", "1920", "x1080", "1920x", "0x10", "10x0", "-5x10", "10x10x10", "axb", "1.5x2", "+3x4"])
    func fitBoxRefusesEverythingElse(text: String) {
        #expect(throws: FitBoxError(text: text)) { try FitBox.parse(text) }
        #expect(FitBoxError(text: text).description.hasPrefix("cannot read \"\(text)\""))
    }
}
