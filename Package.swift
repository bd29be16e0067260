// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "PreprocessingSimulator",
    products: [
        .library(name: "PreprocessingKit", targets: ["PreprocessingKit"]),
        .library(name: "HTMLParser", targets: ["HTMLParser"]),
        .library(name: "JavaScriptEngine", targets: ["JavaScriptEngine"]),
        .library(name: "PreprocessSimCommandLine", targets: ["PreprocessSimCommandLine"]),
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

        // MARK: JavaScript engine: the only importer of CJavaScriptCore (contexts, values,
        // exceptions, the [[IsHTMLDDA]] object, the inspector probe, the watchdog)
        .target(
            name: "JavaScriptEngine",
            dependencies: ["CJavaScriptCore"]
        ),

        // MARK: HTML parser (pure Swift, no dependencies)
        .target(
            name: "HTMLParser",
            exclude: ["Tables"]
        ),

        // MARK: Core library
        .target(
            name: "PreprocessingKit",
            dependencies: ["JavaScriptEngine", "CZlib", "HTMLParser"],
            exclude: ["DOM/js", "IOSCompatibility/Tables"],
            plugins: ["EmbedDOMScripts"]
        ),

        // MARK: Command line: parsing and output (a library, so tests call `parse` in process)
        // and the executable that only calls `PreprocessSim.main`
        .target(name: "PreprocessSimCommandLine", dependencies: ["PreprocessingKit", "HTMLParser"]),
        .executableTarget(name: "preprocess-sim", dependencies: ["PreprocessSimCommandLine"]),

        // MARK: Benchmark (`make bench`)
        .executableTarget(name: "preprocess-bench", dependencies: ["PreprocessingKit", "HTMLParser"], path: "Benchmarks"),

        // MARK: Differential loop against WebKit's recorded answers (`make fidelity`)
        .executableTarget(name: "preprocess-fidelity", dependencies: ["PreprocessingKit", "TestSupport"], path: "Fidelity"),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["PreprocessingKit", "JavaScriptEngine"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PreprocessingKitTests",
            dependencies: ["PreprocessingKit", "JavaScriptEngine", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HTMLParserTests",
            dependencies: ["HTMLParser"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["PreprocessSimCommandLine", "PreprocessingKit", "TestSupport"]
        ),
    ]
)
