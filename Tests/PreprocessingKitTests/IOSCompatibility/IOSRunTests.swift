import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// `--ios VERSION` end to end: one small script per case, run through the simulator as Safari on
/// that iOS version.
@Suite struct IOSRunTests {
    static let pageHTML = "<!DOCTYPE html><html><head><title>iOS page</title></head><body><p id=a>One</p><p>Two</p></body></html>"

    static func run(_ script: String, ios: String?, configure: (inout RunRequest) -> Void = { _ in }) throws -> Transcript {
        var options = PageLoadOptions()
        options.url = "https://example.com/article"
        let page = try PageLoader.load(data: Data(pageHTML.utf8), path: "page.html", options: options)
        var request = RunRequest(scriptPath: "script.js", scriptSource: script, page: page)
        request.deterministic = true
        if let ios { request.iOS = try IOSCompatibility.validated(ios) }
        configure(&request)
        return Simulator().run(request)
    }

    func codes(_ transcript: Transcript) -> [String] { transcript.diagnostics.map(\.code) }

    func value(_ transcript: Transcript, _ key: String) -> PropertyListValue? {
        if case .dictionary(let values) = transcript.results { return values[key] }
        return nil
    }

    static let arrayAt = """
        var ExtensionPreprocessingJS = { run: function (args) {
          var items = [1, 2, 3];
          args.completionFunction({ last: items.at(-1) });
        } };
        """

    @Test func anAPIAddedIn15_4IsMissingOn15_0() throws {
        let transcript = try Self.run(Self.arrayAt, ios: "15.0")
        #expect(!transcript.completed)
        #expect(codes(transcript) == ["ios-api-missing", "run-threw"])
        let missing = try #require(transcript.diagnostics.first)
        #expect(missing.message == "Array.prototype.at is not in Safari on iOS 15.0 (added in 15.4)")
        #expect(missing.file == "script.js")
        #expect(missing.line == 3)
        #expect(missing.column == 41)
    }

    @Test func theSameAPIIsThereOn16_0AndWithoutIOS() throws {
        for ios in ["16.0", "15.4", nil] {
            let transcript = try Self.run(Self.arrayAt, ios: ios)
            #expect(transcript.completed, "\(ios ?? "no --ios")")
            #expect(transcript.results == .dictionary(["last": .real(3)]), "\(ios ?? "no --ios")")
            #expect(transcript.diagnostics.isEmpty, "\(ios ?? "no --ios")")
        }
    }

