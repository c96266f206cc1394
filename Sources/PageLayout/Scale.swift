// Scale maths: points → pixels, `--fit WxH`, and the pixel size of a view (for size guards).
// A *scale* here is pixels per point: 1.0 is 72 dpi, PDFKit's "actual size".

/// The box given to `--fit WxH`, in pixels.
public struct FitBox: Codable, Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A box of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads "1920x1080" (also "1920X1080", blanks around numbers ignored). Both sides must be ≥ 1.
    public static func parse(_ text: String) throws(FitBoxError) -> FitBox {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" }
        guard parts.count == 2,
            let width = positiveInt(parts[0]), let height = positiveInt(parts[1])
        else {
            throw FitBoxError(text: text)
        }
        return FitBox(width: width, height: height)
    }

    private static func positiveInt(_ text: Substring) -> Int? {
        let digits = text.filter { !$0.isWhitespace }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits), value >= 1
        else { return nil }
        return value
    }
}

/// A box text that is not `WxH` with positive whole numbers.
public struct FitBoxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// The error for the refused `text`.
    public init(text: String) { self.text = text }
    /// One line with an example, naming no command-line option.
    public var description: String {
        "cannot read \"\(text)\" (expected WIDTHxHEIGHT in pixels, e.g. 1920x1080)"
    }
}

/// Pixel dimensions of a rendered view.
public struct PixelSize: Codable, Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Computed in Double so that absurd sizes compare against a limit instead of overflowing.
    public var pixelCount: Double { Double(width) * Double(height) }
}

/// Pixels-per-point arithmetic: DPI conversion, PDFKit-style fitting and the pixel size of views.
public enum Scale {
    /// Points are 1/72 inch, so `dpi` pixels per inch is `dpi / 72` pixels per point.
    public static func forDPI(_ dpi: Double) -> Double { dpi / 72 }

    /// The DPI equivalent of a scale (for tools that take a resolution, like poppler's).
    public static func dpi(forScale scale: Double) -> Double { scale * 72 }

    /// A length in points as pixels at `dpi`.
    public static func pixels(points: Double, dpi: Double) -> Double { points * dpi / 72 }

    /// The largest scale at which `width × height` points fit inside `box` (PDFKit's best fit).
    public static func bestFit(width: Double, height: Double, in box: FitBox) -> Double {
        min(fitWidth(width: width, in: box), fitHeight(height: height, in: box))
    }

    /// The scale that makes `width` points exactly the box's width.
    public static func fitWidth(width: Double, in box: FitBox) -> Double {
        width > 0 ? Double(box.width) / width : 1
    }

    /// The scale that makes `height` points exactly the box's height.
    public static func fitHeight(height: Double, in box: FitBox) -> Double {
        height > 0 ? Double(box.height) / height : 1
    }

    /// One scale per view for `--fit`, after PDFKit's autoScales.
    /// - Paged modes (single, two-up): best fit, per view, so every page or spread fills the box.
    /// - Continuous modes: one scale for the one view, fitting its cross axis: the width of a
    ///   vertical column (PDFKit's fit width). For a horizontal strip, PDFKit's own rule would fit
    ///   the strip's whole length into the box and shrink a book to dust, so the strip's height is
    ///   fitted instead: the same rule turned a quarter turn.
    public static func fitScales(for layout: Layout, options: LayoutOptions, box: FitBox) -> [Double] {
        layout.views.map { view in
            guard options.mode.isContinuous else {
                return bestFit(width: view.width, height: view.height, in: box)
            }
            switch options.direction {
            case .vertical: return fitWidth(width: view.width, in: box)
            case .horizontal: return fitHeight(height: view.height, in: box)
            }
        }
    }

    /// The pixel size of `width × height` points at `scale`, rounded up so no page edge is cut.
    /// A hair of tolerance absorbs floating-point error: fitting 1206 pt into 1920 px must give
    /// 1920 px, not 1921. Non-finite or negative results come out as 0; sizes beyond Int clamp
    /// to Int.max, so a guard can refuse them instead of the conversion trapping.
    public static func pixelSize(width: Double, height: Double, scale: Double) -> PixelSize {
        PixelSize(width: pixels(width * scale), height: pixels(height * scale))
    }

    /// The pixel size of a view at `scale`.
    public static func pixelSize(of view: View, scale: Double) -> PixelSize {
        pixelSize(width: view.width, height: view.height, scale: scale)
    }

    private static func pixels(_ length: Double) -> Int {
        guard length.isFinite || length == .infinity, length > 0 else { return 0 }
        let rounded = (length - 1e-6).rounded(.up)
        // 2^63 is the first Double beyond Int.max.
        return rounded >= 9_223_372_036_854_775_808.0 ? Int.max : max(Int(rounded), 0)
    }
}
