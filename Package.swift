// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "PreprocessingSimulator",
    products: [
        .library(name: "PreprocessingKit", targets: ["PreprocessingKit"]),
        .library(name: "HTMLParser", targets: ["HTMLParser"]),
        .executable(name: "preprocess-sim", targets: ["preprocess-sim"]),
    ],
    targets: [
        // MARK: System libraries (Debian packages, found with pkg-config)
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // MARK: Build tools
        // Turns the DOM's JavaScript files into one Swift source, so the binary carries them.
        .executableTarget(name: "embed-js", path: "Sources/embed-js"),
        .plugin(
            name: "EmbedDOMScripts",
            capability: .buildTool(),
            dependencies: ["embed-js"]
        ),

        // MARK: HTML parser (pure Swift, no dependencies)
        .target(
            name: "HTMLParser",
            exclude: ["Tables"]
        ),

        // MARK: Core library
        .target(
            name: "PreprocessingKit",
            dependencies: ["CJavaScriptCore", "CZlib", "HTMLParser"],
            exclude: ["DOM/js"],
            plugins: ["EmbedDOMScripts"]
        ),

        // MARK: Command line
        .executableTarget(name: "preprocess-sim", dependencies: ["PreprocessingKit"]),

        // MARK: Benchmark (`make bench`)
        .executableTarget(name: "preprocess-bench", dependencies: ["PreprocessingKit", "HTMLParser"], path: "Benchmarks"),

        // MARK: Differential loop against WebKit's recorded answers (`make fidelity`)
        .executableTarget(name: "preprocess-fidelity", dependencies: ["PreprocessingKit", "TestSupport"], path: "Fidelity"),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["PreprocessingKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PreprocessingKitTests",
            dependencies: ["PreprocessingKit", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HTMLParserTests",
            dependencies: ["HTMLParser"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["PreprocessingKit", "TestSupport"]
        ),
    ]
)
