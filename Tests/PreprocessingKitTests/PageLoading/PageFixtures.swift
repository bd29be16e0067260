import Foundation

/// Locations of page fixtures, and builders for the web archive and MHTML fixtures.
///
/// The checked-in copies in `Fixtures/pages/` were written by these builders
/// (`PAGE_FIXTURES_RECORD=1 swift test --filter SavedPageFixtureTests` rewrites them).
enum PageFixtures {
    /// `Tests/PreprocessingKitTests/Fixtures/pages`.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pages")

    /// The repository root (where `../shared` is resolved, as CI does).
    static let repositoryRoot: URL = directory
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A path in the recorded oracle file: repo-relative (`../shared/…`, `Tests/…`) made absolute.
    static func resolve(repositoryRelative path: String) -> String {
        repositoryRoot.appendingPathComponent(path).standardizedFileURL.path
    }

    /// A temporary file with `bytes`, removed by the caller with `remove`.
    static func temporaryFile(named name: String, bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("page-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    // MARK: Web archives

    /// A web archive resource dictionary, as Safari writes it.
    static func webResource(_ html: [UInt8], url: String, encoding: String?, frameName: String? = nil, mimeType: String = "text/html") -> [String: Any] {
        var resource: [String: Any] = [
            "WebResourceData": Data(html),
            "WebResourceURL": url,
            "WebResourceMIMEType": mimeType,
        ]
        if let encoding { resource["WebResourceTextEncodingName"] = encoding }
        if let frameName { resource["WebResourceFrameName"] = frameName }
        return resource
    }

    /// A binary-plist `.webarchive` (or XML when `xml` is true).
    static func webArchive(main: [String: Any], subresources: [[String: Any]] = [], subframes: [[String: Any]] = [], xml: Bool = false) throws -> [UInt8] {
        var archive: [String: Any] = ["WebMainResource": main]
        if !subresources.isEmpty { archive["WebSubresources"] = subresources }
        if !subframes.isEmpty { archive["WebSubframeArchives"] = subframes }
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: archive, format: xml ? .xml : .binary, options: 0))
    }

    /// `simple.webarchive`: a UTF-8 article with one image subresource.
    static func simpleWebArchive() throws -> [UInt8] {
        let html = Array("<html><head><title>Caf\u{E9} article</title></head><body><p>Na\u{EF}ve caf\u{E9} \u{2603}</p><img src=\"a.png\"></body></html>".utf8)
        return try webArchive(
            main: webResource(html, url: "https://example.com/articles/cafe.html", encoding: "UTF-8"),
            subresources: [webResource([0x89, 0x50, 0x4E, 0x47], url: "https://example.com/articles/a.png", encoding: nil, mimeType: "image/png")]
        )
    }

    /// `iframe.webarchive`: a Shift_JIS page (declared only by the archive) with one same-origin iframe subframe.
    static func iframeWebArchive() throws -> [UInt8] {
        let mainHTML = Array("<html><head><title>".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("</title></head><body><iframe name=\"side\" src=\"https://example.com/frame.html\"></iframe></body></html>".utf8)
        let frameHTML = Array("<html><head><meta charset=\"windows-1251\"><title>frame</title></head><body>".utf8) + [0xCF, 0xF0, 0xE8] + Array("</body></html>".utf8)
        let frame = try PropertyListSerialization.propertyList(from: Data(try webArchive(
            main: webResource(frameHTML, url: "https://example.com/frame.html", encoding: nil, frameName: "side"))), format: nil)
        return try webArchive(
            main: webResource(mainHTML, url: "https://example.com/japan.html", encoding: "shift_jis"),
            subframes: [frame as! [String: Any]]
        )
    }

    // MARK: MHTML

    /// `frame.mhtml`: a page in quoted-printable UTF-8, a frame part in base64 windows-1252, and an image.
    static func framedMHTML() -> [UInt8] {
        let frameHTML: [UInt8] = Array("<html><head><title>Frame</title></head><body>caf".utf8) + [0xE9] + Array("</body></html>".utf8)
        let lines = [
            "From: <Saved by Blink>",
            "Snapshot-Content-Location: https://example.org/news/story.html",
            "Subject: Story",
            "MIME-Version: 1.0",
            "Content-Type: multipart/related;",
            "\ttype=\"text/html\";",
            "\tboundary=\"----MultipartBoundary--abc123----\"",
            "",
            "",
            "------MultipartBoundary--abc123----",
            "Content-Type: text/html",
            "Content-ID: <frame-main@mhtml.blink>",
            "Content-Transfer-Encoding: quoted-printable",
            "Content-Location: https://example.org/news/story.html",
            "",
            "<html><head><meta http-equiv=3D\"Content-Type\" content=3D\"text/html; charset=3DUTF-8\"><title>Caf=C3=A9 =E2=98=83 story</tit=",
            "le></head><body><p>A long line that is soft-wrapped by the quoted-printable encod=",
            "ing.</p><iframe src=3D\"cid:frame-1@mhtml.blink\"></iframe></body></html>",
            "------MultipartBoundary--abc123----",
            "Content-Type: text/html; charset=windows-1252",
            "Content-ID: <frame-1@mhtml.blink>",
            "Content-Transfer-Encoding: base64",
            "",
            Data(frameHTML).base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]),
            "------MultipartBoundary--abc123----",
            "Content-Type: image/png",
            "Content-Transfer-Encoding: base64",
            "Content-Location: https://example.org/news/a.png",
            "",
            "iVBORw0KGgo=",
            "------MultipartBoundary--abc123------",
            "",
        ]
        return Array(lines.joined(separator: "\r\n").utf8)
    }
}
