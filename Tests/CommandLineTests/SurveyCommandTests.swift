import Foundation
import Testing
import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// `preprocess-sim survey`: the script on every kind of document Safari can share, in the
/// suite runner's workers, and where it fails.
@Suite(.serialized) struct SurveyCommandTests {
    /// A reader script: the article's text. WebKit's image, text and media documents have a
    /// body but no `<article>` (recorded: `Fixtures/oracle/documents`), so it throws there.
    static let reader = """
        var ExtensionPreprocessingJS = { run: function (a) {
          a.completionFunction({ text: document.querySelector("article").innerText.slice(0, 30) });
        } };
        """

    /// The rows of the text report: document → outcome.
    static func rows(_ text: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard fields.count == 2 else { continue }
            rows[String(fields[0])] = fields[1].trimmingCharacters(in: .whitespaces)
        }
        return rows
    }

    @Test func aScriptReadingTheArticleCompletesThereAndThrowsWithItsPlaceOnAnImageTextAndVideo() throws {
        let script = try CommandLineRunner.temporaryFile(Self.reader, name: "Reader.js")
        let result = try CommandLineRunner.run(["survey", script])
        #expect(result.exitCode == 1, "\(result.stdout)\(result.stderr)")
        let rows = Self.rows(result.stdout)
        #expect(rows["article"]?.hasPrefix(#"completes  {"text":"How to keep a sourdough starte"}"#) == true, "\(result.stdout)")
        for document in ["image", "text", "video", "frameset", "empty", "no-title-or-body"] {
            let row = try #require(rows[document], "\(document) missing:\n\(result.stdout)")
            #expect(row.hasPrefix("throws"), "\(document): \(row)")
            #expect(row.contains("(Reader.js:2:"), "\(document): \(row)")
        }
        #expect(result.stdout.contains("documents: completes; fails on "))
    }

    @Test func aScriptReadingTheBodysTextFailsOnTheSVGAndCompletesOnTheArticleAndTheImage() throws {
        let script = try CommandLineRunner.temporaryFile("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ text: document.body.innerText.slice(0, 20) }); } };
            """, name: "Body.js")
        let result = try CommandLineRunner.run(["survey", script])
        let rows = Self.rows(result.stdout)
        #expect(rows["article"]?.hasPrefix("completes") == true, "\(result.stdout)")
        // WebKit's image document has a body holding the <img>: its text is empty, not a TypeError.
        #expect(rows["image"] == #"completes  {"text":""}"#, "\(result.stdout)")
        // An SVG is an XML document: no body, so the script throws where it reads it.
        #expect(rows["svg"]?.hasPrefix("throws") == true, "\(result.stdout)")
        #expect(rows["svg"]?.contains("Body.js:1:") == true, "\(result.stdout)")
        #expect(result.exitCode == 1)
    }

    @Test func neverCallingCompletionAndLosingValuesAreToldApart() throws {
        let script = try CommandLineRunner.temporaryFile("""
            var ExtensionPreprocessingJS = { run: function (a) {
              if (!document.title) return;
              a.completionFunction({ title: document.title, later: function () {} });
            } };
            """, name: "Titled.js")
        let result = try CommandLineRunner.run(["survey", script, "--jobs", "2"])
        let rows = Self.rows(result.stdout)
        #expect(rows["image"]?.hasPrefix("loses values") == true, "\(result.stdout)")
        #expect(rows["image"]?.contains("'later'") == true, "\(result.stdout)")
        #expect(rows["text"]?.hasPrefix("never calls completionFunction") == true, "\(result.stdout)")
        #expect(rows["empty"]?.hasPrefix("never calls completionFunction") == true, "\(result.stdout)")
    }

    @Test func theDeploymentTargetGivesOneRunPerIOSMajorAndJUnitNamesThem() throws {
        let root = try CommandLineRunner.temporaryTree(["Reader.js": Self.reader, "Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>MinimumOSVersion</key><string>18.0</string></dict></plist>
            """])
        let result = try CommandLineRunner.run(["survey", root.appendingPathComponent("Reader.js").path,
                                                "--plist", root.appendingPathComponent("Info.plist").path, "--format", "junit"])
        #expect(result.exitCode == 1)
        let majors = Survey.versions(from: IOSVersion(18))
        #expect(majors.count >= 2)
        #expect(result.stdout.components(separatedBy: "<testcase ").count - 1 == Survey.documents.count * majors.count, "\(result.stdout)")
        #expect(result.stdout.contains("article@ios\(majors[0])"))
        #expect(result.stdout.contains("<failure"))
    }

    @Test func badUsageAndAnUnreadableScriptExitTwo() throws {
        #expect(try CommandLineRunner.run(["survey"]).exitCode == 2)
        #expect(try CommandLineRunner.run(["survey", "a.js", "--format", "xml"]).exitCode == 2)
        let missing = try CommandLineRunner.run(["survey", "/nonexistent/Script.js"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("[script-unreadable]"))
    }
}