    @Test func aStaticMemberAndAGlobalAreNamedAsScriptsWriteThem() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (args) {
              args.completionFunction({ own: Object.hasOwn({ a: 1 }, "a") });
            } };
            """, ios: "15.0")
        let missing = try #require(transcript.diagnostics.first)
        #expect(missing.code == "ios-api-missing")
        #expect(missing.message == "Object.hasOwn is not in Safari on iOS 15.0 (added in 15.4)")
        #expect(missing.line == 2)
        #expect(missing.column == 41)
    }

    @Test func optionalChainingIsRefusedOn13_0AndTheScriptIsNotRun() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              alert("ran");
              args.completionFunction({ title: document?.title });
            } };
            """
        let old = try Self.run(script, ios: "13.0")
        #expect(codes(old) == ["ios-syntax"])
        let syntax = try #require(old.diagnostics.first)
        #expect(syntax.message.hasPrefix("optional chaining (?.) needs iOS 13.4; Safari on iOS 13.0 does not run this file"))
        #expect(syntax.line == 3)
        #expect(syntax.column == 44)
        #expect(old.dialogs.isEmpty)
        #expect(!old.completed)

        let new = try Self.run(script, ios: "13.4")
        #expect(new.completed)
        #expect(new.results == .dictionary(["title": .string("iOS page")]))
    }

    /// Element.replaceChildren came with iOS 14; the DOM itself keeps using what is hidden.
    @Test func aLateDOMMemberIsAbsentWhileTheDOMStillWorks() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              var p = document.querySelectorAll("p");
              args.completionFunction({ count: p.length, replace: typeof document.body.replaceChildren, closest: typeof p[0].closest,
                                        text: document.body.innerText, ua: navigator.userAgent, platform: navigator.platform });
            } };
            """
        let old = try Self.run(script, ios: "13.0")
        #expect(old.completed)
        #expect(value(old, "replace") == .string("undefined"))
        #expect(value(old, "closest") == .string("function"))
        #expect(value(old, "count") == .real(2))
        #expect(value(old, "text") == .string("One\n\nTwo"))
        #expect(value(old, "ua") == .string("Mozilla/5.0 (iPhone; CPU iPhone OS 13_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Mobile/15E148 Safari/604.1"))
        #expect(value(old, "platform") == .string("iPhone"))
        let new = try Self.run(script, ios: "14.0")
        #expect(value(new, "replace") == .string("function"))
    }

    /// Promise.withResolvers came with iOS 17.4 (BCD 8.0.10), past Debian's data.
    @Test func anAPIAddedIn17_4IsMissingOn17_3() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              args.completionFunction({ resolvers: typeof Promise.withResolvers });
            } };
            """
        #expect(try Self.run(script, ios: "17.3").results == .dictionary(["resolvers": .string("undefined")]))
        #expect(try Self.run(script, ios: "17.4").results == .dictionary(["resolvers": .string("function")]))
    }

    /// Without --ios the page is Safari on the newest released iOS in the data (26.6), whose OS
    /// token is frozen at 18_7 (from 26.0.1 on).
    @Test func withoutIOSThePageIsTheNewestReleasedIPhone() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              args.completionFunction({ ua: navigator.userAgent, app: navigator.appVersion });
            } };
            """
        let transcript = try Self.run(script, ios: nil)
        #expect(value(transcript, "ua") == .string("Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Mobile/15E148 Safari/604.1"))
        #expect(value(transcript, "app") == .string("5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Mobile/15E148 Safari/604.1"))
    }

    @Test func aLateGlobalIsAbsent() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              args.completionFunction({ microtask: typeof queueMicrotask, promiseAny: typeof Promise.any, flat: typeof [].flat });
            } };
            """
        let old = try Self.run(script, ios: "11.0")
        #expect(old.results == .dictionary(["microtask": .string("undefined"), "promiseAny": .string("undefined"), "flat": .string("undefined")]))
        let new = try Self.run(script, ios: "14.5")
        #expect(new.results == .dictionary(["microtask": .string("function"), "promiseAny": .string("function"), "flat": .string("function")]))
    }

    @Test func aPolyfillReplacesWhatIsHidden() throws {
        let transcript = try Self.run("""
            if (!Array.prototype.at) {
              Array.prototype.at = function (index) { return this[index < 0 ? this.length + index : index]; };
            }
            \(Self.arrayAt)
            """, ios: "15.0")
        #expect(transcript.completed)
        #expect(transcript.results == .dictionary(["last": .real(3)]))
    }

    @Test func aFeatureTestThatFallsBackIsNoError() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (args) {
              var items = [1, 2, 3];
              args.completionFunction({ last: items.at ? items.at(-1) : items[items.length - 1] });
            } };
            """, ios: "15.0")
        #expect(transcript.completed)
        #expect(transcript.diagnostics.isEmpty)
    }

    /// The seed scripts on the oldest version: nothing they use is newer than iOS 8.
    @Test func theShippedScriptsRunTheSameOnIOS8() throws {
        let script = try String(contentsOf: URL(fileURLWithPath: "Scripts/ShareScript.js", relativeTo: Paths.repository), encoding: .utf8)
        let old = try Self.run(script, ios: "8.0")
        let current = try Self.run(script, ios: nil)
        #expect(old.completed)
        #expect(old.results == current.results)
        #expect(old.diagnostics == current.diagnostics)
    }

    /// Every API of the corpus's table that this realm has is found where the data names it
    /// (an interface on the window, a member on its prototype or the constructor).
    @Test func theRealmFindsTheCorpusAPIs() throws {
        let page = try PageContext(html: Self.pageHTML, configuration: .init(url: "https://example.com/"), machine: Simulator().machine)
        let entries = IOSCompatibilityTests.corpusAPIs.map { [$0, "1"] }
        let realm = try IOSRealm(page: page, mode: .record, entries: entries)
        let found = Set(realm.installedPaths)
        let lost = IOSCompatibilityTests.corpusAPIs.filter { !found.contains($0) }
        #expect(lost.isEmpty, "not found in the realm: \(lost)")
    }
}
