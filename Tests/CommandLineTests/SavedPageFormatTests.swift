import Foundation
import Testing
import TestSupport

/// Saved-page containers run end to end through `preprocess-sim run`, frames included.
@Suite struct SavedPageFormatTests {
    static let frameProbe = """
        var ExtensionPreprocessingJS = { run: function (a) {
          var f = document.querySelector("iframe");
          var d = f && f.contentDocument;
          a.completionFunction({ url: document.URL, charset: document.characterSet, title: document.title,
            frameTitle: d ? d.title : "no frame document", frameText: d && d.body ? d.body.textContent.trim() : "" });
        } };
        """

    func run(_ fixture: String) throws -> [String: Any] {
        let script = try CommandLineRunner.temporaryFile(Self.frameProbe, name: "FrameProbe.js")
        let result = try CommandLineRunner.run(["run", "--script", script, "--format", "json",
                                                "--page", "Tests/PreprocessingKitTests/Fixtures/pages/\(fixture)"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        return try #require(result.json)
    }

    @Test func aWebarchiveRunsWithItsURLEncodingAndSubframe() throws {
        let json = try run("iframe.webarchive")
        let page = try #require(json["page"] as? [String: Any])
        #expect(page["format"] as? String == "webarchive")
        #expect(page["urlSource"] as? String == "webarchive")
        let results = try #require(json["results"] as? [String: Any])
        #expect(results["url"] as? String == "https://example.com/japan.html")
        #expect(results["charset"] as? String == "Shift_JIS")
        #expect(results["title"] as? String == "日本")
        #expect(results["frameTitle"] as? String == "frame")
        #expect(results["frameText"] as? String == "При")
    }

    @Test func anMHTMLFileRunsWithItsFramePart() throws {
        let json = try run("frame.mhtml")
        #expect((json["page"] as? [String: Any])?["format"] as? String == "mhtml")
        let results = try #require(json["results"] as? [String: Any])
        #expect(results["url"] as? String == "https://example.org/news/story.html")
        #expect(results["title"] as? String == "Café ☃ story")
        #expect(results["frameTitle"] as? String != "no frame document")
        #expect((results["frameText"] as? String)?.isEmpty == false)
    }

    @Test func aGzippedPageRuns() throws {
        let json = try run("gzipped.html.gz")
        #expect((json["page"] as? [String: Any])?["encoding"] as? String == "Shift_JIS")
        #expect(json["completed"] as? Bool == true)
    }

    @Test func aFileThatIsNotHTMLIsRefusedSayingWhatItIs() throws {
        let pdf = try CommandLineRunner.temporaryFile("%PDF-1.7\n%\u{e2}\u{e3}\n1 0 obj\n", name: "paper.pdf")
        let result = try CommandLineRunner.run(["run", "--script", "Scripts/ShareScript.js", "--page", pdf])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("PDF"))
        #expect(result.stderr.contains("[page-not-html]"))
    }
}
