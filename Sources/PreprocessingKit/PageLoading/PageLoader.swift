import Foundation

/// Loads a saved page (HTML, Safari web archive or MHTML, optionally gzip-compressed) and decodes
/// it the way Safari would, recording every decision for the transcript.
///
/// ```swift
/// let page = try PageLoader.load(path: "saved/article.webarchive")
/// print(page.encoding, page.encodingSource, page.url)
/// // UTF-8 webarchive https://example.com/article
/// ```
public enum PageLoader {
    /// Reads and loads the file at `path`.
    /// - Throws: `PageLoadError` with code `page-unreadable`, `page-too-large` (over
    ///   `options.maximumBytes`), `page-not-html` or `page-malformed`.
    public static func load(path: String, options: PageLoadOptions = .init()) throws -> LoadedPage {
        try load(bytes: readFile(path: path, limit: options.maximumBytes), path: path, options: options)
    }

    /// The page file's bytes (`FileBytes`), failures as the page's diagnostics.
    private static func readFile(path: String, limit: Int?) throws -> [UInt8] {
        do {
            return try FileBytes.read(path: path, limit: limit)
        } catch {
            let reason: String
            switch error {
            case .noFile: reason = "no such file"
            case .directory: reason = "it is a directory"
            case .unreadable: reason = "permission denied or read error"
            case .tooLarge(let size):
                throw PageLoadError(code: .pageTooLarge,
                                    message: "the page is \(size / 1_048_576) MB, more than the \((limit ?? 0) / 1_048_576) MB the memory limit allows (raise it with --memory-limit)",
                                    path: path)
            }
            throw PageLoadError(code: .pageUnreadable, message: "cannot read the page: \(reason)", path: path)
        }
    }

    /// Loads a page from bytes already read; `path` names it in messages and decides the format
    /// by extension when the content does not.
    public static func load(data: Data, path: String, options: PageLoadOptions) throws -> LoadedPage {
        try load(bytes: [UInt8](data), path: path, options: options)
    }

    private static func load(bytes: [UInt8], path: String, options: PageLoadOptions) throws -> LoadedPage {
        var bytes = bytes
        var notes: [Diagnostic] = []
        var compressed = false
        var name = path.lowercased()
        if GzipInflater.isGzip(bytes) {
            let inflated: [UInt8]
            do {
                inflated = try GzipInflater.inflate(bytes, limit: options.maximumBytes ?? .max)
            } catch GzipInflater.Failure.tooLarge {
                throw PageLoadError(code: .pageTooLarge,
                                    message: "the gzip-compressed page inflates to more than the \((options.maximumBytes ?? 0) / 1_048_576) MB the memory limit allows (raise it with --memory-limit)",
                                    path: path)
            } catch {
                throw PageLoadError(code: .pageUnreadable, message: "the gzip-compressed page is corrupt or truncated", path: path)
            }
            bytes = inflated
            compressed = true
            if name.hasSuffix(".gz") { name.removeLast(3) }
        } else if name.hasSuffix(".gz") {
            notes.append(Diagnostic(.gzipNotCompressed, "the file is named .gz but is not gzip-compressed; read as is", file: path))
            name.removeLast(3)
        }

        if bytes.isEmpty {
            notes.append(Diagnostic(.pageEmpty, "the page is empty; Safari shows a blank document", file: path))
        }

        if name.hasSuffix(".webarchive") || WebArchiveReader.looksLikeWebArchive(bytes) {
            return try loadWebArchive(bytes, path: path, named: name.hasSuffix(".webarchive"), compressed: compressed, options: options, notes: notes)
        }
        if name.hasSuffix(".mhtml") || name.hasSuffix(".mht") || MHTMLReader.looksLikeMHTML(bytes) {
            return try loadMHTML(bytes, path: path, compressed: compressed, options: options, notes: notes)
        }
        let choice = DocumentKind.choose(bytes: bytes, name: name, options: options)
        switch choice.kind {
        case .html: break
        case .xml(let type):
            return try loadXMLDocument(bytes, type: type, path: path, compressed: compressed, options: options, notes: notes)
        case .unsupported(_, let reason):
            throw PageLoadError(code: .pageNotHTML, message: reason, path: path)
        case .text, .image, .media:
            return generatedPage(choice, bytes: bytes, path: path, format: .html, compressed: compressed, containerURL: nil,
                                 containerSource: "", options: options, notes: notes)
        }
        return loadHTMLDocument(bytes, path: path, compressed: compressed, options: options, notes: notes)
    }

