// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "frostlevel",
    products: [
        .executable(name: "imgtool", targets: ["imgtool"]),
        .executable(name: "pdflayout", targets: ["pdflayout"]),
        // Engines: the work itself, for Swift programs.
        .library(name: "HorizonKit", targets: ["HorizonKit"]),
        .library(name: "FrostKit", targets: ["FrostKit"]),
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        .library(name: "SidecarKit", targets: ["SidecarKit"]),
        // Swift faces of the C libraries.
        .library(name: "Vips", targets: ["Vips"]),
        .library(name: "Poppler", targets: ["Poppler"]),
        .library(name: "QPDF", targets: ["QPDF"]),
        .library(name: "Tesseract", targets: ["Tesseract"]),
        .library(name: "LibRaw", targets: ["LibRaw"]),
        .library(name: "Archive", targets: ["Archive"]),
        // Pure cores and shared value types.
        .library(name: "PageLayout", targets: ["PageLayout"]),
        .library(name: "Publication", targets: ["Publication"]),
        .library(name: "Horizon", targets: ["Horizon"]),
        .library(name: "Frost", targets: ["Frost"]),
        .library(name: "Sidecars", targets: ["Sidecars"]),
        .library(name: "CoreTypes", targets: ["CoreTypes"]),
        .library(name: "ToolSupport", targets: ["ToolSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // FilePath: the command layer's paths as paths, not strings with sentinels.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    // Layers, bottom up; a module imports only from layers below it (docs/ARCHITECTURE.md).
    targets: [
        // 1. C bridges: only these modules see C headers.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        // qpdf reads what poppler-glib 22.12 does not expose: /Rotate, /MediaBox, /Direction.
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        // Tesseract's C API: layout analysis finds the words to hide (imgtool blur --find text).
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        // LibRaw's thread-safe build: raw photos (metadata, embedded preview, demosaic).
        .systemLibrary(name: "CLibRaw", pkgConfig: "libraw_r", providers: [.apt(["libraw-dev"])]),
        // libwebpmux: the metadata chunks libvips 8.14.1's webpsave writes even when told to strip.
        .systemLibrary(name: "CWebPMux", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // libarchive reads comic archives (CBZ, CB7, CBT, CBR); libzip writes zips whose first entry
        // has no extra field, which an EPUB's mimetype needs and libarchive's zip writer cannot give.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // Prefixed one-line wrappers for GType macros and mallopt; no logic.
        .target(name: "CShim", dependencies: ["CVips"]),
        // libxml2 (under FoundationXML): its error handlers, for the runtime policy.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CXMLShim", dependencies: ["CXML2"]),
        // Google's libphonenumber (C++): one prefixed C entry to its matcher, no logic.
        .target(name: "CPhoneNumber", linkerSettings: [.linkedLibrary("phonenumber")]),

        // 2. Shared value types (colour, pixel rectangle, PDF source, save target): the leaf.
        .target(name: "CoreTypes"),

        // 3. Pure Swift cores: no C import, fast unit tests.
        .target(name: "PageLayout"),
        // The confidence models' fitted coefficients: bench/horizon/fit_confidence.py writes the file, and
        // its bytes are compiled in (no bundle beside the static binary the Debian package ships).
        .target(name: "Horizon", resources: [.embedInCode("ConfidenceModel.json")]),
        // Editors' sidecar settings: geometry in each editor's terms, RawTherapee profiles, darktable params.
        .target(name: "Sidecars", dependencies: ["Horizon", "CoreTypes"]),
        .target(name: "Frost", dependencies: ["CoreTypes"]),
        // Fixed-layout EPUB documents and ComicInfo.xml, as text (Foundation's XML parser reads ComicInfo).
        .target(name: "Publication", dependencies: ["PageLayout"]),

        // 4. Swift faces of the C libraries, and process-free tool support (batches, atomic files).
        .target(name: "Vips", dependencies: ["CVips", "CShim", "CWebPMux", "CoreTypes"]),
        .target(name: "Poppler", dependencies: ["CPoppler", "CoreTypes"]),
        .target(name: "QPDF", dependencies: ["CQPDF", "CoreTypes"]),
        .target(name: "Tesseract", dependencies: ["CTesseract", "CoreTypes"]),
        .target(name: "PhoneNumbers", dependencies: ["CPhoneNumber"]),
        .target(name: "LibRaw", dependencies: ["CLibRaw"]),
        .target(name: "Archive", dependencies: ["CArchive", "CZip"]),
        .target(name: "ToolSupport", dependencies: ["CoreTypes"]),

        // 5. Engines: the work itself, as libraries a Swift program can call.
        // The review page's own files are compiled into the binary, as the web reader's are.
        .target(
            name: "HorizonKit", dependencies: ["Horizon", "CoreTypes", "Vips", "LibRaw", "ToolSupport"],
            resources: [
                .embedInCode("Review/index.html"), .embedInCode("Review/review.css"), .embedInCode("Review/review.js"),
            ]),
        // Sidecars beside photos: XMP documents edited with FoundationXML, atomic replacement.
        .target(name: "SidecarKit", dependencies: ["Sidecars", "Horizon", "ToolSupport", "CoreTypes"]),
        .target(name: "FrostKit", dependencies: ["Frost", "CoreTypes", "Vips", "Tesseract", "PhoneNumbers"]),
        // The web reader's page, style and script are real files, compiled into the binary as bytes
        // (the pdflayout binary carries them wherever it is copied; nothing travels beside it).
        .target(
            name: "LayoutKit",
            dependencies: [
                "CoreTypes", "Poppler", "QPDF", "PageLayout", "Publication", "Archive", "Vips", "ToolSupport",
            ],
            resources: [
                .embedInCode("Reader/index.html"), .embedInCode("Reader/reader.css"), .embedInCode("Reader/reader.js"),
            ]),

        // 6. Commands: ArgumentParser types and job wiring, in libraries so that tests can call them.
        .target(
            name: "CommandSupport",
            dependencies: [
                "CoreTypes", "ToolSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(
            name: "ImgToolCommands",
            dependencies: [
                "CoreTypes", "HorizonKit", "FrostKit", "Vips", "Tesseract", "Horizon", "Frost", "ToolSupport",
                "CommandSupport", "LibRaw", "Sidecars", "SidecarKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "PDFLayoutCommands",
            dependencies: [
                "CoreTypes", "LayoutKit", "Poppler", "QPDF", "Vips", "PageLayout", "ToolSupport", "CommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // 7. The process: one runtime-policy call and the exit path, then executables of two calls.
        .target(
            name: "ToolRuntime",
            dependencies: [
                "CommandSupport", "ToolSupport", "Vips", "CXMLShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // imgtool's policy adds Tesseract's switch; pdflayout does not link Tesseract.
        .target(name: "ImgToolRuntime", dependencies: ["ToolRuntime", "Tesseract"]),
        .executableTarget(name: "imgtool", dependencies: ["ImgToolCommands", "ImgToolRuntime", "ToolRuntime"]),
        .executableTarget(name: "pdflayout", dependencies: ["PDFLayoutCommands", "ToolRuntime"]),

        // Tests mirror the modules; helpers first.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // CVips: the shared error buffer is set and read directly (a probe must leave it alone).
        .testTarget(name: "VipsTests", dependencies: ["Vips", "CVips", "CoreTypes", "TestSupport"]),
        .testTarget(name: "PopplerTests", dependencies: ["Poppler", "TestSupport"]),
        .testTarget(name: "QPDFTests", dependencies: ["QPDF", "CoreTypes", "TestSupport"]),
        .testTarget(
            name: "LayoutKitTests",
            dependencies: [
                "LayoutKit", "Poppler", "PageLayout", "Publication", "CoreTypes", "Vips", "Archive", "TestSupport",
                "ImageTestSupport",
            ]),
        .target(
            name: "ImageTestSupport", dependencies: ["Vips", "Horizon", "TestSupport"], path: "Tests/ImageTestSupport"),
        .testTarget(
            name: "HorizonKitTests",
            dependencies: ["HorizonKit", "Horizon", "CoreTypes", "Vips", "ImageTestSupport", "TestSupport"]),
        .testTarget(
            name: "FrostKitTests",
            dependencies: ["FrostKit", "Frost", "CoreTypes", "Vips", "Tesseract", "PhoneNumbers", "TestSupport"]),
        .testTarget(name: "TesseractTests", dependencies: ["Tesseract", "Vips", "CoreTypes", "TestSupport"]),
        .testTarget(name: "LibRawTests", dependencies: ["LibRaw", "TestSupport"]),
        .testTarget(
            name: "CommandSupportTests", dependencies: ["CommandSupport", "ToolSupport", "CoreTypes", "TestSupport"]),
        .testTarget(name: "PhoneNumbersTests", dependencies: ["PhoneNumbers", "TestSupport"]),
        .testTarget(name: "PageLayoutTests", dependencies: ["PageLayout", "TestSupport"]),
        .testTarget(name: "PublicationTests", dependencies: ["Publication", "PageLayout", "TestSupport"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "TestSupport"]),
        .testTarget(name: "HorizonTests", dependencies: ["Horizon", "TestSupport"]),
        .testTarget(name: "FrostTests", dependencies: ["Frost", "CoreTypes", "TestSupport"]),
        .testTarget(name: "SidecarTests", dependencies: ["Sidecars", "SidecarKit", "Horizon", "TestSupport"]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport", "TestSupport"]),
        // The command modules called in-process (help text, error mapping).
        .testTarget(
            name: "CommandTests",
            dependencies: [
                "ImgToolCommands", "PDFLayoutCommands", "CommandSupport", "LayoutKit", "Sidecars", "Poppler",
                "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The built binaries run as a user runs them.
        .testTarget(
            name: "EndToEndTests", dependencies: ["HorizonKit", "Horizon", "Vips", "ImageTestSupport", "TestSupport"]),
        // Slow checks with external programs: OCR and exiftool (privacy), mutation fuzzing, signals.
        .testTarget(
            name: "ExternalCheckTests", dependencies: ["TestSupport", "ImageTestSupport", "Vips"],
            exclude: ["FuzzRegressions", "Recipes"]),
    ],
    swiftLanguageModes: [.v6]
)
