import Foundation
import Testing
import TestSupport
import JavaScriptEngine
@testable import PreprocessingKit

/// Blob, File, FileReader, FormData, structuredClone and crypto.subtle beyond what the recorded
/// cases (`dom-cases/blobs.json`, `form-data.json`, `structured-clone.json`, `crypto.json`) cover
/// alone: the offline network's fixtures, `--seed`, `--ios`, and that a page which does not reach
/// them loads none of their groups.
@Suite struct FilesCloneCryptoTests {
    static let pixelBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    /// WebKit's answer for the same image fetched from a `data:` URL (the oracle's network is off).
    static func recordedDataURLAnswer() throws -> String {
        let cases = DOMCase.load("blobs.json")
        return try #require(cases.first { $0.name == "file-reader-fetched-image-data-url" }).expected
    }

    /// A share extension's path: `fetch(img.src)` → `blob()` → `FileReader.readAsDataURL`, with the
    /// image answered by a fixture, gives the data URL WebKit made of the same bytes.
    @Test func aFetchedFixtureImageBecomesWebKitsDataURL() throws {
        let fixture = NetworkFixture(url: "https://example.com/pixel.png", status: 200,
                                     headers: ["Content-Type": "image/png"], body: Data(base64Encoded: Self.pixelBase64)!)
        let script = """
            fetch(document.querySelector('img').src).then(function (r) { return r.blob(); }).then(function (b) {
              return new Promise(function (resolve) { var reader = new FileReader();
                reader.onload = function () { resolve(b.type + ' ' + b.size + ' ' + reader.result); }; reader.readAsDataURL(b); }); })
            """
        let value = try SimulatorHarness.evaluateAsync(script, html: "<!DOCTYPE html><img src=pixel.png>", fixtures: [fixture])
        #expect(value == (try Self.recordedDataURLAnswer()))
    }

    /// randomUUID and getRandomValues draw from the run's seed: the same seed repeats them, another
    /// changes them.
    @Test func randomnessFollowsTheSeed() throws {
        let script = "crypto.randomUUID() + ' ' + crypto.getRandomValues(new Uint8Array(4)).join(',') + ' ' + URL.createObjectURL(new Blob([]))"
        let first = try SimulatorHarness.evaluateAsync(script, html: "<p>x", seed: 7)
        let again = try SimulatorHarness.evaluateAsync(script, html: "<p>x", seed: 7)
        let other = try SimulatorHarness.evaluateAsync(script, html: "<p>x", seed: 8)
        #expect(first == again)
        #expect(first != other)
        #expect(first.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} \d+,\d+,\d+,\d+ blob:https://example.com/"#,
                            options: .regularExpression) != nil, "\(first)")
    }

    /// A File's default lastModified is the page's clock, fixed in a deterministic run.
    @Test func aFilesDefaultDateIsTheVirtualClock() throws {
        let value = try SimulatorHarness.evaluateAsync("new File([], 'a').lastModified === Date.now() && Date.now() === 1704067200000", html: "<p>x")
        #expect(value == "true")
    }

    static func iosRun(_ body: String, ios: String) throws -> Transcript {
        let page = try PageLoader.load(data: Data("<!DOCTYPE html><title>t</title><p>x".utf8), path: "page.html",
                                       options: PageLoadOptions(url: "https://example.com/a"))
        var request = RunRequest(scriptPath: "script.js", scriptSource: """
            var ExtensionPreprocessingJS = { run: function (args) {
              args.completionFunction({ value: \(body) });
            } };
            """, page: page)
        request.deterministic = true
        request.iOS = try IOSCompatibility.validated(ios)
        return SimulatorHarness.run(request)
    }

    /// `--ios` hides what browser-compat-data says that Safari lacked, and names it.
    @Test func olderSafarisLackWhatTheDataSays() throws {
        let cases: [(body: String, ios: String, message: String)] = [
            ("structuredClone({a: 1}).a", "15.0", "structuredClone is not in Safari on iOS 15.0 (added in 15.4)"),
            ("crypto.randomUUID()", "15.0", "crypto.randomUUID is not in Safari on iOS 15.0 (added in 15.4)"),
            ("new Blob(['a']).text()", "14.0", "Blob.prototype.text is not in Safari on iOS 14.0 (added in 14.5)"),
            ("new Blob(['a']).bytes()", "17.0", "Blob.prototype.bytes is not in Safari on iOS 17.0 (added in 18.0)"),
        ]
        for item in cases {
            let transcript = try Self.iosRun(item.body, ios: item.ios)
            #expect(transcript.diagnostics.map(\.code) == ["ios-api-missing", "run-threw"], "\(item.body)")
            #expect(transcript.diagnostics.first?.message == item.message, "\(item.body)")
        }
        let present = try Self.iosRun("[typeof structuredClone, typeof crypto.randomUUID, typeof Blob.prototype.bytes, typeof FormData, typeof FileReader, typeof crypto.subtle.digest].join()", ios: "18.0")
        #expect(present.results == .dictionary(["value": .string("function,function,function,function,function,function")]))
    }

    /// A page whose script does not reach them parses and runs none of their code.
    @Test func theyLoadOnlyWhenReached() throws {
        let page = try PageContext(html: "<!DOCTYPE html><title>t</title><form><input name=a value=1></form>",
                                   configuration: .init(url: "https://example.com/"), machine: JavaScriptVirtualMachine())
        _ = try page.javaScript.evaluate("[document.title, typeof crypto.getRandomValues, typeof crypto.randomUUID(), 'Blob' in window, 'structuredClone' in window].join()")
        #expect(page.loadedLazyGroups == [])
        _ = try page.javaScript.evaluate("structuredClone({a: [1]})")
        #expect(page.loadedLazyGroups == ["clone"])
        _ = try page.javaScript.evaluate("crypto.subtle")
        #expect(page.loadedLazyGroups == ["clone", "crypto"])
        _ = try page.javaScript.evaluate("new FormData(document.forms[0]).get('a')")
        #expect(page.loadedLazyGroups.contains("files"))
    }
}