    /// An XML document (XHTML, SVG, a feed): decoded as XML (no `<meta>`, UTF-8 by default),
    /// typed `type`, and parsed by the XML parser when the page is built (`XMLDocumentKind`).
    static func loadXMLDocument(_ bytes: [UInt8], type: String, path: String, compressed: Bool, options: PageLoadOptions,
                                notes: [Diagnostic]) throws -> LoadedPage {
        loadHTMLDocument(bytes, path: path, compressed: compressed, options: options, notes: notes, xmlType: type)
    }

    /// `xmlType`: the page is an XML document of this type (`loadXMLDocument`).
    static func loadHTMLDocument(_ bytes: [UInt8], path: String, compressed: Bool, options: PageLoadOptions, notes: [Diagnostic],
                                 xmlType: String? = nil) -> LoadedPage {
        var notes = notes
        let decoded = decodeDocument(bytes, container: containerEncoding(options: options, declared: nil, source: ""), options: options, path: path,
                                     asXML: xmlType != nil)
        notes += decoded.notes
        let (url, urlSource) = pageURL(options: options, html: decoded.html, containerURL: nil, containerSource: "", path: path, notes: &notes)
        return LoadedPage(
            path: path, format: .html, compressed: compressed, byteCount: bytes.count, html: decoded.html,
            url: url, urlSource: urlSource, encoding: decoded.encoding, encodingSource: decoded.source,
            mimeType: xmlType ?? mimeType(from: options.mime) ?? mimeType(from: options.contentType) ?? "text/html", frames: [], notes: notes
        )
    }

    // MARK: Containers

    /// A web archive's page. An archive that cannot be read is `page-malformed` when it is one
    /// by its name or by its main resource's key; a property list that is neither (an
    /// `Info.plist` given as the page) is `page-not-html`.
    static func loadWebArchive(_ bytes: [UInt8], path: String, named: Bool, compressed: Bool, options: PageLoadOptions, notes: [Diagnostic]) throws -> LoadedPage {
        var notes = notes
        let archive: WebArchiveReader.Archive
        do {
            archive = try WebArchiveReader.read(bytes, expansionLimit: expansionLimit(options))
        } catch let error as WebArchiveReader.ReadError {
            if error.tooLarge {
                throw PageLoadError(code: .pageTooLarge, message: error.message + " (raise the limit with --memory-limit)", path: path)
            }
            if !named, MHTMLReader.find(Array("WebMainResource".utf8), in: bytes, from: 0) == nil,
               let kind = FileKindSniffer.nonHTMLKind(bytes) {
                throw PageLoadError(code: .pageNotHTML, message: "this is \(kind), not an HTML page", path: path)
            }
            throw PageLoadError(code: .pageMalformed, message: error.message, path: path)
        }
        let choice = DocumentKind.choose(bytes: archive.data, name: "", options: options, container: archive.mimeType)
        switch choice.kind {
        case .text, .image, .media:
            return generatedPage(choice, bytes: archive.data, path: path, format: .webarchive, compressed: compressed,
                                 containerURL: archive.url, containerSource: "webarchive", options: options, notes: notes)
        case .html, .xml, .unsupported: break
        }
        if !archive.mimeType.lowercased().contains("html") && !archive.mimeType.lowercased().contains("xml") {
            notes.append(Diagnostic(.webarchiveNotHTML, "the web archive's main resource is \(archive.mimeType), not HTML; parsed as HTML anyway", file: path))
        }
        let decoded = decodeDocument(archive.data, container: containerEncoding(options: options, declared: archive.textEncodingName, source: "webarchive"), options: options, path: path,
                                     asXML: XMLDocumentKind.isXML(archive.mimeType))
        notes += decoded.notes
        let (url, urlSource) = pageURL(options: options, html: decoded.html, containerURL: archive.url, containerSource: "webarchive", path: path, notes: &notes)
        return LoadedPage(
            path: path, format: .webarchive, compressed: compressed, byteCount: archive.data.count, html: decoded.html,
            url: url, urlSource: urlSource, encoding: decoded.encoding, encodingSource: decoded.source,
            mimeType: archive.mimeType, frames: archive.subframes.map { frame(from: $0, path: path, notes: &notes) }, notes: notes
        )
    }

