import Foundation
import Testing
import TestSupport

/// Inputs nobody here wrote, as a user meets them: `preprocess-sim run` ends each with its
/// diagnostic, exit code and a transcript, never a crash, a hang or an out-of-memory kill.
@Suite struct HostileInputTests {
    static let page = "Pages/daringfireball-colophon.html"

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let script: String
        let extra: [String]
        let exitCode: Int32
        /// A diagnostic code the transcript must have (nil: no error at all).
        let code: String?
        var testDescription: String { name }
    }

    static let scripts: [Case] = [
        Case(name: "a throwing getter in the result", script: """
            var ExtensionPreprocessingJS = { run: function (a) { var o = {ok: 1}; Object.defineProperty(o, 'bad', {enumerable: true, get() { throw new Error('boom') }}); a.completionFunction(o); } };
            """, extra: [], exitCode: 0, code: "not-plist-value"),
        Case(name: "a Proxy whose get throws", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({p: new Proxy({}, { ownKeys: function () { return ['a', 'b']; }, getOwnPropertyDescriptor: function () { return {enumerable: true, configurable: true, value: 1}; }, get: function (t, k) { if (k === 'b') throw new Error('lie'); return 'A'; } })}); } };
            """, extra: [], exitCode: 0, code: "not-plist-value"),
        Case(name: "unbounded recursion", script: """
            var ExtensionPreprocessingJS = { run: function (a) { function f(n) { return f(n + 1) + 1; } f(0); } };
            """, extra: [], exitCode: 1, code: "run-threw"),
        Case(name: "allocation until memory runs out", script: """
            var ExtensionPreprocessingJS = { run: function (a) { var keep = []; while (true) keep.push(new Array(100000).fill(keep.length)); } };
            """, extra: ["--memory-limit", "400"], exitCode: 1, code: "memory-limit"),
        Case(name: "a 200 MB result string", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({s: 'x'.repeat(200 * 1024 * 1024)}); } };
            """, extra: [], exitCode: 1, code: "results-too-large"),
        Case(name: "a result nested 200,000 levels deep", script: """
            var ExtensionPreprocessingJS = { run: function (a) { var o = {leaf: 1}; for (var i = 0; i < 200000; i++) o = {o: o}; a.completionFunction({deep: o, list: [[[[1]]]]}); } };
            """, extra: ["--handler", "echo"], exitCode: 1, code: "results-too-deep"),
        Case(name: "tampered built-ins before completion", script: """
            var ExtensionPreprocessingJS = { run: function (a) { JSON.stringify = null; Object.keys = null; Array.prototype.push = null; Date.prototype.getTime = function () { throw 1; }; a.completionFunction({d: new Date(0), arr: [1, 2], o: {x: 1}}); } };
            """, extra: [], exitCode: 0, code: nil),
        Case(name: "re-entrant and odd completion calls", script: """
            var ExtensionPreprocessingJS = { run: function (a) { var o = {}; Object.defineProperty(o, 'x', {enumerable: true, get: function () { a.completionFunction({again: 1}); return 1; }}); a.completionFunction(o); a.completionFunction(); a.completionFunction(1, 2, 3); a.completionFunction(a.completionFunction); } };
            """, extra: [], exitCode: 0, code: "completion-called-twice"),
        Case(name: "a global getter that throws", script: """
            Object.defineProperty(this, 'ExtensionPreprocessingJS', { get: function () { throw new Error('getter'); } });
            """, extra: [], exitCode: 1, code: "run-threw"),
        Case(name: "a run getter that throws", script: """
            var ExtensionPreprocessingJS = {}; Object.defineProperty(ExtensionPreprocessingJS, 'run', { get: function () { throw new Error('no run'); } });
            """, extra: [], exitCode: 1, code: "run-threw"),
        Case(name: "alert with a throwing toString", script: """
            var ExtensionPreprocessingJS = { run: function (a) { alert({toString: function () { throw new Error('x'); }}); a.completionFunction({}); } };
            """, extra: [], exitCode: 1, code: "run-threw"),
        Case(name: "finalize that loops", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({x: 1}); }, finalize: function () { while (true) {} } };
            """, extra: ["--handler", "echo", "--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "an endless promise-job chain in run", script: """
            var ExtensionPreprocessingJS = { run: function (a) { function f() { Promise.resolve().then(f); } f(); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "an endless promise-job chain after completionFunction", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1}); function f() { Promise.resolve().then(f); } f(); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "an endless await loop in a timer", script: """
            var ExtensionPreprocessingJS = { run: function (a) { setTimeout(async function () { while (true) await 0; }, 10); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "an endless promise-job chain in finalize", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1}); }, finalize: function () { function f() { Promise.resolve().then(f); } f(); } };
            """, extra: ["--handler", "echo", "--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "a getter in the results that loops", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1, get x() { while (true) {} }}); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "many getters in the results that each stop short of the limit", script: """
            var ExtensionPreprocessingJS = { run: function (a) { var o = {}; for (var i = 0; i < 1000; i++) Object.defineProperty(o, 'k' + i, {enumerable: true, get: function () { var s = 0; for (var j = 0; j < 2e6; j++) s += j; return s; }}); a.completionFunction(o); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "a toJSON in the results that loops", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1, y: {toJSON: function () { while (true) {} }}}); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "a proxy in the results whose ownKeys loops", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1, p: new Proxy({}, {ownKeys: function () { while (true) {} }})}); } };
            """, extra: ["--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "a looping setter met while finalize's argument is built", script: """
            Object.defineProperty(Object.prototype, 'k', {set: function () { while (true) {} }});
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1}); }, finalize: function () {} };
            """, extra: ["--finalize-args", "{\"k\": 1}", "--timeout", "1"], exitCode: 1, code: "timeout"),
        Case(name: "finalize that throws", script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({x: 1}); }, finalize: function () { throw new TypeError('nope'); } };
            """, extra: ["--handler", "echo"], exitCode: 1, code: "finalize-threw"),
    ]

    func run(_ hostile: Case) throws -> CommandResult {
        let path = try CommandLineRunner.temporaryFile(hostile.script, name: "Hostile.js")
        return try CommandLineRunner.run(["run", "--script", path, "--page", Self.page, "--url", "https://daringfireball.net/colophon/",
                                          "--format", "json"] + hostile.extra, timeLimit: 60)
    }

    @Test(arguments: scripts)
    func hostileScriptsEndWithTheirDiagnostic(_ hostile: Case) throws {
        let result = try run(hostile)
        #expect(result.exitCode == hostile.exitCode, "\(hostile.name): exit \(result.exitCode)\n\(result.stderr.prefix(500))")
        #expect(result.json != nil, "\(hostile.name): no transcript")
        if let code = hostile.code {
            #expect(result.diagnosticCodes.contains(code), "\(hostile.name): \(result.diagnosticCodes)")
        } else {
            let errors = ((result.json?["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["severity"] as? String != "note" }
            #expect(errors.isEmpty, "\(hostile.name): \(errors)")
        }
    }

    @Test func tamperedDatesStillConvert() throws {
        let result = try run(Self.scripts.first { $0.name.hasPrefix("tampered") }!)
        let results = try #require(result.json?["results"] as? [String: Any])
        #expect(results["d"] as? String == "1970-01-01T00:00:00.000Z")
        #expect(results["arr"] as? [Int] == [1, 2])
    }

    static let probe = """
        var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ title: document.title, p: document.querySelectorAll('p').length, text: document.body ? document.body.textContent.length : -1 }); } };
        """

    static let hostilePages: [String: () -> [UInt8]] = [
        "a bad character reference": { Array("<title>A&#11111111111;B</title><p>FOO&#11111111111;bar</p>".utf8) },
        "100,000 nested divs": { Array((String(repeating: "<div>", count: 100_000) + "x").utf8) },
        "100,000 attributes": { Array(("<p " + (0..<100_000).map { "a\($0)=\($0)" }.joined(separator: " ") + ">x</p>").utf8) },
        "50,000 unclosed span, b, i": { Array((String(repeating: "<span><b><i>", count: 50_000) + "x").utf8) },
        "UTF-32 without a byte order mark": {
            "<html><title>t</title><p>x</p>".unicodeScalars.flatMap { scalar -> [UInt8] in
                let v = scalar.value
                return [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
            }
        },
    ]

    @Test(arguments: hostilePages.keys.sorted())
    func hostilePagesEndWithACompletedRun(name: String) throws {
        let bytes = Self.hostilePages[name]!()
        let pagePath = try CommandLineRunner.temporaryFile(String(decoding: bytes, as: UTF8.self), name: "hostile.html")
        try Data(bytes).write(to: URL(fileURLWithPath: pagePath))
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Probe.js")
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", pagePath, "--url", "https://example.com/",
                                                "--format", "json"], timeLimit: 60)
        #expect(result.exitCode == 0, "\(name): \(result.stderr.prefix(300)) \(result.diagnosticCodes)")
        #expect(result.json?["completed"] as? Bool == true, "\(name)")
        #expect(!result.diagnosticCodes.contains("internal-error"), "\(name)")
        if name.hasPrefix("UTF-32") { #expect(result.diagnosticCodes.contains("encoding-utf32-without-bom")) }
        if name.hasPrefix("a bad") {
            #expect((result.json?["results"] as? [String: Any])?["title"] as? String == "A\u{FFFD}B")
        }
    }

    @Test func aPageScriptsEndlessPromiseJobChainIsStopped() throws {
        let pagePath = try CommandLineRunner.temporaryFile("<title>t</title><script>function f() { Promise.resolve().then(f); } f();</script><p>x</p>", name: "chain.html")
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Probe.js")
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", pagePath, "--page-scripts", "--timeout", "1",
                                                "--format", "json"], timeLimit: 30)
        #expect(result.exitCode == 0, "\(result.stderr.prefix(300))")
        #expect(result.diagnosticCodes.contains("page-script-timeout"), "\(result.diagnosticCodes)")
        #expect(result.json?["completed"] as? Bool == true)
    }

    /// JavaScriptCore parses a program's top level whole, where the watchdog cannot stop it: a
    /// script too large to parse within the limit is refused before it is parsed.
    @Test func aScriptTooLargeToParseWithinTheMemoryLimitIsRefused() throws {
        let statements = (0..<60_000).map { "var v\($0) = {a: \($0), b: 'text \($0)', c: [\($0), \($0 + 1)]};\n" }.joined()
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe + "\n" + statements, name: "Large.js")
        let start = Date()
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", Self.page, "--memory-limit", "64", "--format", "json"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes.contains("memory-limit"), "\(result.diagnosticCodes)")
        let message = ((result.json?["diagnostics"] as? [[String: Any]]) ?? []).first { $0["code"] as? String == "memory-limit" }?["message"] as? String
        #expect(message?.contains("parsing it takes up to") == true, "\(message ?? "")")
    }

    /// Refused by its size before it is read: a 3 GB (sparse) script file costs nothing.
    @Test func aScriptFileTooLargeToParseIsNotRead() throws {
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Huge.js")
        defer { try? FileManager.default.removeItem(atPath: scriptPath) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scriptPath))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let start = Date()
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", Self.page, "--format", "json"], timeLimit: 30)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.exitCode == 1)
        let message = ((result.json?["diagnostics"] as? [[String: Any]]) ?? []).first { $0["code"] as? String == "memory-limit" }?["message"] as? String
        #expect(message?.hasPrefix("the script is 3072 MB") == true, "\(result.diagnosticCodes) \(message ?? "")")
    }

    @Test func aPageTooLargeForTheMemoryLimitIsRefusedWithAReason() throws {
        let pagePath = try CommandLineRunner.temporaryFile("<p>" + String(repeating: "word ", count: 1_200_000), name: "large.html")
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Probe.js")
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", pagePath, "--memory-limit", "64", "--format", "json"])
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes.contains("page-too-large"), "\(result.diagnosticCodes)")
    }

    @Test func aGzipBombIsRefusedBeforeItFillsMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bomb = folder.appendingPathComponent("bomb.html.gz").path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "head -c 300000000 /dev/zero | gzip -1 > '\(bomb)'"]
        try shell.run()
        shell.waitUntilExit()
        try #require(shell.terminationStatus == 0)
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Probe.js")
        let result = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", bomb, "--format", "json"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("[page-too-large]"), "\(result.stderr)")
    }

    /// 2^40 values once expanded, in about 650 bytes: refused before anything is expanded, by
    /// every command that reads it.
    @Test func aWebArchiveOfSharedObjectsIsRefusedAtOnce() throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(getpid())-\(UUID().uuidString).webarchive").path
        try Data(BinaryPlistBuilder.doublingWebArchive(levels: 40)).write(to: URL(fileURLWithPath: archive))
        let scriptPath = try CommandLineRunner.temporaryFile(Self.probe, name: "Probe.js")
        for arguments in [["run", "--script", scriptPath, "--page", archive, "--memory-limit", "256"], ["dump-tree", archive]] {
            let start = Date()
            let result = try CommandLineRunner.run(arguments, timeLimit: 20)
            #expect(Date().timeIntervalSince(start) < 5, "\(arguments[0])")
            #expect(result.exitCode == 2, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("refers to the same objects"), "\(result.stderr)")
            #expect(result.stderr.contains("[page-too-large]"), "\(result.stderr)")
        }
        var builder = BinaryPlistBuilder()
        let arrays = builder.doublingArrays(levels: 40, leaf: builder.string("x"))
        let top = builder.dictionary([(builder.string("NSExtension"), arrays)])
        let plist = try CommandLineRunner.temporaryFile("", name: "Info.plist")
        try Data(builder.bytes(top: top)).write(to: URL(fileURLWithPath: plist))
        let checked = try CommandLineRunner.run(["check", "--extension", plist], timeLimit: 20)
        #expect(checked.exitCode == 1)
        #expect(checked.stdout.contains("refers to the same objects"), "\(checked.stdout)")
        #expect(checked.stdout.contains("[plist-unreadable]"), "\(checked.stdout)")
    }

    @Test func aFixtureCORSBlocksSaysWhichHeaderIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cors-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"x\":1}".utf8).write(to: folder.appendingPathComponent("data.json"))
        let script = """
            var ExtensionPreprocessingJS = { run: function (a) { fetch('https://api.other.example/data.json').then(function (r) { return r.text(); }).then(function (t) { a.completionFunction({ok: t}); }, function (e) { a.completionFunction({error: String(e)}); }); } };
            """
        let scriptPath = try CommandLineRunner.temporaryFile(script, name: "Cors.js")
        let blocked = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", Self.page, "--url", "https://example.com/page",
                                                 "--fixture", "https://api.other.example/data.json=\(folder.path)/data.json", "--format", "json"])
        #expect(blocked.diagnosticCodes.contains("fixture-cors-blocked"), "\(blocked.diagnosticCodes)")
        let message = ((blocked.json?["diagnostics"] as? [[String: Any]]) ?? []).first { $0["code"] as? String == "fixture-cors-blocked" }?["message"] as? String
        #expect(message?.contains("Access-Control-Allow-Origin") == true)
        #expect(message?.contains("https://example.com") == true)
        // With the header the fixture is read and nothing is said.
        try Data("{\"https://api.other.example/data.json\": {\"file\": \"data.json\", \"headers\": {\"Access-Control-Allow-Origin\": \"https://example.com\"}}}".utf8)
            .write(to: folder.appendingPathComponent("fixtures.json"))
        let allowed = try CommandLineRunner.run(["run", "--script", scriptPath, "--page", Self.page, "--url", "https://example.com/page",
                                                 "--fixtures", folder.path, "--format", "json"])
        #expect(!allowed.diagnosticCodes.contains("fixture-cors-blocked"))
        #expect((allowed.json?["results"] as? [String: Any])?["ok"] as? String == "{\"x\":1}")
    }
}

