import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// One rule for every path a suite, a fixtures.json or a plist names: resolved with its links,
/// it stays inside its folder unless outside paths are allowed.
@Suite struct PathConfinementTests {
    @Test func linksAreFollowedComponentByComponentAsTheKernelDoes() throws {
        let root = try CommandLineRunner.temporaryTree(["suite/p.html": "x", "outside/secret.txt": "s"],
                                       links: ["suite/out": "../outside", "suite/self": ".", "suite/loop": "loop"])
        let suite = root.appendingPathComponent("suite").path
        let real = PathConfinement.resolved(root.path)!
        #expect(PathConfinement.resolved(suite + "/out/secret.txt") == real + "/outside/secret.txt")
        // `..` after a link steps up from the link's target, not from the link.
        #expect(PathConfinement.resolved(suite + "/out/../suite/p.html") == real + "/suite/p.html")
        #expect(PathConfinement.resolved(suite + "/self/self/p.html") == real + "/suite/p.html")
        // What does not exist yet is taken as written (a snapshot to be recorded).
        #expect(PathConfinement.resolved(suite + "/__snapshots__/new.json") == real + "/suite/__snapshots__/new.json")
        #expect(PathConfinement.resolved(suite + "/loop/x") == nil)
    }

    @Test func aPathThatLeadsOutIsRefusedNamingItUnlessAllowed() throws {
        let root = try CommandLineRunner.temporaryTree(["suite/p.html": "x", "outside/secret.txt": "s"],
                                       links: ["suite/out": "../outside", "suite/loop": "loop"])
        let confinement = PathConfinement(folder: root.appendingPathComponent("suite").path)
        #expect(try confinement.check("p.html") == root.appendingPathComponent("suite/p.html").path)
        for path in ["../outside/secret.txt", "out/secret.txt", "/etc/passwd", "p.html/../../outside/secret.txt"] {
            #expect(throws: PathOutsideFolder.self, "\(path)") { try confinement.check(path) }
        }
        var caught: PathOutsideFolder?
        do { try confinement.check("out/secret.txt") } catch { caught = error }
        let refusal = try #require(caught)
        #expect(refusal.description.hasPrefix("'out/secret.txt' leads to "))
        #expect(refusal.description.hasSuffix("/outside/secret.txt, outside the folder \(confinement.folder) [path-outside-folder]"))
        #expect(throws: PathOutsideFolder.self) { try confinement.check("loop/x") }
        let allowed = PathConfinement(folder: confinement.folder, allowsOutside: true)
        #expect(try allowed.check("out/secret.txt") == confinement.folder + "/out/secret.txt")
    }

    @Test func controlCharactersPrintAsEscapes() {
        #expect("a\0b\nc\t\u{1B}[2J".escapingControlCharacters == #"a\0b\nc\t\u{1B}[2J"#)
        #expect("plain é ✓".escapingControlCharacters == "plain é ✓")
    }

    // MARK: Suites

    static let script = "var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({}); } };"

    func load(_ manifest: String, in folder: URL) throws -> [SuiteCase] {
        let path = folder.appendingPathComponent("t.suite.json")
        try Data(manifest.utf8).write(to: path)
        return try SuiteLoader.load(path: path.path)
    }