    /// The memory a container's values may take once read: four times the bytes a page may
    /// have (`maximumBytes`, a tenth of `--memory-limit`), or of the default limit's page.
    static func expansionLimit(_ options: PageLoadOptions) -> Int {
        4 * (options.maximumBytes ?? RunRequest.defaultMemoryLimitMegabytes * 1_048_576 / 10)
    }

    static func frame(from archive: WebArchiveReader.Archive, path: String, notes: inout [Diagnostic]) -> LoadedFrame {
        let decoded = decodeDocument(archive.data, container: archive.textEncodingName.flatMap { label in
            TextEncodingRegistry.encodingName(forLabel: label).map { ($0, "webarchive") }
        }, options: PageLoadOptions(), path: path)
        notes += decoded.notes.map { note in
            var note = note
            note.message = "frame \(archive.url): " + note.message
            return note
        }
        return LoadedFrame(url: archive.url, frameName: archive.frameName, html: decoded.html, encoding: decoded.encoding,
                           frames: archive.subframes.map { frame(from: $0, path: path, notes: &notes) })
    }

    static func loadMHTML(_ bytes: [UInt8], path: String, compressed: Bool, options: PageLoadOptions, notes: [Diagnostic]) throws -> LoadedPage {
        var notes = notes
        let message: MHTMLReader.Message
        do {
            message = try MHTMLReader.read(bytes)
        } catch let error as MHTMLReader.ReadError {
            throw PageLoadError(code: .pageMalformed, message: error.message, path: path)
        }
        let htmlParts = message.parts.filter { $0.contentType == "text/html" || $0.contentType == "application/xhtml+xml" }
        guard let main = htmlParts.first else {
            throw PageLoadError(code: .pageNotHTML, message: "the MHTML file has no text/html part", path: path)
        }
        let decoded = decodeDocument(main.body, container: containerEncoding(options: options, declared: main.charset, source: "mhtml part"), options: options, path: path,
                                     asXML: XMLDocumentKind.isXML(main.contentType))
        notes += decoded.notes
        let containerURL = main.location ?? message.headers["snapshot-content-location"]
        let (url, urlSource) = pageURL(options: options, html: decoded.html, containerURL: containerURL, containerSource: "mhtml", path: path, notes: &notes)
        let frames = htmlParts.dropFirst().map { part -> LoadedFrame in
            let frameDecoded = decodeDocument(part.body, container: part.charset.flatMap { label in
                TextEncodingRegistry.encodingName(forLabel: label).map { ($0, "mhtml part") }
            }, options: PageLoadOptions(), path: path)
            let frameURL = part.location ?? part.contentID.map { "cid:\($0)" } ?? ""
            return LoadedFrame(url: frameURL, html: frameDecoded.html, encoding: frameDecoded.encoding, contentID: part.contentID)
        }
        return LoadedPage(
            path: path, format: .mhtml, compressed: compressed, byteCount: main.body.count, html: decoded.html,
            url: url, urlSource: urlSource, encoding: decoded.encoding, encodingSource: decoded.source,
            mimeType: main.contentType, frames: frames, notes: notes
        )
    }

    // MARK: Documents WebKit writes itself

