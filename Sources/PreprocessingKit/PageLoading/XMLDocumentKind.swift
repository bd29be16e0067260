/// Which documents WebKit builds with its XML parser. Which saved pages are XML documents, and of
/// which type, is `DocumentKind`'s choice (the type a page comes with, else its extension).
public enum XMLDocumentKind {
    /// Whether `mimeType` is an XML MIME type (https://mimesniff.spec.whatwg.org/#xml-mime-type,
    /// and `text/xsl`, which WebKit's `MIMETypeRegistry::isXMLMIMEType` adds), which WebKit
    /// parses with its XML parser.
    public static func isXML(_ mimeType: String?) -> Bool {
        guard let type = PageLoader.mimeType(from: mimeType) else { return false }
        return type == "text/xml" || type == "application/xml" || type == "text/xsl" || type.hasSuffix("+xml")
    }
}
