import Foundation
import Testing
@testable import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// `preprocess-sim check` and `run --extension`, in process.
@Suite struct CheckCommandTests {
    struct Captured {
        var exitCode: Int32
        var stdout: String
        var stderr: String

        var report: CheckReport? { try? JSONDecoder().decode(CheckReport.self, from: Data(stdout.utf8)) }
        func diagnostics(_ code: String) -> [Diagnostic] { report?.diagnostics.filter { $0.code == code } ?? [] }
    }

    final class Buffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    func preprocessSim(_ arguments: [String]) -> Captured {
        let out = Buffer(), err = Buffer()
        let code = PreprocessSim.main(arguments, output: Output(writeOut: { out.append($0) }, writeError: { err.append($0) }))
        return Captured(exitCode: code, stdout: out.text, stderr: err.text)
    }

    /// A folder holding `files` (name → contents).
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("check-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    func repositoryFile(_ relative: String) throws -> String {
        try String(contentsOfFile: Paths.inRepository(relative), encoding: .utf8)
    }

    /// Seed 000's script with getSelection() guarded (its only script-level problem).
    static let guardedActionScript = """
        var Action = function() {};
        Action.prototype = {
            run: function(arguments) {
                var selection = window.getSelection();
                arguments.completionFunction({ "args": selection ? selection.toString() : "" });
            },
            finalize: function(arguments) { alert(arguments["message"]); }
        };
        var ExtensionPreprocessingJS = new Action
        """

    @Test func seed003PublishedPlistGivesTheMissingKeyErrorWithItsLineAndColumn() throws {
        let result = preprocessSim(["check", "--extension", Paths.inRepository("Scripts/seed-003-as-published.plist"), "--format", "json"])
        #expect(result.exitCode == 1)
        let missingKey = try #require(result.diagnostics("plist-missing-key").first)
        #expect(missingKey.severity == .error)
        #expect(missingKey.line == 3)
        #expect(missingKey.column == 2)
        #expect(result.report?.errors == 1)
    }

