import Foundation

/// The kind of document Safari builds for a saved page, decided as WebKit decides it: by the
/// page's MIME type, which comes from `--mime`, else the `--content-type` header, else the
/// container (a web archive's main resource), else the file's extension, else the bytes
/// (https://mimesniff.spec.whatwg.org/). The one place the choice is made.
///
/// ```swift
/// let choice = DocumentKind.choose(bytes: bytes, name: "notes.txt", options: PageLoadOptions())
/// print(choice.kind, choice.source)
/// // text(type: "text/plain") extension .txt
/// ```
public enum DocumentKind: Equatable, Codable, Sendable {
    /// `text/html`: the HTML parser.
    case html
    /// An XML type (`application/xhtml+xml`, `image/svg+xml`, `text/xml`, `*/*+xml`).
    case xml(type: String)
    /// A text type WebKit shows as one `<pre>` (`text/plain`, `text/css`, `application/json`…).
    case text(type: String)
    /// An image type: one `<img>`; `header` is nil when the size cannot be read.
    case image(type: String, header: ImageHeader?)
    /// A video or audio type: one `<video>` (WebKit's media document uses it for audio too).
    case media(type: String, video: Bool)
    /// A type Safari does not show as a page a script can run on; `reason` says what it does.
    case unsupported(type: String, reason: String)

    /// The MIME type `document.contentType` reports.
    public var mimeType: String {
        switch self {
        case .html: return "text/html"
        case .xml(let type), .text(let type), .image(let type, _), .media(let type, _), .unsupported(let type, _): return type
        }
    }

    /// The type and where it came from ("--mime", "content type", "extension .txt", "sniffed"…).
    public struct Choice: Equatable, Sendable {
        public var kind: DocumentKind
        public var source: String
    }

    /// The document for `bytes` named `name` (lower case, without `.gz`), with `container`: the
    /// MIME type a web archive or MHTML part gives its resource.
    public static func choose(bytes: [UInt8], name: String, options: PageLoadOptions, container: String? = nil) -> Choice {
        if let type = PageLoader.mimeType(from: options.mime) { return Choice(kind: kind(forType: type, bytes: bytes), source: "--mime") }
        if let type = PageLoader.mimeType(from: options.contentType) {
            return Choice(kind: kind(forType: type, bytes: bytes), source: "content type")
        }
        if let type = PageLoader.mimeType(from: container) { return Choice(kind: kind(forType: type, bytes: bytes), source: "container") }
        if let (type, ext) = typeByExtension(name) {
            // A signature that is certainly not HTML wins over an HTML name, so a PDF or a photo
            // saved as `.html` is named for what it is rather than parsed as noise.
            if type == "text/html", let sniffed = sniffed(bytes, suppliedHTML: true) {
                return Choice(kind: sniffed, source: "sniffed (the name says HTML)")
            }
            return Choice(kind: kind(forType: type, bytes: bytes), source: "extension .\(ext)")
        }
        if let sniffed = sniffed(bytes) { return Choice(kind: sniffed, source: "sniffed") }
        return Choice(kind: .html, source: "default")
    }

    /// The document WebKit builds for a response of MIME type `type` (lower case, no
    /// parameters), after `DOMImplementation::createDocument`: HTML, XML, text (`text/*` but
    /// HTML and XML, JavaScript and JSON types), image, media; anything else is not shown.
    public static func kind(forType type: String, bytes: [UInt8]) -> DocumentKind {
        if type == "text/html" { return .html }
        if type == "application/pdf" || type == "text/pdf" {
            return .unsupported(type: type, reason: "this is a PDF document, not an HTML page: iOS Safari presents a PDF in its own viewer, not as a web page, and the simulator does not model it")
        }
        if XMLDocumentKind.isXML(type) { return .xml(type: type) }
        if type.hasPrefix("image/") { return .image(type: type, header: ImageHeader.read(bytes)) }
        if type.hasPrefix("video/") || type == "application/vnd.apple.mpegurl" || type == "application/x-mpegurl" {
            return .media(type: type, video: true)
        }
        if type.hasPrefix("audio/") { return .media(type: type, video: false) }
        if isTextType(type) { return .text(type: type) }
        return .unsupported(type: type, reason: "Safari downloads a file of type \(type) instead of showing it, so no script runs on it")
    }

