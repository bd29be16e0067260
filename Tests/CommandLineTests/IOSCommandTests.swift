import Foundation
import Testing
@testable import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// `run --ios`, `check --ios`, `check --ios-report` and a suite's `"ios"`, in process.
@Suite struct IOSCommandTests {
    final class Buffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    func preprocessSim(_ arguments: [String]) -> (exitCode: Int32, stdout: String, stderr: String) {
        let out = Buffer(), err = Buffer()
        let code = PreprocessSim.main(arguments, output: Output(writeOut: { out.append($0) }, writeError: { err.append($0) }))
        return (code, out.text, err.text)
    }

    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ios-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    static let replaceAll = """
        var ExtensionPreprocessingJS = { run: function (args) {
          args.completionFunction({ title: document.title.replaceAll(" ", "_") });
        } };
        """

    @Test func runNamesTheMissingAPIWithItsPlace() throws {
        let dir = try folder(["Late.js": Self.replaceAll])
        let script = dir.appendingPathComponent("Late.js").path
        let page = Paths.inRepository("Pages/daringfireball-colophon.html")
        let old = preprocessSim(["run", "--script", script, "--page", page, "--ios", "13.0"])
        #expect(old.exitCode == 1)
        #expect(old.stdout.contains("\(script):2:51: error: String.prototype.replaceAll is not in Safari on iOS 13.0 (added in 13.4) [ios-api-missing]"))
        let new = preprocessSim(["run", "--script", script, "--page", page, "--ios", "13.4"])
        #expect(new.exitCode == 0, "\(new.stdout)")
    }

