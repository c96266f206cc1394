import CoreTypes
import Frost
import Vips

/// One frost job, built once from what the caller wants: the look (`effect` at `scale`), the area
/// (the whole image, a mask, regions, the text found in it, or the secrets read in that text) and the treatment (frost, secure
/// frost, or an opaque cover). `FrostRenderer.render` runs it on each input; a program using
/// FrostKit gets the same decisions `imgtool blur` makes.
public struct FrostRequest: Sendable {
    /// Where the frost (or cover) goes.
    public enum Area: Sendable, Equatable {
        case whole
        /// White is treated, black untouched, grey blends; stretched to the image.
        case mask(ImageSource)
        /// Rectangles in pixels or shares of each image, clipped to it.
        case regions([RegionSpec])
        /// The lines of text Tesseract's layout analysis finds (in `language`), looked for inside
        /// `within` (the whole image when empty).
        case text(language: String, within: [RegionSpec])
        /// The words of that text Tesseract's recogniser reads as secrets `matcher` matches
        /// (`SecretFinder`), looked for inside `within` (the whole image when empty).
        case secrets(SecretMatcher, language: String, within: [RegionSpec])
    }

    /// What is done to the area.
    public enum Treatment: Sendable, Equatable {
        /// Frosted from the pixels beneath (a look: the blurred picture shows through).
        case frost
        /// Frosted from the pixels around the area only (`SecureFill`): no pixel inside can change the output.
        case secureFrost
        /// Redacted: an opaque colour, or the average colour around each area.
        case cover(CoverChoice)
    }

    public var effect: FrostEffect
    public var scale: Double
    public var exact: Bool
    public var area: Area
    public var treatment: Treatment
    /// The largest mask read, in pixels.
    public var maxPixels: Int

    public init(
        effect: FrostEffect, scale: Double = 1, exact: Bool = false, area: Area = .whole,
        treatment: Treatment = .frost, maxPixels: Int = Image.defaultMaxPixels
    ) {
        self.effect = effect
        self.scale = scale
        self.exact = exact
        self.area = area
        self.treatment = treatment
        self.maxPixels = maxPixels
    }

    /// Text or secrets found, secure frost or a cover: work on the whole image in memory (`FrostRenderer.hidden`).
    public var hides: Bool {
        switch area {
        case .text, .secrets: return true
        case .whole, .mask, .regions: return treatment != .frost
        }
    }

    /// Whether the output composites over the original pixels (so `FrostInput` reads them again).
    public var needsOriginal: Bool { hides || area != .whole }

    /// Whether the blur may run on a streamed, shrunken copy (`FrostInput`'s fast route).
    public var canStream: Bool { !hides && FrostRenderer.plan(effect: effect, scale: scale, exact: exact) != nil }

    /// How the pixels are made: "cover", "shrink N", "exact" or "no blur".
    public var method: String {
        if case .cover = treatment { return "cover" }
        if let plan = FrostRenderer.plan(effect: effect, scale: scale, exact: exact) { return "shrink \(plan.shrink)" }
        return effect.box(scale: scale) == nil ? "no blur" : "exact"
    }

    /// Whether the area is a mask or found text (so no regions are needed to say where).
    var hidesFoundOrMasked: Bool {
        switch area {
        case .mask, .text, .secrets: return true
        case .whole, .regions: return false
        }
    }

    /// Whether the area is a mask.
    public var isMasked: Bool {
        if case .mask = area { return true }
        return false
    }

    /// The rectangles of `.regions` (or the search areas of `.text` and `.secrets`).
    public var regionSpecs: [RegionSpec] {
        switch area {
        case .regions(let specs), .text(_, let specs), .secrets(_, _, let specs): return specs
        case .whole, .mask: return []
        }
    }
}

/// What `FrostRenderer.render` made of one input.
public struct FrostResult {
    /// The output, lazy unless asked for in memory.
    public var image: Image
    /// `FrostRequest.method`.
    public var method: String
    /// With `.text`: the boxes hidden, in pixels of the image.
    public var found: [TextBox]?
    /// With `.secrets`: the secrets hidden, by kind and box.
    public var secrets: [FoundSecret]?
    /// With `.text` or `.secrets`: how long finding them took.
    public var findTime: Duration?
}

/// Why a request did not fit one input, or its mask could not be read.
public enum FrostRequestError: Error, CustomStringConvertible {
    /// A region lies wholly outside the width × height image.
    case regionOutside(RegionSpec, width: Int, height: Int)
    /// The mask could not be read.
    case mask(ImageSource, VipsError)
    /// Secure frost or a cover over the whole image (`.whole`, or no regions): they hide an area from
    /// the pixels around it, and the whole image has none around it.
    case nothingAround(FrostRequest.Treatment)