    /// The refusal the suite's loading gives (nil when it loads).
    func refusal(_ manifest: String, in folder: URL) -> String? {
        do {
            _ = try load(manifest, in: folder)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func fixtureFilesAFixturesManifestNamesStayInTheSuite() throws {
        let root = try CommandLineRunner.temporaryTree(["suite/a.js": Self.script, "suite/p.html": "<p>x", "secret.txt": "SECRET",
                                               "suite/fx/fixtures.json": #"{"https://x.example/s": {"file": "../../secret.txt"}}"#,
                                               "suite/linked/fixtures.json": #"{"https://x.example/s": {"file": "data.txt"}}"#,
                                               "suite/fine/fixtures.json": #"{"https://x.example/s": {"file": "../p.html"}}"#],
                                       links: ["suite/linked/data.txt": "../../secret.txt"])
        let suite = root.appendingPathComponent("suite")
        for (folder, written) in [("fx", "fx/../../secret.txt"), ("linked", "linked/data.txt")] {
            let manifest = #"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"fixtures": "\#(folder)"}}"#
            let message = try #require(refusal(manifest, in: suite), "\(folder)")
            #expect(message.contains("error: '\(written)' leads to "), "\(message)")
            #expect(message.hasSuffix("[path-outside-folder]"), "\(message)")
            var allowed = manifest
            allowed.removeLast()
            #expect(refusal(allowed + #", "allowOutside": true}"#, in: suite) == nil)
        }
        // A file elsewhere in the suite is inside it.
        #expect(refusal(#"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"fixtures": "fine"}}"#, in: suite) == nil)
        // The worker reads the fixtures under the same rule (a folder changed after loading).
        let confined = PathConfinement(folder: suite.path)
        #expect(throws: PathOutsideFolder.self) { try NetworkFixture.folder(suite.appendingPathComponent("linked").path, confinement: confined) }
        #expect(try NetworkFixture.folder(suite.appendingPathComponent("fine").path, confinement: confined).first?.text == "<p>x")
        // Alone (`run --fixtures DIR`), the fixture folder is the boundary.
        #expect(throws: PathOutsideFolder.self) { try NetworkFixture.folder(suite.appendingPathComponent("fine").path) }
    }

    @Test func aLinkedSnapshotFolderOutOfTheSuiteIsRefused() throws {
        let root = try CommandLineRunner.temporaryTree(["suite/a.js": Self.script, "suite/p.html": "<p>x", "elsewhere/keep.txt": "k"],
                                       links: ["suite/__snapshots__": "../elsewhere"])
        let suite = root.appendingPathComponent("suite")
        let withSnapshot = #"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"expect": {"snapshot": true}}}"#
        let message = try #require(refusal(withSnapshot, in: suite))
        #expect(message.contains("'\(suite.path)/__snapshots__/a@p.json' leads to "), "\(message)")
        #expect(message.contains("/elsewhere/a@p.json, outside the suite's folder"), "\(message)")
        // Without a snapshot the folder is never read, so the suite loads.
        #expect(refusal(#"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"]}"#, in: suite) == nil)
        let cases = try load(withSnapshot.replacingOccurrences(of: #""version": 1"#, with: #""version": 1, "allowOutside": true"#), in: suite)
        #expect(SuiteRunner.snapshotRefusal(cases[0]) == nil)
        var confined = cases[0]
        confined.allowOutside = false
        #expect(SuiteRunner.snapshotRefusal(confined) != nil)
    }

    @Test func aGlobOverALinkLoopEndsAndWalksEachFolderOnce() throws {
        let root = try CommandLineRunner.temporaryTree(["suite/a.js": Self.script, "suite/pages/one.html": "1", "suite/pages/deep/two.html": "2"],
                                       links: ["suite/pages/deep/up": "..", "suite/pages/again": ".", "suite/pages/root": "/"])
        let suite = root.appendingPathComponent("suite")
        let started = Date()
        let cases = try load(#"{"version": 1, "scripts": ["a.js"], "pages": ["pages/**/*.html"]}"#, in: suite)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(cases.map(\.page) == ["pages/deep/two.html", "pages/one.html"])
    }

    @Test func aMissingPageIsThatCasesProblemAndTheOthersLoad() throws {
        let suite = try CommandLineRunner.temporaryTree(["a.js": Self.script, "p.html": "<p>x"])
        let cases = try load(#"{"version": 1, "scripts": ["a.js"], "pages": ["p.html", "gone.html"], "matrix": true, "cases": [{"id": "named", "page": "gone/x.html"}]}"#, in: suite)
        try #require(cases.map(\.id) == ["a@p", "a@gone", "named"])
        #expect(cases[0].problem == nil)
        #expect(cases[1].problem == "page 'gone.html' does not exist [page-unreadable]")
        #expect(cases[2].problem == "page 'gone/x.html' does not exist [page-unreadable]")
        let result = SuiteRunner.unrunnable(cases[1], cases[1].problem!)
        #expect(result.status == .error)
        #expect(result.failures.map(\.kind) == ["missing-file"])
    }

    @Test func anIdWithControlCharactersIsPrintedEscaped() throws {
        let suite = try CommandLineRunner.temporaryTree(["a.js": Self.script, "p.html": "<p>x"])
        let message = try #require(refusal(#"{"version": 1, "cases": [{"id": "a\u0000b\nc\u001b[2J", "script": "a.js", "page": "p.html"}]}"#, in: suite))
        #expect(message.contains(#"case id 'a\0b\nc\u{1B}[2J' must be"#), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
}