    @Test func aVersionPastTheDataIsRefused() {
        let result = preprocessSim(["run", "--script", "Scripts/ShareScript.js", "--page", "Pages/mozilla-hacks-fetch.html", "--ios", "26.7"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("iOS 26.7 is newer than the compatibility data knows: browser-compat-data 8.0.10"))
        #expect(result.stderr.contains("newest iOS release is 26.6"))
    }

    /// browser-compat-data 8.0.10 lists iOS 27 as a beta: refused (exit 2) with the data's word.
    @Test func aBetaIsRefusedWithItsStatus() {
        let result = preprocessSim(["run", "--script", "Scripts/ShareScript.js", "--page", "Pages/mozilla-hacks-fetch.html", "--ios", "27"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--ios: iOS 27.0 is a beta in browser-compat-data 8.0.10 (2026-08-06), not a released Safari: the simulator runs released versions only, up to 26.6"), "\(result.stderr)")
    }

    static let userAgent = """
        var ExtensionPreprocessingJS = { run: function (args) {
          args.completionFunction({ ua: navigator.userAgent });
        } };
        """

    /// iOS 26 freezes the OS token: 18_6 on 26.0 (WebKit's Safari 26 announcement), 18_7 from
    /// 26.0.1 (devices' user agents); without --ios the page is the newest released iPhone, 26.6.
    @Test func theUserAgentIsThatIPhonesOwn() throws {
        let dir = try folder(["UA.js": Self.userAgent])
        let script = dir.appendingPathComponent("UA.js").path
        let page = Paths.inRepository("Pages/daringfireball-colophon.html")
        let expected = [
            "26.0": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1",
            "18.6": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
            "": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Mobile/15E148 Safari/604.1",
        ]
        for (version, userAgent) in expected {
            let result = preprocessSim(["run", "--script", script, "--page", page, "--format", "json"] + (version.isEmpty ? [] : ["--ios", version]))
            #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("\"ua\" : \"\(userAgent)\"") || result.stdout.contains("\"ua\":\"\(userAgent)\""), "--ios \(version): \(result.stdout)")
        }
    }

    /// `--device ipad` with `--ios 18.6`: iPadOS 18.6's Safari asks for desktop pages, with the
    /// Mac's user agent and Version/18.6; the transcript header names the device.
    @Test func theIPadWithAnIOSVersionIsDesktopSafari() throws {
        let dir = try folder(["UA.js": Self.userAgent])
        let script = dir.appendingPathComponent("UA.js").path
        let page = Paths.inRepository("Pages/daringfireball-colophon.html")
        let result = preprocessSim(["run", "--script", script, "--page", page, "--format", "json", "--device", "ipad", "--ios", "18.6"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let userAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15"
        #expect(result.stdout.contains("\"ua\" : \"\(userAgent)\"") || result.stdout.contains("\"ua\":\"\(userAgent)\""), "\(result.stdout)")
        let text = preprocessSim(["run", "--script", script, "--page", page, "--device", "ipad"])
        #expect(text.stdout.contains("  Device    iPad Air 11-inch (M3), iOS 26.6\n"), "\(text.stdout)")
        let phone = preprocessSim(["run", "--script", script, "--page", page])
        #expect(!phone.stdout.contains("Device"), "\(phone.stdout)")
    }

    /// `check --device ipad` runs the checks as the iPad's Safari: a script that fails on a Mac's
    /// platform fails there, and not on the default iPhone.
    @Test func checkRunsOnTheDevice() throws {
        let dir = try folder(["Desk.js": """
            var ExtensionPreprocessingJS = { run: function (args) {
              if (navigator.platform === "MacIntel") throw new Error("desktop branch");
              args.completionFunction({});
            } };
            """])
        let script = dir.appendingPathComponent("Desk.js").path
        let pad = preprocessSim(["check", "--script", script, "--device", "ipad"])
        #expect(pad.exitCode == 1, "\(pad.stdout)")
        #expect(pad.stdout.contains("desktop branch"), "\(pad.stdout)")
        let phone = preprocessSim(["check", "--script", script])
        #expect(phone.exitCode == 0, "\(phone.stdout)")
    }

    @Test func anUnknownDeviceIsRefusedWithTheList() {
        let result = preprocessSim(["run", "--script", "Scripts/ShareScript.js", "--page", "Pages/mozilla-hacks-fetch.html", "--device", "watch"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--device is one of iphone, ipad, not 'watch'"), "\(result.stderr)")
    }

    /// The report's range is the data's: Promise.withResolvers (iOS 17.4) is past Debian's 16.1.
    @Test func theReportReachesPast16_1() throws {
        let dir = try folder(["Resolvers.js": """
            var ExtensionPreprocessingJS = { run: function (args) {
              const pending = Promise.withResolvers();
              args.completionFunction({ title: document.title, ready: typeof pending.resolve });
            } };
            """])
        let result = preprocessSim(["check", "--ios-report", "--script", dir.appendingPathComponent("Resolvers.js").path])
        #expect(result.exitCode == 0)
        #expect(result.stdout.split(separator: "\n").first?.hasSuffix("works on iOS 17.4 and later: Promise.withResolvers needs iOS 17.4") == true, "\(result.stdout)")
    }

    @Test func theReportGivesTheLowestVersionAndWhy() throws {
        let dir = try folder(["Modern.js": """
            var ExtensionPreprocessingJS = { run: function (args) {
              const parts = document.URL.split("/");
              args.completionFunction({ last: parts.at(-1), title: document.title ?? "" });
            } };
            """])
        let result = preprocessSim(["check", "--ios-report", "--script", dir.appendingPathComponent("Modern.js").path])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("works on iOS 15.4 and later: Array.prototype.at needs iOS 15.4") == true, "\(result.stdout)")
        #expect(lines.contains { $0.contains("iOS 13.4") && $0.contains("nullish coalescing (??)") && $0.hasSuffix("Modern.js:3:71") })
        #expect(lines.contains { $0.contains("iOS 15.4") && $0.contains("Array.prototype.at") && $0.hasSuffix("Modern.js:3:41") })
        let json = preprocessSim(["check", "--ios-report", "--format", "json", "--script", dir.appendingPathComponent("Modern.js").path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["lowest"] as? String == "15.4")
        let requirements = try #require(object["requirements"] as? [[String: Any]])
        #expect(requirements.map { $0["entry"] as? String } == ["javascript.builtins.Array.at", "javascript.operators.nullish_coalescing"])
    }

    @Test func checkRunsAsTheDeploymentTargetOfThePlist() throws {
        let plist = try String(contentsOfFile: Paths.inRepository("Scripts/ShareExtension-Info.plist"), encoding: .utf8)
            .replacingOccurrences(of: "<key>NSExtension</key>", with: "<key>MinimumOSVersion</key>\n\t<string>13.0</string>\n\t<key>NSExtension</key>")
        let script = try String(contentsOfFile: Paths.inRepository("Scripts/ShareScript.js"), encoding: .utf8)
            .replacingOccurrences(of: "document.title", with: "document.title.replaceAll(\"a\", \"b\")")
        let dir = try folder(["Info.plist": plist, "ShareScript.js": script])
        let result = preprocessSim(["check", "--extension", dir.appendingPathComponent("Info.plist").path, "--format", "json"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("\"ios-target\""))
        #expect(result.stdout.contains("checked as Safari on iOS 13.0, the extension's deployment target (MinimumOSVersion in Info.plist)"))
        #expect(result.stdout.contains("String.prototype.replaceAll is not in Safari on iOS 13.0"))
        let later = preprocessSim(["check", "--extension", dir.appendingPathComponent("Info.plist").path, "--ios", "14.0", "--format", "json"])
        #expect(!later.stdout.contains("ios-api-missing"))
        #expect(!later.stdout.contains("\"ios-target\""))
    }

    @Test func aSuiteListOfVersionsIsOneCasePerVersion() throws {
        func manifest(_ ios: String) throws -> SuiteManifest {
            try JSONDecoder().decode(SuiteManifest.self, from: Data("""
                {"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {"ios": \(ios)}}
                """.utf8))
        }
        let dir = try folder(["a.js": Self.replaceAll, "p.html": "<title>t</title>"])
        let path = dir.appendingPathComponent("s.suite.json").path
        let cases = try SuiteLoader.cases(of: try manifest(#"["13.0", "16.0"]"#), path: path, directory: dir.path)
        #expect(cases.map(\.id) == ["a@p@ios13.0", "a@p@ios16.0"])
        #expect(cases.map { $0.settings.ios?.versions } == [["13.0"], ["16.0"]])
        let one = try SuiteLoader.cases(of: try manifest(#""15.0""#), path: path, directory: dir.path)
        #expect(one.map(\.id) == ["a@p"])
        let wrong = try manifest(#""99""#)
        #expect(throws: SuiteError.self) { try SuiteLoader.cases(of: wrong, path: path, directory: dir.path) }
    }

    @Test func aSuiteListOfDevicesIsOneCasePerDevice() throws {
        func manifest(_ defaults: String) throws -> SuiteManifest {
            try JSONDecoder().decode(SuiteManifest.self, from: Data("""
                {"version": 1, "scripts": ["a.js"], "pages": ["p.html"], "defaults": {\(defaults)}}
                """.utf8))
        }
        let dir = try folder(["a.js": Self.replaceAll, "p.html": "<title>t</title>"])
        let path = dir.appendingPathComponent("s.suite.json").path
        let cases = try SuiteLoader.cases(of: try manifest(#""device": ["iphone", "ipad"]"#), path: path, directory: dir.path)
        #expect(cases.map(\.id) == ["a@p@iphone", "a@p@ipad"])
        #expect(cases.map { $0.settings.device?.names } == [["iphone"], ["ipad"]])
        let both = try SuiteLoader.cases(of: try manifest(#""device": ["iphone", "ipad"], "ios": ["15.0", "16.0"]"#), path: path, directory: dir.path)
        #expect(both.map(\.id) == ["a@p@ios15.0@iphone", "a@p@ios15.0@ipad", "a@p@ios16.0@iphone", "a@p@ios16.0@ipad"])
        let one = try SuiteLoader.cases(of: try manifest(#""device": "ipad""#), path: path, directory: dir.path)
        #expect(one.map(\.id) == ["a@p"])
        let wrong = try manifest(#""device": "watch""#)
        #expect(throws: SuiteError.self) { try SuiteLoader.cases(of: wrong, path: path, directory: dir.path) }
    }
}

/// A suite's `"ios"` through the worker processes: each version is its own case and runs as
/// that Safari.
@Suite struct IOSSuiteTests {
    @Test func eachVersionOfTheListRunsAsThatSafari() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ios-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try IOSCommandTests.replaceAll.write(to: folder.appendingPathComponent("late.js"), atomically: true, encoding: .utf8)
        try "<title>A B</title>".write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        try "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ platform: navigator.platform, width: screen.width }); } };"
            .write(to: folder.appendingPathComponent("device.js"), atomically: true, encoding: .utf8)
        try """
            {"version": 1, "cases": [
              {"id": "old", "script": "late.js", "page": "page.html", "ios": "13.0",
               "expect": {"completed": false, "diagnosticsInclude": ["ios-api-missing", "run-threw"]}},
              {"id": "new", "script": "late.js", "page": "page.html", "ios": ["13.4", "16.1"],
               "expect": {"completed": true, "results": {"title": "A_B"}}},
              {"id": "pad", "script": "device.js", "page": "page.html", "device": "ipad",
               "expect": {"results": {"platform": "MacIntel", "width": 820}}},
              {"id": "phone", "script": "device.js", "page": "page.html", "device": "iphone",
               "expect": {"results": {"platform": "iPhone", "width": 390}}}
            ]}
            """.write(to: folder.appendingPathComponent("ios.suite.json"), atomically: true, encoding: .utf8)
        let result = try CommandLineRunner.run(["test", "ios.suite.json", "--jobs", "1"], currentDirectory: folder)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        for id in ["old", "new@ios13.4", "new@ios16.1", "pad", "phone"] {
            #expect(result.stdout.contains("PASS  \(id) "), "\(id): \(result.stdout)")
        }
    }
}