    /// WebKit's `MIMETypeRegistry::isTextMIMEType` and the JSON and JavaScript types it shows
    /// as text.
    static func isTextType(_ type: String) -> Bool {
        if type.hasPrefix("text/") { return true }
        return ["application/json", "application/javascript", "application/x-javascript", "application/ecmascript"].contains(type)
            || type.hasSuffix("+json")
    }

    /// The type a file's extension gives it, as a browser opening a local file (or a server
    /// sending it) would; nil for an unknown or missing extension.
    static func typeByExtension(_ name: String) -> (String, String)? {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
        let ext = String(file[file.index(after: dot)...])
        return extensionTypes[ext].map { ($0, ext) }
    }

    static let extensionTypes: [String: String] = [
        "html": "text/html", "htm": "text/html", "shtml": "text/html",
        "xhtml": "application/xhtml+xml", "xht": "application/xhtml+xml", "svg": "image/svg+xml",
        "xml": "application/xml", "rss": "application/rss+xml", "atom": "application/atom+xml", "opml": "text/xml",
        "xsl": "text/xsl", "txt": "text/plain", "text": "text/plain", "log": "text/plain", "csv": "text/csv",
        "md": "text/markdown", "markdown": "text/markdown", "css": "text/css", "js": "text/javascript",
        "mjs": "text/javascript", "json": "application/json",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "bmp": "image/bmp", "ico": "image/x-icon", "cur": "image/x-icon", "tif": "image/tiff",
        "tiff": "image/tiff", "heic": "image/heic", "heif": "image/heif", "avif": "image/avif",
        "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime", "webm": "video/webm", "m3u8": "application/vnd.apple.mpegurl",
        "mp3": "audio/mpeg", "m4a": "audio/x-m4a", "aac": "audio/aac", "wav": "audio/wav", "aif": "audio/aiff", "aiff": "audio/aiff",
        "flac": "audio/flac", "pdf": "application/pdf", "zip": "application/zip",
    ]

    /// The document an untyped resource is by its first bytes (the standard's "rules for
    /// identifying an unknown MIME type", with WebKit's image and media signatures); nil when
    /// nothing matches, which this simulator reads as HTML, as it always has. Other files it
    /// recognises (a ZIP archive, JSON, binary data) are refused, saying what they are;
    /// `suppliedHTML`: the name says HTML, so bytes are not sniffed for binary data
    /// (`FileKindSniffer`).
    static func sniffed(_ bytes: [UInt8], suppliedHTML: Bool = false) -> DocumentKind? {
        if let format = ImageHeader.format(of: bytes) {
            let type = ["png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
                        "bmp": "image/bmp", "ico": "image/x-icon"][format.rawValue] ?? "image/png"
            return .image(type: type, header: ImageHeader.read(bytes))
        }
        func at(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if at(4, "ftyp") {
            return at(8, "M4A ") ? .media(type: "audio/mp4", video: false) : .media(type: at(8, "qt  ") ? "video/quicktime" : "video/mp4", video: true)
        }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .media(type: "video/webm", video: true) }
        if at(0, "ID3") { return .media(type: "audio/mpeg", video: false) }
        if at(0, "RIFF"), at(8, "WAVE") { return .media(type: "audio/wav", video: false) }
        if at(0, "%PDF") { return kind(forType: "application/pdf", bytes: bytes) }
        if let kind = FileKindSniffer.nonHTMLKind(bytes, suppliedHTML: suppliedHTML) {
            return .unsupported(type: "application/octet-stream", reason: "this is \(kind), not an HTML page")
        }
        return nil
    }
}
