// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "frostlevel",
    products: [
        .executable(name: "imgtool", targets: ["imgtool"]),
        .executable(name: "pdflayout", targets: ["pdflayout"]),
        .library(name: "Vips", targets: ["Vips"]),
        .library(name: "Poppler", targets: ["Poppler"]),
        .library(name: "QPDF", targets: ["QPDF"]),
        .library(name: "HorizonKit", targets: ["HorizonKit"]),
        .library(name: "FrostKit", targets: ["FrostKit"]),
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        .library(name: "PageLayout", targets: ["PageLayout"]),
        .library(name: "Horizon", targets: ["Horizon"]),
        .library(name: "Frost", targets: ["Frost"]),
        .library(name: "CoreTypes", targets: ["CoreTypes"]),
        .library(name: "ToolSupport", targets: ["ToolSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C bridges: only these modules see C headers.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        // qpdf reads what poppler-glib 22.12 does not expose: /Rotate, /MediaBox, /Direction.
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        .target(name: "CShim", dependencies: ["CVips", "CPoppler"]),

        // Swift faces of the C libraries.
        .target(name: "Vips", dependencies: ["CVips", "CShim", "CoreTypes"]),
        .target(name: "Poppler", dependencies: ["CPoppler", "CoreTypes"]),
        .target(name: "QPDF", dependencies: ["CQPDF", "CoreTypes"]),

        // Shared value types (colour, pixel rectangle): the leaf every layer may import.
        .target(name: "CoreTypes"),

        // Pure Swift cores: no C import, fast unit tests.
        .target(name: "PageLayout"),
        .target(name: "Horizon"),
        .target(name: "Frost", dependencies: ["CoreTypes"]),
        .target(name: "ToolSupport", dependencies: ["CoreTypes"]),
        // Engines: the work itself, as libraries a Swift program can call.
        .target(name: "HorizonKit", dependencies: ["Horizon", "Vips"]),
        .target(name: "FrostKit", dependencies: ["Frost", "CoreTypes", "Vips"]),
        .target(name: "LayoutKit", dependencies: ["CoreTypes", "Poppler", "QPDF", "PageLayout", "Vips", "ToolSupport"]),

        // What both command-line tools share: batch options and the exit path.
        .target(name: "CommandSupport", dependencies: [
            "CoreTypes", "ToolSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The one runtime-policy call each executable's main makes, and the exit path.
        .target(name: "ToolRuntime", dependencies: [
            "CommandSupport", "ToolSupport", "Vips", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Commands live in libraries so that tests can call them.
        .target(name: "ImgToolCommands", dependencies: [
            "CoreTypes", "HorizonKit", "FrostKit", "Vips", "Horizon", "Frost", "ToolSupport", "CommandSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "PDFLayoutCommands", dependencies: [
            "CoreTypes", "LayoutKit", "Poppler", "QPDF", "Vips", "PageLayout", "ToolSupport", "CommandSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "imgtool", dependencies: ["ImgToolCommands", "ToolRuntime"]),
        .executableTarget(name: "pdflayout", dependencies: ["PDFLayoutCommands", "ToolRuntime"]),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "VipsTests", dependencies: ["Vips", "CoreTypes", "TestSupport"]),
        .testTarget(name: "PopplerTests", dependencies: ["Poppler", "TestSupport"]),
        .testTarget(name: "LayoutKitTests", dependencies: ["LayoutKit", "Poppler", "CoreTypes", "Vips", "TestSupport"]),
        .target(name: "ImageTestSupport", dependencies: ["Vips", "Horizon", "TestSupport"], path: "Tests/ImageTestSupport"),
        .testTarget(name: "HorizonKitTests", dependencies: ["HorizonKit", "Horizon", "Vips", "ImageTestSupport", "TestSupport"]),
        .testTarget(name: "FrostKitTests", dependencies: ["FrostKit", "Frost", "CoreTypes", "Vips", "TestSupport"]),
        .testTarget(name: "PageLayoutTests", dependencies: ["PageLayout", "TestSupport"]),
        .testTarget(name: "HorizonTests", dependencies: ["Horizon", "TestSupport"]),
        .testTarget(name: "FrostTests", dependencies: ["Frost", "CoreTypes"]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport", "TestSupport"]),
        // The command modules called in-process (help text, error mapping).
        .testTarget(name: "CommandTests", dependencies: ["ImgToolCommands", "PDFLayoutCommands", "Poppler", "TestSupport",
                                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The built binaries run as a user runs them.
        .testTarget(name: "EndToEndTests", dependencies: ["HorizonKit", "Horizon", "Vips", "ImageTestSupport", "TestSupport"]),
        // Slow checks with external programs: OCR and exiftool (privacy), mutation fuzzing, signals.
        .testTarget(name: "ExternalCheckTests", dependencies: ["TestSupport"], exclude: ["FuzzRegressions"]),
    ],
    swiftLanguageModes: [.v6]
)