    /// A text, image or media document (`GeneratedDocument`), noted in the transcript with the
    /// type that chose it.
    static func generatedPage(_ choice: DocumentKind.Choice, bytes: [UInt8], path: String, format: PageFormat, compressed: Bool,
                              containerURL: String?, containerSource: String, options: PageLoadOptions,
                              notes: [Diagnostic]) -> LoadedPage {
        var notes = notes
        let (url, urlSource) = pageURL(options: options, html: "", containerURL: containerURL, containerSource: containerSource,
                                       path: path, notes: &notes)
        let html: String, encoding: String, encodingSource: String, described: String
        switch choice.kind {
        case .text:
            // A text document's encoding: BOM, --encoding, the charset given with it, else
            // windows-1252; WebKit looks for no declaration in the text itself.
            let decoded = decodeDocument(bytes, container: containerEncoding(options: options, declared: nil, source: ""),
                                         options: options, path: path, readsDeclarations: false)
            notes += decoded.notes
            (html, encoding, encodingSource) = (GeneratedDocument.text(decoded.html), decoded.encoding, decoded.source)
            described = "a text document: WebKit shows the text in one <pre>, so document.body.innerText is the text and there is no markup to query"
        case .image(_, let header):
            (html, encoding, encodingSource) = (GeneratedDocument.image(url: url, header: header), "UTF-8", "image document")
            if let header {
                described = "an image document: one <img>, titled with the image's name and its \(header.width)×\(header.height) size (\(header.format.rawValue.uppercased()) header)"
            } else {
                described = "an image document: one <img>; the simulator cannot read this image's size, so the document has no title (WebKit's has none either when it cannot decode the image; Safari titles a picture it shows 'NAME W×H pixels')"
            }
        case .media(let type, let video):
            (html, encoding, encodingSource) = (GeneratedDocument.media(url: url, type: type), "UTF-8", "media document")
            described = "a media document (\(video ? "video" : "audio")): one <video controls autoplay>, as WebKit's MediaDocument builds it on iOS; the classes WebKit's media controls add to it once the media loads (media-document, audio or video, the platform) are not modelled"
        case .html, .xml, .unsupported:
            preconditionFailure("only text, image and media documents are generated")
        }
        notes.append(Diagnostic(.documentKind, "the page is \(choice.kind.mimeType) (\(choice.source)), \(described)", file: path))
        return LoadedPage(
            path: path, format: format, compressed: compressed, byteCount: bytes.count, html: html,
            url: url, urlSource: urlSource, encoding: encoding, encodingSource: encodingSource,
            mimeType: choice.kind.mimeType, frames: [], notes: notes, kind: choice.kind
        )
    }

    // MARK: Encoding

    /// The container-level encoding: `--content-type`'s charset wins over the container's own
    /// declaration, as an HTTP header would. Unknown labels are ignored.
    static func containerEncoding(options: PageLoadOptions, declared: String?, source: String) -> (String, String)? {
        if let contentType = options.contentType, let label = EncodingSniffer.charsetParameter(ofContentType: contentType),
           let encoding = TextEncodingRegistry.encodingName(forLabel: label) {
            return (encoding, "content type")
        }
        if let declared, let encoding = TextEncodingRegistry.encodingName(forLabel: declared) {
            return (encoding, source)
        }
        return nil
    }

    struct DecodedDocument {
        var html: String
        var encoding: String
        var source: String
        var notes: [Diagnostic]
    }

