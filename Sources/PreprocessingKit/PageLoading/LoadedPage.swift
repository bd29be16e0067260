import Foundation

/// How the caller wants a saved page loaded: the overrides a user gives on the command line.
public struct PageLoadOptions: Sendable {
    /// The page URL (`--url`); wins over every URL found in the file.
    public var url: String?
    /// An encoding label (`--encoding`), like a charset given with the bytes; wins over the page's own declarations.
    public var encoding: String?
    /// A content type (`--content-type`, e.g. `text/html; charset=gbk`); its charset counts as the container's.
    public var contentType: String?
    /// The most bytes a page may have, on disk or once inflated (a gzip bomb is refused, not
    /// inflated until memory runs out); nil for no limit.
    public var maximumBytes: Int?
    /// A MIME type (`--mime`) that decides the document's kind (`DocumentKind`) over every other
    /// source: the content type, the container, the extension and the bytes.
    public var mime: String?

    public init(url: String? = nil, encoding: String? = nil, contentType: String? = nil, maximumBytes: Int? = nil, mime: String? = nil) {
        self.mime = mime
        self.url = url
        self.encoding = encoding
        self.contentType = contentType
        self.maximumBytes = maximumBytes
    }
}

/// The container a saved page came in.
public enum PageFormat: String, Codable, Sendable {
    case html, webarchive, mhtml
}

/// A subframe document saved with the page (webarchive `WebSubframeArchives`, MHTML frame parts).
public struct LoadedFrame: Codable, Sendable, Equatable {
    public var url: String
    public var frameName: String?
    public var html: String
    /// WHATWG encoding name the frame was decoded with.
    public var encoding: String
    public var frames: [LoadedFrame]
    /// The MHTML part's Content-ID: pages refer to such frames as `cid:ID`.
    public var contentID: String?

    public init(url: String, frameName: String? = nil, html: String, encoding: String, frames: [LoadedFrame] = [],
                contentID: String? = nil) {
        self.contentID = contentID
        self.url = url
        self.frameName = frameName
        self.html = html
        self.encoding = encoding
        self.frames = frames
    }
}

/// A saved page, decoded as Safari would decode it, ready for the HTML parser.
///
/// Everything downstream (parser, DOM, transcript) reads these values; nothing re-derives them.
public struct LoadedPage: Codable, Sendable {
    /// The path as given.
    public var path: String
    public var format: PageFormat
    /// The file was gzip-compressed.
    public var compressed: Bool
    /// Bytes of the main resource's HTML before decoding.
    public var byteCount: Int
    /// Decoded text handed to the parser (without a byte order mark).
    public var html: String
    /// The page URL (absolute).
    public var url: String
    /// Where `url` came from: "command line", "saved-from comment", "canonical link", "webarchive", "mhtml" or "file path".
    public var urlSource: String
    /// WHATWG encoding name as `document.characterSet` reports it ("UTF-8", "windows-1252", "Shift_JIS", …).
    public var encoding: String
    /// Why that encoding: "byte order mark", "--encoding", "content type", "webarchive", "mhtml part",
    /// "xml declaration", "meta prescan", "meta after prescan" or "default (guessed: …)".
    public var encodingSource: String
    public var mimeType: String
    /// Subframe documents.
    public var frames: [LoadedFrame]
    /// Warnings and notes for the transcript (codes such as "url-from-file-path", "encoding-guessed", "invalid-bytes-replaced").
    public var notes: [Diagnostic]
    /// The document Safari builds for the page's type; for text, image and media documents
    /// `html` is the markup of the tree WebKit writes itself (`GeneratedDocument`).
    public var kind: DocumentKind = .html

    /// WebKit locks the compatibility mode of the documents it writes itself to no-quirks
    /// (`setCompatibilityMode`, `lockCompatibilityMode`): their markup has no DOCTYPE, which
    /// would otherwise put the parser in quirks mode.
    public var parsesWithoutQuirks: Bool {
        switch kind {
        case .text, .image, .media: return true
        case .html, .xml, .unsupported: return false
        }
    }
}

/// A page that cannot be loaded, with a stable `code` (`pageUnreadable`, `pageNotHTML`, `pageMalformed`, `pageTooLarge`).
public struct PageLoadError: Error, CustomStringConvertible, Equatable {
    public var code: DiagnosticCode
    public var message: String
    public var path: String

    public init(code: DiagnosticCode, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// `path: error: message`, the compiler-style line the command line prints.
    public var description: String { "\(path): error: \(message)" }

    /// The same failure as a `Diagnostic`, for transcripts.
    public var diagnostic: Diagnostic { Diagnostic(code, message, file: path) }
}
