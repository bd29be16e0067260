/// Which saved pages WebKit builds as XML documents, and with which MIME type: the type the
/// page comes with (`--content-type`, a web archive's main resource, an MHTML part), else the
/// file's extension, as Safari types a file it opens.
public enum XMLDocumentKind {
    /// The MIME type Safari gives a file by its extension, for the XML kinds.
    static let typesByExtension: [String: String] = [
        ".svg": "image/svg+xml", ".xml": "application/xml", ".xhtml": "application/xhtml+xml", ".xht": "application/xhtml+xml",
        ".rss": "application/rss+xml", ".atom": "application/atom+xml",
    ]

    /// Whether `mimeType` is an XML MIME type (https://mimesniff.spec.whatwg.org/#xml-mime-type),
    /// which WebKit parses with its XML parser.
    public static func isXML(_ mimeType: String?) -> Bool {
        guard let type = PageLoader.mimeType(from: mimeType) else { return false }
        return type == "text/xml" || type == "application/xml" || type.hasSuffix("+xml")
    }

    /// The XML MIME type of the page named `name` (lower case, without `.gz`), or nil when it
    /// is not an XML document: `supplied` (the type it came with) decides when there is one.
    static func forPage(name: String, supplied: String?) -> String? {
        if let type = PageLoader.mimeType(from: supplied) { return isXML(type) ? type : nil }
        return typesByExtension.first { name.hasSuffix($0.key) }?.value
    }
}
