// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "PreprocessingSimulator",
    products: [
        .library(name: "PreprocessingKit", targets: ["PreprocessingKit"]),
        .library(name: "HTMLParser", targets: ["HTMLParser"]),
        .library(name: "XMLParser", targets: ["XMLParser"]),
        .library(name: "JavaScriptEngine", targets: ["JavaScriptEngine"]),
        .library(name: "PreprocessSimCommandLine", targets: ["PreprocessSimCommandLine"]),
        .executable(name: "preprocess-sim", targets: ["preprocess-sim"]),
        // Source-compatible stand-ins for an extension target's imports (`init-handler --from`).
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Social", targets: ["Social"]),
        .library(name: "MobileCoreServices", targets: ["MobileCoreServices"]),
        .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]),
    ],
    targets: [
        // MARK: System libraries (Debian packages, found with pkg-config)
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // MARK: Build tools
        // Turns the DOM's JavaScript files into one Swift source, so the binary carries them.
        // The files' assembly (core program, lazy groups) is shared with PreprocessingKit, which
        // does the same at run time for PREPROCESS_SIM_DOM_SOURCES.
        .target(name: "DOMBundleAssembly"),
        .executableTarget(name: "embed-js", dependencies: ["DOMBundleAssembly"], path: "Sources/embed-js"),
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

        // MARK: XML parser: the only importer of CLibXML2 (libxml2's push parser through SAX2,
        // writing the HTML parser's flat tree)
        .target(
            name: "XMLParser",
            dependencies: ["CLibXML2", "HTMLParser"]
        ),

        // MARK: Core library
        .target(
            name: "PreprocessingKit",
            dependencies: ["JavaScriptEngine", "CZlib", "HTMLParser", "XMLParser", "DOMBundleAssembly"],
            exclude: ["DOM/js", "IOSCompatibility/Tables"],
            plugins: ["EmbedDOMScripts"]
        ),

        // MARK: Command line: parsing and output (a library, so tests call `parse` in process)
        // and the executable that only calls `PreprocessSim.main`
        .target(name: "PreprocessSimCommandLine", dependencies: ["PreprocessingKit"]),
        .executableTarget(name: "preprocess-sim", dependencies: ["PreprocessSimCommandLine"]),

        // MARK: An extension target's imports, for its Swift files compiled unchanged: each
        // re-exports Foundation and the Apple-named extension types of PreprocessingKit (only
        // those); UIKit adds view controllers and inert views, Social the compose sheet.
        .target(name: "UIKit", dependencies: ["PreprocessingKit"]),
        .target(name: "Social", dependencies: ["UIKit", "PreprocessingKit"]),
        .target(name: "MobileCoreServices", dependencies: ["PreprocessingKit"]),
        .target(name: "UniformTypeIdentifiers", dependencies: ["PreprocessingKit"]),

        // MARK: Benchmark (`make bench`)
        .executableTarget(name: "preprocess-bench", dependencies: ["PreprocessingKit", "HTMLParser", "JavaScriptEngine"], path: "Benchmarks"),

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
            dependencies: ["PreprocessingKit", "JavaScriptEngine", "TestSupport", "DOMBundleAssembly"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "XMLParserTests",
            dependencies: ["XMLParser", "HTMLParser"]
        ),
        .testTarget(
            name: "HTMLParserTests",
            dependencies: ["HTMLParser"],
            exclude: ["Fixtures"]
        ),
        // The example extension targets' Swift files (Examples/), compiled unchanged, for
        // ExtensionTargetTests to run in process.
        .target(
            name: "ExtensionExamples",
            dependencies: ["UIKit", "Social", "MobileCoreServices", "UniformTypeIdentifiers"],
            path: "Examples",
            exclude: ["README.md", "ShareExtension/Base.lproj", "ShareExtension/Info.plist", "ShareExtension/ShareScript.js",
                      "ComposeExtension/Info.plist", "ComposeExtension/ShareScript.js",
                      "ActionExtension/Info.plist", "ActionExtension/Action.js"],
            sources: ["ShareExtension/ShareViewController.swift", "ComposeExtension/ComposeViewController.swift",
                      "ActionExtension/ActionRequestHandler.swift"]
        ),
        .testTarget(
            name: "ExtensionTargetTests",
            dependencies: ["ExtensionExamples", "UIKit", "Social", "PreprocessingKit", "TestSupport"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["PreprocessSimCommandLine", "PreprocessingKit", "TestSupport"]
        ),
    ]
)
