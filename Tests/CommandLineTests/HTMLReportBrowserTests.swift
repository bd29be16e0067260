import Foundation
import Testing
import TestSupport

/// The HTML report opened in a real browser: a page whose title and body are markup must show
/// as text, and none of it may run. Needs Debian's `chromium` (installed by `.ci/run`).
@Suite struct HTMLReportBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func aHostilePageTitleDoesNotRunInTheReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try """
            <!DOCTYPE html><html><head><title><script>document.title='PWNED'</script></title></head>
            <body><p>Text with <img src=x onerror="document.body.innerHTML='PWNED'"> markup</p></body></html>
            """.write(to: folder.appendingPathComponent("pages/hostile.html"), atomically: true, encoding: .utf8)
        try """
            var ExtensionPreprocessingJS = {
              run: function (a) { a.completionFunction({ title: document.title, html: document.body.innerHTML }); },
              finalize: function (a) { alert("<b>" + a.title + "</b>"); }
            };
            """.write(to: folder.appendingPathComponent("Share.js"), atomically: true, encoding: .utf8)
        try """
            { "version": 1, "scripts": ["Share.js"], "pages": ["pages/*.html"],
              "defaults": { "handler": "echo", "url": "https://example.com/hostile", "expect": { "completed": true } } }
            """.write(to: folder.appendingPathComponent("hostile.suite.json"), atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.html")
        let run = try CommandLineRunner.run(["test", folder.appendingPathComponent("hostile.suite.json").path,
                                             "--html", report.path, "--record", "never"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")

        // What the browser made of the report after its scripts (if any) ran.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.chromium))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", report.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(dom.contains("&lt;script&gt;document.title='PWNED'&lt;/script&gt;"), "the title shows as text")
        #expect(!dom.contains("<img src=\"x\""), "the page's <img onerror> must not become an element")
        #expect(!dom.contains("<title>PWNED</title>"))
        #expect(dom.contains("preprocess-sim test report"))
    }
}
