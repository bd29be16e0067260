import Foundation
import Testing
@testable import PreprocessingKit

/// Paths of the configuration fixtures and example plists, found from this file's location so
/// the tests run from any working directory.
enum ConfigurationFixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()   // Configuration
        .deletingLastPathComponent()   // PreprocessingKitTests

    static let plists = testsDirectory.appendingPathComponent("Fixtures/plists")
    static let resources = plists.appendingPathComponent("Resources")
    static let scripts = testsDirectory
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // the package
        .appendingPathComponent("Scripts")

    static func plist(_ name: String) -> String { plists.appendingPathComponent(name).path }
    static func script(_ name: String) -> String { scripts.appendingPathComponent(name).path }
}

@Suite struct ExtensionInfoPlistTests {
    @Test func seed003AsPublishedReportsTheMissingKeyAtTheInnerDict() throws {
        let path = ConfigurationFixtures.script("seed-003-as-published.plist")
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: path), fileName: "seed-003.plist")
        let errors = plist.diagnostics.filter { $0.severity == .error }
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.code == "plist-missing-key")
        #expect(error.line == 3)
        #expect(error.column == 2)
        #expect(error.message.hasPrefix("expected <key> before <dict> in dictionary"))
        #expect(error.formatted.hasPrefix("seed-003.plist:3:2: error: expected <key> before <dict> in dictionary"))
        // Recovery reads the stray dictionary's entries, so the rest can still be checked.
        #expect(plist.form == .nsExtensionFragment)
        let configuration = try #require(plist.configuration)
        #expect(configuration.extensionPointIdentifier == "com.apple.share-services")
        #expect(configuration.preprocessingFile == "ShareScript")
        #expect(configuration.mainStoryboard == "MainInterface")
        #expect(configuration.activationRule == .dictionary(ActivationRuleCounts(webPageMaxCount: 1, webURLMaxCount: 1)))
    }

    @Test func wholeXMLInfoPlistIsReadWithPositions() throws {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: ConfigurationFixtures.script("ShareExtension-Info.plist")))
        #expect(plist.diagnostics.filter { $0.severity != .note }.isEmpty)
        #expect(plist.form == .infoPlist)
        let configuration = try #require(plist.configuration)
        #expect(configuration.preprocessingFile == "ShareScript")
        let pointEntry = try #require(configuration.raw.entry(forKey: "NSExtensionPointIdentifier"))
        #expect(pointEntry.keyPosition == SourcePosition(line: 25, column: 3))
        #expect(pointEntry.value.position == SourcePosition(line: 26, column: 3))
    }

    @Test func binaryInfoPlistIsRead() throws {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: ConfigurationFixtures.plist("binary-share.plist")))
        #expect(plist.diagnostics.isEmpty)
        #expect(plist.form == .binaryInfoPlist)
        let configuration = try #require(plist.configuration)
        #expect(configuration.extensionPointIdentifier == "com.apple.share-services")
        #expect(configuration.preprocessingFile == "ShareScript")
        #expect(configuration.activationRule == .dictionary(ActivationRuleCounts(webPageMaxCount: 1, supportsText: true)))
        #expect(configuration.raw.position == nil)
    }

    @Test func nsExtensionDictionaryAloneIsRead() throws {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: ConfigurationFixtures.plist("nsextension-dictionary-only.plist")))
        #expect(plist.diagnostics.isEmpty)
        #expect(plist.form == .nsExtensionDictionary)
        #expect(plist.configuration?.preprocessingFile == "ShareScript")
    }

    @Test func nsExtensionFragmentWithoutWrapperIsRead() throws {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: ConfigurationFixtures.plist("seed-003-fixed-fragment.plist")))
        #expect(plist.diagnostics.map(\.code) == ["plist-fragment"])
        #expect(plist.form == .nsExtensionFragment)
        #expect(plist.configuration?.extensionPointIdentifier == "com.apple.share-services")
    }

    @Test func buildVariablesAreNotedNotFailed() throws {
        let plist = ExtensionInfoPlist(xml: """
            <dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
            <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).ShareViewController</string>
            </dict>
            """, fileName: "x.plist")
        let note = try #require(plist.diagnostics.first)
        #expect(plist.diagnostics.count == 1)
        #expect(note.severity == .note)
        #expect(note.code == "plist-build-variable")
        #expect(note.message.contains("$(PRODUCT_MODULE_NAME)"))
        #expect(note.line == 3)
        #expect(plist.configuration?.principalClass == "$(PRODUCT_MODULE_NAME).ShareViewController")
        #expect(ExtensionInfoPlist.buildVariables(in: "${A}x$(B:rfc1034identifier)$C") == ["A", "B"])
    }

    @Test func integerThatIsNotANumberIsAnError() throws {
        let plist = ExtensionInfoPlist(xml: "<dict>\n<key>N</key>\n  <integer>abc</integer>\n</dict>", fileName: "x.plist")
        let error = try #require(plist.diagnostics.first { $0.code == "plist-invalid-value" })
        #expect(error.formatted == "x.plist:3:3: error: <integer> holds 'abc', which is not an integer [plist-invalid-value]")
    }

    @Test func unclosedTagPointsAtItsStart() throws {
        let plist = ExtensionInfoPlist(xml: "<plist>\n<dict>\n  <key>A</key>\n  <string>x</string>\n</plist>", fileName: "x.plist")
        let error = try #require(plist.diagnostics.first { $0.code == "plist-unclosed-element" })
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message.contains("expected </dict> before </plist>"))
        #expect(plist.root?["A"]?.stringValue == "x")
    }

    @Test func fileEndingInsideAnElementIsUnclosed() throws {
        let plist = ExtensionInfoPlist(xml: "<dict>\n<key>A</key>\n<string>x", fileName: "x.plist")
        let codes = plist.diagnostics.filter { $0.code == "plist-unclosed-element" }.map { "\($0.line!):\($0.column!)" }
        #expect(codes == ["3:1", "1:1"])
    }

    @Test func unknownElementIsAnError() throws {
        let plist = ExtensionInfoPlist(xml: "<dict>\n<key>A</key>\n<number>1</number>\n</dict>", fileName: "x.plist")
        let error = try #require(plist.diagnostics.first)
        #expect(error.code == "plist-unknown-element")
        #expect(error.message.hasPrefix("unknown element <number>"))
        #expect(error.line == 3)
    }

    @Test func duplicateKeyIsAWarningAndTheLaterValueWins() throws {
        let plist = ExtensionInfoPlist(xml: "<dict>\n<key>A</key><string>1</string>\n<key>A</key><string>2</string>\n</dict>")
        let warning = try #require(plist.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.code == "plist-duplicate-key")
        #expect(warning.line == 3)
        #expect(plist.root?["A"]?.stringValue == "2")
    }

    @Test func keyWithoutValueIsAnError() throws {
        let plist = ExtensionInfoPlist(xml: "<dict>\n<key>A</key>\n<key>B</key><true/>\n</dict>")
        let error = try #require(plist.diagnostics.first)
        #expect(error.code == "plist-missing-value")
        #expect(error.line == 2)
        #expect(plist.root?["B"]?.booleanValue == true)
    }

    @Test func entitiesAndValueTypesDecode() throws {
        let plist = ExtensionInfoPlist(xml: """
            <plist><dict><key>s</key><string>a &lt;= b &amp;&amp; &#x41;</string>
            <key>i</key><integer>-0x10</integer><key>r</key><real>2.5</real>
            <key>d</key><data>AQI=</data><key>f</key><false/>
            <key>a</key><array><integer>1</integer><string>x</string></array></dict></plist>
            """)
        #expect(plist.diagnostics.filter { $0.code != "plist-no-nsextension" }.isEmpty)
        let root = try #require(plist.root)
        #expect(root["s"]?.stringValue == "a <= b && A")
        #expect(root["i"]?.integerValue == -16)
        #expect(root["r"] == .real(2.5, at: SourcePosition(line: 2, column: 49)))
        #expect(root["d"] == .data(Data([1, 2]), at: SourcePosition(line: 3, column: 13)))
        #expect(root["f"]?.booleanValue == false)
        if case .array(let values, _)? = root["a"] {
            #expect(values.map(\.typeName) == ["integer", "string"])
        } else {
            Issue.record("a is not an array")
        }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("<dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>".utf8)
        let plist = ExtensionInfoPlist(data: bytes)
        #expect(plist.diagnostics.isEmpty)
        #expect(plist.configuration?.extensionPointIdentifier == "com.apple.share-services")
    }

    @Test func absurdNestingStopsWithAnErrorInsteadOfCrashing() {
        let plist = ExtensionInfoPlist(xml: String(repeating: "<array>", count: 50_000))
        #expect(plist.diagnostics.contains { $0.message.hasPrefix("elements nest more than 1000 deep") })
        #expect(plist.diagnostics.contains { $0.message.hasPrefix("values nest more than 200 deep") })
    }

    @Test func nestedElementsLeftOpenAreReportedOncePerRunWithTheirCount() {
        let text = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSExtension</key>"
            + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict></plist>"
        let plist = ExtensionInfoPlist(xml: text, fileName: "Info.plist")
        let unclosed = plist.diagnostics.filter { $0.code == DiagnosticCode.plistUnclosedElement.rawValue }
        // <plist>, <dict> and one run of arrays, whose count is said once.
        #expect(unclosed.count == 3, "\(unclosed.map(\.message))")
        // Reading stopped with one element more than the limit open: the document, <plist>,
        // <dict> and arrays, the outermost of which holds the others.
        let arraysInside = PlistXMLReader.Tokenizer.maximumOpenElements + 1 - 3 - 1
        #expect(unclosed.contains { $0.message.hasPrefix("<array> is not closed") && $0.message.contains("nor are the \(arraysInside) <array> elements nested in it") })
        #expect(plist.diagnostics.count < 10)

        let cut = ExtensionInfoPlist(xml: "<dict><key>a</key><array><array><array><string>x</string></dict>")
        let cutUnclosed = cut.diagnostics.filter { $0.code == DiagnosticCode.plistUnclosedElement.rawValue }
        #expect(cutUnclosed.count == 1)
        #expect(cutUnclosed.first?.message.contains("nor are the 2 <array> elements nested in it") == true)
        #expect(cutUnclosed.first?.column == 19)
    }
}
