import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct ConfigurationCheckTests {
    typealias Fixtures = ConfigurationFixtures

    /// Errors and warnings only: notes are commentary.
    func problems(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity != .note }
    }

    @Test func seed000WebURLOnlyRuleWarnsThatTheScriptNeverRuns() throws {
        let path = Fixtures.script("ActionExtension-Info.plist")
        let diagnostics = ConfigurationCheck.run(plistPath: path, resourcesDirectory: Fixtures.resources.path)
        let found = problems(diagnostics)
        let warning = try #require(found.first)
        #expect(found.map(\.code) == ["activation-url-only"])
        #expect(warning.severity == .warning)
        #expect(warning.line == 13)
        #expect(warning.column == 5)
        #expect(warning.message.contains("never runs the preprocessing file"))
        let summary = try #require(diagnostics.first { $0.code == "activation-summary" })
        #expect(summary.message.hasPrefix("Safari shows the extension with the URL only"))
    }

    @Test func seed003AsPublishedFailsOnlyOnTheMissingKey() throws {
        let path = Fixtures.script("seed-003-as-published.plist")
        let diagnostics = ConfigurationCheck.run(plistPath: path, resourcesDirectory: Fixtures.resources.path)
        let found = problems(diagnostics)
        #expect(found.map(\.code) == ["plist-missing-key"])
        #expect(found.first?.formatted.hasPrefix("\(path):3:2: error: expected <key> before <dict> in dictionary") == true)
    }

    @Test func fixedSeed003AndShareExamplePass() throws {
        for path in [Fixtures.plist("seed-003-fixed-fragment.plist"), Fixtures.script("ShareExtension-Info.plist"),
                     Fixtures.plist("binary-share.plist"), Fixtures.plist("nsextension-dictionary-only.plist")] {
            var checked: [URL] = []
            let diagnostics = ConfigurationCheck.run(plistPath: path, resourcesDirectory: Fixtures.resources.path) {
                checked.append($0)
                return []
            }
            #expect(problems(diagnostics).isEmpty, "\(path): \(problems(diagnostics).map(\.formatted))")
            #expect(checked.map(\.lastPathComponent) == ["ShareScript.js"])
            let summary = diagnostics.first { $0.code == "activation-summary" }
            #expect(summary?.message.hasPrefix("Safari runs the preprocessing file") == true)
        }
    }

    @Test func scriptChecksDiagnosticsAreAppended() {
        let extra = Diagnostic(.missingGlobal, "no ExtensionPreprocessingJS", file: "ShareScript.js")
        let diagnostics = ConfigurationCheck.run(plistPath: Fixtures.plist("nsextension-dictionary-only.plist"),
                                                 resourcesDirectory: Fixtures.resources.path) { _ in [extra] }
        #expect(diagnostics.last == extra)
    }

    @Test func jsSuffixIsAnError() throws {
        let diagnostics = ConfigurationCheck.run(plistPath: Fixtures.plist("js-suffix.plist"),
                                                 resourcesDirectory: Fixtures.resources.path)
        let error = try #require(problems(diagnostics).first)
        #expect(problems(diagnostics).count == 1)
        #expect(error.code == "preprocessing-file-js-suffix")
        #expect(error.message.contains("'Action.js.js'"))
        #expect(error.line == 11)
        #expect(error.column == 4)
    }

    @Test func missingScriptFileIsAnErrorUnlessOverridden() throws {
        let path = Fixtures.plist("missing-file.plist")
        let error = try #require(problems(ConfigurationCheck.run(plistPath: path)).first)
        #expect(error.code == "preprocessing-file-not-found")
        #expect(error.severity == .error)
        #expect(error.message.hasPrefix("no 'NoSuchScript.js' next to the plist"))

        var checked: [String] = []
        let override = Fixtures.resources.appendingPathComponent("Action.js").path
        let overridden = ConfigurationCheck.run(plistPath: path, scriptOverride: override) {
            checked.append($0.path)
            return []
        }
        #expect(problems(overridden).map(\.severity) == [.warning])
        #expect(checked == [override])
    }

    @Test func missingPreprocessingKeyIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-check-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Info.plist").path
        try """
            <dict>
            <key>NSExtensionAttributes</key>
            <dict><key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.widget-extension</string>
            </dict>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let found = problems(ConfigurationCheck.run(plistPath: path)).map { "\($0.code)@\($0.line!):\($0.column!)" }
        // File order: the NSExtension dict, NSExtensionAttributes' <dict>, the predicate
        // <string>, the extension point's <string>.
        #expect(found == ["extension-entry-missing@1:1", "preprocessing-file-missing@3:1",
                          "activation-truepredicate@3:43", "extension-point-no-preprocessing@4:38"])
    }

    @Test func scriptNamedByABuildVariableIsAWarning() throws {
        let diagnostics = ConfigurationCheck.run(plistPath: Fixtures.plist("build-variable-script.plist"))
        #expect(problems(diagnostics).map(\.code) == ["preprocessing-file-build-variable"])
        #expect(diagnostics.contains { $0.code == "plist-build-variable" && $0.severity == .note })
    }

    @Test func predicateAcceptingTheWebPagePasses() {
        let result = ConfigurationCheck.inspect(plistPath: Fixtures.plist("predicate-web-page.plist"),
                                                resourcesDirectory: Fixtures.resources.path)
        #expect(problems(result.diagnostics).isEmpty)
        #expect(result.verdict?.runsPreprocessing == true)
        #expect(result.verdict?.appearsForOtherBrowsers == false)
        #expect(result.scriptURL?.lastPathComponent == "Action.js")
    }

    @Test func predicateSyntaxErrorPointsIntoTheFile() throws {
        let diagnostics = ConfigurationCheck.run(plistPath: Fixtures.plist("predicate-syntax-error.plist"),
                                                 resourcesDirectory: Fixtures.resources.path)
        let error = try #require(problems(diagnostics).first)
        #expect(problems(diagnostics).count == 1)
        #expect(error.code == "activation-predicate-syntax")
        #expect(error.line == 11)
        #expect(error.column == 48)
        #expect(error.message.contains("line 3, column 48 of the string: unknown operator 'UTI-CONFORMS'"))
    }

    @Test func misspelledActivationKeyIsAWarningWithASuggestion() throws {
        let diagnostics = ConfigurationCheck.run(plistPath: Fixtures.plist("typo-key.plist"),
                                                 resourcesDirectory: Fixtures.resources.path)
        let codes = problems(diagnostics).map(\.code)
        #expect(codes == ["activation-no-web-page", "activation-unknown-key"])  // at 9:4, 9:10
        let warning = try #require(diagnostics.first { $0.code == "activation-unknown-key" })
        #expect(warning.message.contains("did you mean NSExtensionActivationSupportsWebPageWithMaxCount?"))
    }

    /// A count written as a string of digits is read as its number (the page runs the script),
    /// with a warning at the value; a string that is not a whole number stays an unknown value.
    @Test func countWrittenAsAStringIsReadAsItsNumberWithAWarning() throws {
        let result = ConfigurationCheck.inspect(plistPath: Fixtures.plist("string-count.plist"),
                                                resourcesDirectory: Fixtures.resources.path)
        let found = problems(result.diagnostics)
        #expect(found.map(\.code) == ["activation-count-string", "activation-unknown-key"])
        let warning = try #require(found.first)
        #expect(warning.severity == .warning)
        #expect(warning.line == 11)
        #expect(warning.message.contains("used as 1"))
        #expect(result.verdict?.runsPreprocessing == true)
        #expect(ActivationRuleCounts.wholeNumber(" 2 ") == 2)
        #expect(ActivationRuleCounts.wholeNumber("1.5") == nil)
        #expect(ActivationRuleCounts.wholeNumber("-1") == nil)
    }

    @Test func unreadableFileIsAnError() {
        let diagnostics = ConfigurationCheck.run(plistPath: "/nonexistent/Info.plist")
        #expect(diagnostics.map(\.code) == ["plist-unreadable"])
    }
}