    public var description: String {
        switch self {
        case .nothingAround(let treatment):
            let name = if case .cover = treatment { "a cover" } else { "secure frost" }
            return "\(name) hides an area from the pixels around it: give regions, a mask or text to find"
        case .regionOutside(let spec, let width, let height):
            return "region \(spec) lies outside the \(width)×\(height) image"
        case .mask(_, let error):
            return error.description
        }
    }
}

extension FrostRenderer {
    /// Runs `request` on `input` (opened with `FrostInput(…, fastRoute: request.canStream,
    /// needsOriginal: request.needsOriginal)`): frost, secure frost or cover over the request's
    /// area. `materialised` computes the result into memory (to time compute apart from encode).
    /// Throws `VipsError`, `FrostRequestError`, `FrostFindError` or `TesseractError`.
    public static func render(
        _ request: FrostRequest, input: FrostInput, materialised: Bool = false
    ) throws
        -> FrostResult
    {
        if request.treatment != .frost && request.regionSpecs.isEmpty && !request.hidesFoundOrMasked {
            throw FrostRequestError.nothingAround(request.treatment)
        }
        let effect = request.effect, scale = request.scale, exact = request.exact
        var result = FrostResult(image: input.image, method: request.method)
        if request.hides {
            let whole = try input.original()
            let area: HiddenArea
            switch request.area {
            case .mask(let source):
                area = .mask(try mask(source, request: request, width: whole.width, height: whole.height))
            case .text:
                let (boxes, time) = try timed { try findText(request, in: whole) }
                result.found = boxes
                result.findTime = time
                area = .regions(boxes.map(\.region))
            case .secrets:
                let (found, time) = try timed { try findSecrets(request, in: whole) }
                result.secrets = found
                result.findTime = time
                area = .regions(found.map(\.region))
            case .whole, .regions:
                area = .regions(try regions(request, width: whole.width, height: whole.height))
            }
            let hiding: Hiding
            switch request.treatment {
            case .frost: hiding = Hiding(secure: false)
            case .secureFrost: hiding = Hiding(secure: true)
            case .cover(let cover): hiding = Hiding(secure: false, cover: cover)
            }
            result.image = try hidden(whole, area: area, hiding: hiding, effect: effect, scale: scale, exact: exact)
        } else {
            let image = input.image
            var frosted = try frost(image, effect: effect, scale: scale, exact: exact)
            switch request.area {
            case .mask(let source):
                let maskImage = try mask(source, request: request, width: image.width, height: image.height)
                frosted = try masked(original: try input.original(), frosted: frosted, mask: maskImage)
            case .regions(let specs) where !specs.isEmpty:
                let inside = try regions(request, width: image.width, height: image.height)
                frosted = try inRegions(original: try input.original(), frosted: frosted, regions: inside)
            case .whole, .regions, .text, .secrets:
                break
            }
            result.image = frosted
        }
        if materialised { result.image = try result.image.copiedToMemory() }
        return result
    }

    /// What `body` gives, and how long it took.
    private static func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock(), start = clock.now
        let value = try body()
        return (value, clock.now - start)
    }

    /// The text a `.text` request hides in `image`, searched inside its regions when given.
    /// One Tesseract handle per call: a handle serves one thread, and loading it costs little
    /// next to the analysis.
    public static func findText(_ request: FrostRequest, in image: Image) throws -> [TextBox] {
        guard case .text(let language, _) = request.area else { return [] }
        let areas = try regions(request, width: image.width, height: image.height)
        let finder = try TextFinder(language: language)
        return try finder.lines(in: image, scale: request.scale, within: areas)
    }

    /// The secrets a `.secrets` request hides in `image`, searched inside its regions when given.
    /// One `SecretFinder` per call, for the same reason.
    public static func findSecrets(_ request: FrostRequest, in image: Image) throws -> [FoundSecret] {
        guard case .secrets(let matcher, let language, _) = request.area else { return [] }
        let areas = try regions(request, width: image.width, height: image.height)
        return try SecretFinder(language: language, matcher: matcher).secrets(
            in: image, scale: request.scale, within: areas)
    }

    /// The request's regions in pixels of a width × height image, clipped; one wholly outside is an error.
    static func regions(_ request: FrostRequest, width: Int, height: Int) throws(FrostRequestError) -> [Region] {
        try request.regionSpecs.map { spec throws(FrostRequestError) in
            guard let clipped = spec.resolved(width: width, height: height).clipped(toWidth: width, height: height)
            else { throw .regionOutside(spec, width: width, height: height) }
            return clipped
        }
    }

    private static func mask(
        _ source: ImageSource, request: FrostRequest, width: Int, height: Int
    ) throws(FrostRequestError) -> Image {
        do {
            return try FrostInput.mask(source: source, maxPixels: request.maxPixels, width: width, height: height)
        } catch {
            throw .mask(source, error)
        }
    }
}