    /// The WHATWG encoding-sniffing order, with WebKit's later-meta rule and default:
    /// BOM, `--encoding`, container/content type, XML declaration, meta, windows-1252.
    /// An XML document (`asXML`) has no `<meta>` to read and defaults to UTF-8, as WebKit's
    /// decoder does for XML. `readsDeclarations`: look in the bytes for an XML declaration or
    /// `<meta>` (not in a text document).
    static func decodeDocument(_ bytes: [UInt8], container: (String, String)?, options: PageLoadOptions, path: String,
                               asXML: Bool = false, readsDeclarations: Bool = true) -> DecodedDocument {
        var notes: [Diagnostic] = []
        var body = bytes[...]
        let encoding: String
        let source: String
        if let (bomEncoding, length) = EncodingSniffer.byteOrderMark(bytes) {
            encoding = bomEncoding
            source = "byte order mark"
            body = bytes[length...]
        } else if let label = options.encoding, let named = TextEncodingRegistry.encodingName(forLabel: label) {
            encoding = named
            source = "--encoding"
        } else if let (named, containerSource) = container {
            encoding = named
            source = containerSource
        } else if asXML {
            if let declaration = EncodingSniffer.declaredEncoding(bytes), declaration.source == "xml declaration" {
                encoding = declaration.encoding
                source = declaration.source
            } else {
                encoding = "UTF-8"
                source = "default (UTF-8, for an XML document without an encoding declaration)"
            }
        } else if readsDeclarations, let declaration = EncodingSniffer.declaredEncoding(bytes) {
            encoding = declaration.encoding
            source = declaration.source
            if declaration.source == "meta after prescan" {
                notes.append(Diagnostic(.encodingMetaLate,
                    "the <meta> declaring \(encoding) is at byte \(declaration.offset), after the first 1024 bytes; WebKit still honours it because it is in the head (browsers following the spec strictly would not)",
                    file: path))
            }
        } else if readsDeclarations, let order = FileKindSniffer.utf32WithoutByteOrderMark(bytes) {
            encoding = "windows-1252"
            source = "default (the bytes look like UTF-32, \(order), with no byte order mark)"
            notes.append(Diagnostic(.encodingUTF32WithoutBom,
                "the page looks like UTF-32 (\(order)) without a byte order mark; WebKit does not detect UTF-32 and decodes it as windows-1252, so scripts see its markup as text with U+FFFD where the NULs were (save it as UTF-8 or with a BOM)",
                file: path))
        } else {
            encoding = "windows-1252"
            let looksUTF8 = bytes.contains { $0 >= 0x80 } && String(validating: bytes, as: UTF8.self) != nil
            let allASCII = !bytes.contains { $0 >= 0x80 }
            let evidence = allASCII ? "the bytes are all ASCII" : looksUTF8 ? "the bytes look like UTF-8" : "the bytes are not UTF-8"
            source = "default (guessed: windows-1252, WebKit's default for a page that declares no encoding; \(evidence))"
            if !allASCII {
                let advice = looksUTF8 ? "; the bytes are valid UTF-8, so Safari will show mojibake (pass --encoding utf-8 if the original page was served as UTF-8)" : ""
                notes.append(Diagnostic(.encodingGuessed,
                    "the page declares no encoding (no byte order mark, charset or <meta charset>); decoded as windows-1252 as WebKit does\(advice)",
                    file: path))
            }
        }
        if let label = options.encoding, TextEncodingRegistry.encodingName(forLabel: label) == nil {
            notes.append(Diagnostic(.encodingLabelUnknown, "--encoding \(label) is not an encoding label browsers know; ignored", file: path))
        }
        let (text, replaced) = TextEncodingRegistry.decode(Array(body), as: encoding)
        if replaced {
            notes.append(Diagnostic(.invalidBytesReplaced,
                "some bytes are not valid \(encoding) and became U+FFFD (\u{FFFD}), as in Safari", file: path))
        }
        return DecodedDocument(html: text, encoding: encoding, source: source, notes: notes)
    }

    // MARK: URL

    static func pageURL(options: PageLoadOptions, html: String, containerURL: String?, containerSource: String, path: String, notes: inout [Diagnostic]) -> (String, String) {
        if let url = options.url, !url.isEmpty { return (url, "command line") }
        if let containerURL, !containerURL.isEmpty, !containerURL.hasPrefix("cid:") { return (containerURL, containerSource) }
        if let url = PageURLFinder.savedFromURL(in: html) { return (url, "saved-from comment") }
        if let url = PageURLFinder.canonicalURL(in: html) { return (url, "canonical link") }
        let url = PageURLFinder.fileURL(forPath: path)
        notes.append(Diagnostic(.urlFromFilePath,
            "the page records no URL (no --url, saved-from comment or canonical link); using \(url), so location, origin and relative links differ from the real page",
            file: path))
        return (url, "file path")
    }

    static func mimeType(from contentType: String?) -> String? {
        guard let contentType, let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces), !type.isEmpty else { return nil }
        return type.lowercased()
    }
}
