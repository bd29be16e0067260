import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// `ExtensionTarget`: an Xcode extension folder read for `init-handler --from` — the principal
/// class as iOS finds it, and what stops the package from building or the extension from starting.
@Suite struct ExtensionTargetReadingTests {
    static let share = Paths.repository.appendingPathComponent("Examples/ShareExtension")

    /// A folder with these files (relative path → text).
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("extension-target-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    static func plist(_ nsExtensionExtra: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationRule</key>
        \t\t\t<dict>
        \t\t\t\t<key>NSExtensionActivationSupportsWebPageWithMaxCount</key>
        \t\t\t\t<integer>1</integer>
        \t\t\t</dict>
        \t\t\t<key>NSExtensionJavaScriptPreprocessingFile</key>
        \t\t\t<string>Script</string>
        \t\t</dict>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.share-services</string>
        \(nsExtensionExtra)
        \t</dict>
        </dict>
        </plist>
        """
    }

    static let script = "var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({}); } };\n"

    static func storyboard(initial: String?, controllers: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
                <scene sceneID="s1">
                    <objects>
        \(controllers)
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test func seed003FolderLeadsToItsStoryboardViewController() {
        let target = ExtensionTarget(folder: Self.share)
        #expect(target.diagnostics.filter { $0.severity != .note }.isEmpty, "\(target.diagnostics.map(\.formatted))")
        #expect(target.principal == .init(className: "ShareViewController", source: .storyboard(path: "Base.lproj/MainInterface.storyboard"),
                                          declaredIn: "ShareViewController.swift"))
        #expect(target.script == "ShareScript.js")
        #expect(target.infoPlist == "Info.plist")
        #expect(target.swiftFiles == ["ShareViewController.swift"])
        #expect(target.extensionPoint == "com.apple.share-services")
    }

    @Test func principalClassLosesItsModulePrefix() throws {
        let target = ExtensionTarget(folder: Paths.repository.appendingPathComponent("Examples/ComposeExtension"))
        #expect(!target.hasErrors, "\(target.diagnostics.map(\.formatted))")
        #expect(target.principal == .init(className: "ComposeViewController", source: .principalClass, declaredIn: "ComposeViewController.swift"))
    }

    @Test func principalClassNotInTheSourcesIsAnErrorAtThePlistKey() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>$(PRODUCT_MODULE_NAME).ActionRequestHandler</string>"),
            "Script.js": Self.script,
            "Handler.swift": "import UIKit\n// class ActionRequestHandler is in a comment only\nclass ActionRequestHandlerBase: NSObject {}\n",
        ])
        let target = ExtensionTarget(folder: url)
        let error = try #require(target.diagnostics.first { $0.code == DiagnosticCode.principalClassNotFound.rawValue })
        #expect(error.severity == .error)
        #expect(error.line == 19)
        #expect(error.file?.hasSuffix("Info.plist") == true)
        #expect(error.message.contains("'$(PRODUCT_MODULE_NAME).ActionRequestHandler'"))
        #expect(target.principal == nil)
    }

    @Test func neitherPrincipalClassNorStoryboard() throws {
        let url = try folder(["Info.plist": Self.plist(""), "Script.js": Self.script, "A.swift": "class A {}\n"])
        let target = ExtensionTarget(folder: url)
        #expect(target.diagnostics.map(\.code).contains(DiagnosticCode.principalClassMissing.rawValue))
        #expect(target.hasErrors)
    }

    @Test func storyboardFileMissing() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>"),
            "Script.js": Self.script, "A.swift": "class A {}\n",
        ])
        let target = ExtensionTarget(folder: url)
        let error = try #require(target.diagnostics.first { $0.code == DiagnosticCode.storyboardMissing.rawValue })
        #expect(error.message.contains("MainInterface.storyboard"))
        #expect(error.line == 19)
    }

    @Test func storyboardWithoutInitialViewController() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>"),
            "Script.js": Self.script, "ShareViewController.swift": "import UIKit\nclass ShareViewController: UIViewController {}\n",
            "Base.lproj/MainInterface.storyboard": Self.storyboard(initial: nil, controllers: "<viewController id=\"vc1\" customClass=\"ShareViewController\"/>"),
        ])
        let target = ExtensionTarget(folder: url)
        let error = try #require(target.diagnostics.first { $0.code == DiagnosticCode.storyboardNoInitialController.rawValue })
        #expect(error.file?.hasSuffix("Base.lproj/MainInterface.storyboard") == true)
        #expect(error.line == 2)
        #expect(target.principal == nil)
    }

    @Test func initialViewControllerWithoutCustomClass() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>"),
            "Script.js": Self.script, "A.swift": "class A {}\n",
            "MainInterface.storyboard": Self.storyboard(initial: "vc1", controllers: "<viewController id=\"vc1\" sceneMemberID=\"viewController\"/>"),
        ])
        let target = ExtensionTarget(folder: url)
        let error = try #require(target.diagnostics.first { $0.code == DiagnosticCode.storyboardNoInitialController.rawValue })
        #expect(error.message.contains("no customClass"))
        #expect(error.line == 6)
    }

    @Test func navigationControllerLeadsToItsRootViewController() throws {
        let controllers = """
            <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="root" kind="relationship" relationship="rootViewController" id="seg"/></connections>
            </navigationController>
            <tableViewController id="root" customClass="ListViewController" customModuleProvider="target"/>
            """
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>"),
            "Script.js": Self.script, "List.swift": "import UIKit\nfinal class ListViewController: UIViewController {}\n",
            "MainInterface.storyboard": Self.storyboard(initial: "nav", controllers: controllers),
        ])
        let target = ExtensionTarget(folder: url)
        #expect(!target.hasErrors, "\(target.diagnostics.map(\.formatted))")
        #expect(target.principal?.className == "ListViewController")
        #expect(target.principal?.declaredIn == "List.swift")
    }

    @Test func anOutletIsAWarningAtItsPlace() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>ShareViewController</string>"),
            "Script.js": Self.script,
            "ShareViewController.swift": "import UIKit\n\nclass ShareViewController: UIViewController {\n    @IBOutlet weak var label: UILabel!\n}\n",
        ])
        let target = ExtensionTarget(folder: url)
        let warning = try #require(target.diagnostics.first { $0.code == DiagnosticCode.ibOutletUnsupported.rawValue })
        #expect(warning.severity == .warning)
        #expect(warning.line == 4)
        #expect(warning.column == 5)
        #expect(!target.hasErrors)
        #expect(target.principal?.className == "ShareViewController")
    }

    /// Xcode copies resources flat into the bundle: `Resources/Script.js` is Safari's
    /// `Script.js`. Two files of that name are a warning, and the shallowest is used.
    @Test func theScriptIsFoundInASubfolderAsXcodeCopiesIt() throws {
        let plist = Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>A</string>")
        let one = ExtensionTarget(folder: try folder(["Info.plist": plist, "Resources/Script.js": Self.script, "A.swift": "class A {}\n"]))
        #expect(!one.hasErrors, "\(one.diagnostics.map(\.formatted))")
        #expect(one.script == "Resources/Script.js")
        #expect(one.resourcesFolder == "Resources")
        #expect(one.diagnostics.isEmpty, "\(one.diagnostics.map(\.formatted))")

        let two = ExtensionTarget(folder: try folder(["Info.plist": plist, "Assets/JS/Script.js": Self.script,
                                                      "Resources/Script.js": Self.script, "A.swift": "class A {}\n"]))
        #expect(two.script == "Resources/Script.js")
        let warning = try #require(two.diagnostics.first)
        #expect(two.diagnostics.map(\.code) == [DiagnosticCode.preprocessingFileAmbiguous.rawValue])
        #expect(warning.message.contains("(Resources/Script.js, Assets/JS/Script.js)"))
        #expect(!two.hasErrors)

        let none = ExtensionTarget(folder: try folder(["Info.plist": plist, "Resources/Other.js": Self.script, "A.swift": "class A {}\n"]))
        #expect(none.diagnostics.map(\.code) == [DiagnosticCode.preprocessingFileNotFound.rawValue])
    }

    /// `@objc(ShareController) class ShareViewController`: the plist names the registered name.
    @Test func aPrincipalClassIsFoundByTheNameObjcRegisters() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>ShareController</string>"),
            "Script.js": Self.script,
            "Share.swift": "import UIKit\n\n@objc(ShareController)\nclass ShareViewController: UIViewController {}\n",
        ])
        let target = ExtensionTarget(folder: url)
        #expect(!target.hasErrors, "\(target.diagnostics.map(\.formatted))")
        #expect(target.principal?.className == "ShareViewController")
    }

    /// A principal class inside `#if os(iOS)` does not exist on Linux unchanged: a warning at
    /// the `#if`, not at a `canImport(UIKit)`, which the stand-in makes true.
    @Test func aPrincipalClassInsideAnIOSConditionIsReportedAtTheCondition() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>Handler</string>"),
            "Script.js": Self.script,
            "Handler.swift": "import Foundation\n#if canImport(UIKit)\nimport UIKit\n#endif\n#if os(iOS)\n\nclass Handler: NSObject {}\n#endif\n",
        ])
        let target = ExtensionTarget(folder: url)
        #expect(target.diagnostics.map(\.code) == [DiagnosticCode.principalClassConditional.rawValue])
        let warning = try #require(target.diagnostics.first)
        #expect(warning.line == 5)
        #expect(warning.message.contains("#if os(iOS)"))
        #expect(target.principal?.className == "Handler")
    }

    /// A pod, an Apple framework without a stand-in and an `import struct` are named in one
    /// warning with their files; the stand-ins and Foundation are not.
    @Test func importsThePackageCannotBuildAreNamedTogether() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>A</string>"),
            "Script.js": Self.script,
            "A.swift": "import UIKit\nimport RealmSwift\n@preconcurrency import Foundation\nclass A {}\n",
            "Model/B.swift": "import CoreData\nimport struct RealmSwift.List\nimport Social\n",
        ])
        let target = ExtensionTarget(folder: url)
        #expect(target.diagnostics.map(\.code) == [DiagnosticCode.moduleUnavailable.rawValue])
        let warning = try #require(target.diagnostics.first)
        #expect(warning.message.contains("CoreData (Model/B.swift); RealmSwift (A.swift, Model/B.swift);"), "\(warning.message)")
        #expect(!target.hasErrors)
    }

    @Test func buildOutputAndDeepFilesAreNotSources() throws {
        let url = try folder([
            "Info.plist": Self.plist("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>A</string>"),
            "Script.js": Self.script, "A.swift": "class A {}\n",
            ".build/debug/Generated.swift": "class B {}\n", "Pods/Lib/Lib.swift": "class C {}\n",
            "1/2/3/4/5/6/7/8/Deep.swift": "class D {}\n", "Helpers/Shallow.swift": "class E {}\n",
        ])
        let target = ExtensionTarget(folder: url)
        #expect(target.swiftFiles == ["A.swift", "Helpers/Shallow.swift"])
    }

    @Test func aFolderWithoutInfoPlist() throws {
        let url = try folder(["A.swift": "class A {}\n"])
        let target = ExtensionTarget(folder: url)
        #expect(target.diagnostics.map(\.code) == [DiagnosticCode.plistUnreadable.rawValue])
    }
}