    @Test func seed003PublishedPlistPrintsCompilerStyleText() {
        let path = Paths.inRepository("Scripts/seed-003-as-published.plist")
        let result = preprocessSim(["check", "--extension", path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("\(path):3:2: error: expected <key> before <dict>"))
        #expect(result.stdout.hasSuffix("1 error(s), 1 warning(s)\n"))
    }

    @Test func seed003FixedPlistPasses() throws {
        let plists = Paths.fixtures.appendingPathComponent("plists")
        let result = preprocessSim(["check", "--extension", plists.appendingPathComponent("seed-003-fixed-fragment.plist").path,
                                    "--resources", plists.appendingPathComponent("Resources").path, "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.report?.errors == 0)
        #expect(result.diagnostics("plist-missing-key").isEmpty)
        #expect(result.diagnostics("preprocessing-file").count == 1)
    }

    @Test func seed000WebURLOnlyRuleIsAWarning() throws {
        let result = preprocessSim(["check", "--extension", Paths.inRepository("Scripts/ActionExtension-Info.plist"), "--format", "json"])
        #expect(result.exitCode == 0)
        let warning = try #require(result.diagnostics("activation-url-only").first)
        #expect(warning.severity == .warning)
        #expect(warning.line == 13)
        // Its script calls getSelection().toString() unguarded.
        let nullSelection = try #require(result.diagnostics("null-selection").first)
        #expect(nullSelection.line == 7)
        #expect(nullSelection.file?.hasSuffix("Scripts/Action.js") == true)
    }

    @Test func seed000FixedPlistAndScriptPassWithoutWarnings() throws {
        let plist = try repositoryFile("Scripts/ActionExtension-Info.plist")
            .replacingOccurrences(of: "NSExtensionActivationSupportsWebURLWithMaxCount", with: "NSExtensionActivationSupportsWebPageWithMaxCount")
        let directory = try folder(["Info.plist": plist, "Action.js": Self.guardedActionScript])
        let result = preprocessSim(["check", "--extension", directory.appendingPathComponent("Info.plist").path, "--format", "json",
                                    "--page", Paths.inRepository("Pages/mozilla-hacks-fetch.html")])
        #expect(result.exitCode == 0)
        #expect(result.report?.errors == 0)
        #expect(result.report?.warnings == 0, "\(result.stdout)")
    }

    /// Runs `check --script` on `source` and returns the diagnostics with `code`.
    func checkScript(_ source: String, _ code: String, extraArguments: [String] = []) throws -> (Captured, [Diagnostic]) {
        let directory = try folder(["script.js": source])
        let result = preprocessSim(["check", "--script", directory.appendingPathComponent("script.js").path, "--format", "json",
                                    "--page", Paths.inRepository("Pages/mozilla-hacks-fetch.html")] + extraArguments)
        return (result, result.diagnostics(code))
    }

    @Test(arguments: [
        ("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ x: ) } };", "syntax-error", 1),
        ("var somethingElse = 1;", "missing-global", nil),
        ("var ExtensionPreprocessingJS = { finalize: function () {} };", "missing-run", nil),
        ("var ExtensionPreprocessingJS = {\n run: function (a) { throw new Error('boom'); } };", "run-threw", 2),
        ("var ExtensionPreprocessingJS = { run: function (a) { } };", "completion-not-called", nil),
        ("var ExtensionPreprocessingJS = { run: function (a) { for (;;) {} } };", "timeout", nil),
    ] as [(String, String, Int?)])
    func eachScriptFailureHasItsErrorCode(source: String, code: String, line: Int?) throws {
        let (result, found) = try checkScript(source, code, extraArguments: ["--timeout", "0.3"])
        #expect(result.exitCode == 1)
        let diagnostic = try #require(found.first, "\(result.stdout)")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("on a blank page: "))
        if let line { #expect(diagnostic.line == line) }
    }

    @Test func nullSelectionIsReportedWhereRunThrows() throws {
        let source = "var ExtensionPreprocessingJS = {\n  run: function (a) {\n    a.completionFunction({ s: document.getSelection().toString() });\n  }\n};"
        let (result, found) = try checkScript(source, "null-selection")
        #expect(result.exitCode == 0)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.message.contains("TypeError"))
    }

    @Test func guardedSelectionIsNotReported() throws {
        let (result, found) = try checkScript(Self.guardedActionScript, "null-selection")
        #expect(result.exitCode == 0)
        #expect(found.isEmpty)
        #expect(result.report?.diagnostics.isEmpty == true, "\(result.stdout)")
    }

    @Test func actionExtensionWithoutFinalizeIsWarned() throws {
        let plist = try repositoryFile("Scripts/ActionExtension-Info.plist")
            .replacingOccurrences(of: "NSExtensionActivationSupportsWebURLWithMaxCount", with: "NSExtensionActivationSupportsWebPageWithMaxCount")
        let script = "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ title: document.title }); } };"
        let directory = try folder(["Info.plist": plist, "Action.js": script])
        let result = preprocessSim(["check", "--extension", directory.appendingPathComponent("Info.plist").path, "--format", "json"])
        #expect(result.exitCode == 0)
        let warning = try #require(result.diagnostics("finalize-missing").first)
        #expect(warning.severity == .warning)
        // A Share extension is not expected to answer finalize.
        let share = try repositoryFile("Scripts/ShareExtension-Info.plist")
            .replacingOccurrences(of: "ShareScript", with: "Action")
        let shareDirectory = try folder(["Info.plist": share, "Action.js": script])
        let shareResult = preprocessSim(["check", "--extension", shareDirectory.appendingPathComponent("Info.plist").path, "--format", "json"])
        #expect(shareResult.diagnostics("finalize-missing").isEmpty)
    }

    @Test func checkNeedsAPlistOrAScript() {
        let result = preprocessSim(["check"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("check needs --extension"))
        #expect(preprocessSim(["check", "--extension", "/nonexistent/Info.plist"]).exitCode == 2)
    }

    @Test func runFindsTheScriptThroughThePlist() throws {
        let result = preprocessSim(["run", "--extension", Paths.inRepository("Scripts/ShareExtension-Info.plist"),
                                    "--page", Paths.inRepository("Pages/mozilla-hacks-fetch.html"), "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(result.stdout.utf8))
        #expect(transcript.script.path.hasSuffix("Scripts/ShareScript.js"))
        #expect(transcript.completed)
    }

    @Test func runWithSeed000PlistCarriesTheConfigurationWarning() throws {
        let result = preprocessSim(["run", "--extension", Paths.inRepository("Scripts/ActionExtension-Info.plist"),
                                    "--page", Paths.inRepository("Pages/mozilla-hacks-fetch.html"), "--format", "json"])
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(result.stdout.utf8))
        #expect(transcript.script.path.hasSuffix("Scripts/Action.js"))
        #expect(transcript.diagnostics.contains { $0.code == "activation-url-only" && $0.severity == .warning })
    }

    @Test func runWithAPlistNamingNoFindableScriptIsAUsageError() throws {
        let directory = try folder(["Info.plist": try repositoryFile("Scripts/ShareExtension-Info.plist")])
        let result = preprocessSim(["run", "--extension", directory.appendingPathComponent("Info.plist").path,
                                    "--page", Paths.inRepository("Pages/mozilla-hacks-fetch.html")])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("[preprocessing-file-not-found]"))
    }

    @Test func helpDescribesCheckAndInitHandler() {
        #expect(preprocessSim(["check", "--help"]).stdout.contains("null-selection"))
        #expect(preprocessSim(["help", "init-handler"]).stdout.contains("--kit PATH"))
        #expect(preprocessSim(["--help"]).stdout.contains("init-handler"))
    }
}