/// Paths a suite, a fixtures.json or a plist names: each is resolved with its links and must
/// stay in its folder; a refusal is exit 2 naming the path, and nothing from outside is read.
@Suite struct ConfinementHostileInputTests {
    static let leak = "var ExtensionPreprocessingJS = { run: function (a) { fetch('https://x.example/s').then(function (r) { return r.text(); }).then(function (t) { a.completionFunction({t: t}); }, function (e) { a.completionFunction({e: String(e)}); }); } };"

    func tree(_ files: [String: String], links: [String: String] = [:]) throws -> URL {
        try CommandLineRunner.temporaryTree(files, links: links)
    }

    @Test func aSuitesFixturesCannotServeAFileFromOutsideIt() throws {
        let root = try tree(["outside/secret.txt": "SECRET-TEXT", "suite/a.js": Self.leak, "suite/p.html": "<title>P</title>",
                             "suite/dots/fixtures.json": #"{"https://x.example/s": {"file": "../../outside/secret.txt"}}"#,
                             "suite/linked/fixtures.json": #"{"https://x.example/s": {"file": "data.txt"}}"#],
                            links: ["suite/linked/data.txt": "../../outside/secret.txt"])
        let suite = root.appendingPathComponent("suite")
        for (folder, written) in [("dots", "dots/../../outside/secret.txt"), ("linked", "linked/data.txt")] {
            try Data(#"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"fixtures": "\#(folder)", "url": "https://x.example/p", "handler": "echo", "expect": {"snapshot": true}}}"#.utf8)
                .write(to: suite.appendingPathComponent("t.suite.json"))
            let result = try CommandLineRunner.run(["test", "t.suite.json", "--json", "report.json"], currentDirectory: suite)
            #expect(result.exitCode == 2, "\(folder): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("t.suite.json: error: '\(written)' leads to \(root.path)/outside/secret.txt, outside the suite's folder"), "\(result.stderr)")
            #expect(result.stderr.contains("[path-outside-folder]"))
            #expect(!(result.stdout + result.stderr).contains("SECRET-TEXT"))
            #expect(!FileManager.default.fileExists(atPath: suite.appendingPathComponent("__snapshots__").path))
        }
        // `run --fixtures DIR`: the files stay in DIR.
        let run = try CommandLineRunner.run(["run", "--script", "a.js", "--page", "p.html", "--url", "https://x.example/p",
                                             "--fixtures", "linked", "--format", "json"], currentDirectory: suite)
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("linked/fixtures.json: error: '"), "\(run.stderr)")
        #expect(run.stderr.contains("[path-outside-folder]"))
        #expect(!run.stdout.contains("SECRET-TEXT"))
    }

    @Test func recordingDoesNotWriteThroughALinkedSnapshotFolder() throws {
        let root = try tree(["elsewhere/keep.txt": "k", "suite/a.js": Self.leak, "suite/p.html": "<title>P</title>",
                             "suite/t.suite.json": #"{"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"expect": {"snapshot": true}}}"#],
                            links: ["suite/__snapshots__": "../elsewhere"])
        let result = try CommandLineRunner.run(["test", "t.suite.json", "--update-snapshots"], currentDirectory: root.appendingPathComponent("suite"))
        #expect(result.exitCode == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("__snapshots__/a@p.json' leads to \(root.path)/elsewhere/a@p.json, outside the suite's folder"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("elsewhere").path) == ["keep.txt"])
    }

    @Test func aPreprocessingFileOutsideTheExtensionsFolderIsNeitherRunNorPassed() throws {
        let plist = try String(contentsOf: Paths.repository.appendingPathComponent("Examples/ComposeExtension/Info.plist"), encoding: .utf8)
        let outside = "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ran: 'OUTSIDE-SCRIPT'}); } };"
        for value in ["../Outside", "sub/../../Outside"] {
            let root = try tree(["Outside.js": outside, "p.html": "<title>P</title>", "ext/sub/keep.txt": "",
                                 "ext/Info.plist": plist.replacingOccurrences(of: "<string>ShareScript</string>", with: "<string>\(value)</string>")])
            let run = try CommandLineRunner.run(["run", "--extension", "ext/Info.plist", "--page", "p.html", "--format", "json"], currentDirectory: root)
            #expect(run.exitCode == 2, "\(value): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("NSExtensionJavaScriptPreprocessingFile '\(value).js' leads to \(root.path)/Outside.js, outside the folder"), "\(run.stderr)")
            #expect(run.stderr.contains("[path-outside-folder]"))
            #expect(!run.stdout.contains("OUTSIDE-SCRIPT"))
            let check = try CommandLineRunner.run(["check", "--extension", "ext/Info.plist"], currentDirectory: root)
            #expect(check.exitCode == 1, "\(value): \(check.stdout)\(check.stderr)")
            #expect((check.stdout + check.stderr).contains("error: NSExtensionJavaScriptPreprocessingFile '\(value).js' leads to"), "\(check.stdout)\(check.stderr)")
        }
        // An absolute name is refused the same way.
        let root = try tree(["Outside.js": outside, "p.html": "<title>P</title>", "ext/keep.txt": ""])
        try Data(plist.replacingOccurrences(of: "<string>ShareScript</string>", with: "<string>\(root.path)/Outside</string>").utf8)
            .write(to: root.appendingPathComponent("ext/Info.plist"))
        let absolute = try CommandLineRunner.run(["run", "--extension", "ext/Info.plist", "--page", "p.html", "--format", "json"], currentDirectory: root)
        #expect(absolute.exitCode == 2)
        #expect(absolute.stderr.contains("[path-outside-folder]"), "\(absolute.stderr)")
    }

    @Test func aGlobOverALinkLoopEnds() throws {
        let root = try tree(["a.js": Self.leak, "pages/one.html": "<title>1</title>",
                             "t.suite.json": #"{"version": 1, "scripts": ["a.js"], "pages": ["pages/**/*.html"]}"#],
                            links: ["pages/loop": "..", "pages/deep/back": "../.."])
        let result = try CommandLineRunner.run(["test", "t.suite.json"], currentDirectory: root, timeLimit: 30)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed"), "\(result.stdout)")
    }

    @Test func aMissingPageIsOneCasesErrorAndTheOthersRun() throws {
        let root = try tree(["a.js": Self.leak, "one.html": "<title>1</title>", "two.html": "<title>2</title>",
                             "t.suite.json": #"{"version": 1, "scripts": ["a.js"], "pages": ["one.html", "stale.html", "two.html"]}"#])
        let result = try CommandLineRunner.run(["test", "t.suite.json", "--json", "report.json", "--junit", "junit.xml"], currentDirectory: root)
        #expect(result.exitCode == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS  a@one"))
        #expect(result.stdout.contains("PASS  a@two"))
        #expect(result.stdout.contains("missing-file: page 'stale.html' does not exist [page-unreadable]"), "\(result.stdout)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("report.json"))) as? [String: Any])
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.map { $0["status"] as? String } == ["passed", "error", "passed"])
        #expect((cases[1]["failures"] as? [[String: Any]])?.first?["kind"] as? String == "missing-file")
        let junit = try String(contentsOf: root.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<error message="missing-file: page "#), "\(junit)")
        #expect(junit.contains(#"stale.html"#) && junit.contains(#"type="missing-file""#))
        #expect(junit.components(separatedBy: "<error ").count == 2)
    }

    @Test func aCaseIdWithANulIsPrintedEscaped() throws {
        let root = try tree(["a.js": Self.leak, "p.html": "<title>P</title>",
                             "t.suite.json": #"{"version": 1, "cases": [{"id": "a\u0000b\nc\u001b[2J", "script": "a.js", "page": "p.html"}]}"#])
        let result = try CommandLineRunner.run(["test", "t.suite.json"], currentDirectory: root)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(#"case id 'a\0b\nc\u{1B}[2J' must be"#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\0" || $0 == "\u{1B}" })
    }
}
