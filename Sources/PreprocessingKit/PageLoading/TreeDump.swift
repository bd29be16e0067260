import HTMLParser

/// The tree Safari builds from a page, in html5lib's tree format (`dump-tree`).
public enum TreeDump {
    /// A fragment context that is not an element name, `svg NAME` or `math NAME`.
    public struct BadFragmentContext: Error {
        public let message = "--fragment takes an element name, or 'svg NAME' / 'math NAME'"
    }

    /// Parses the page's text as a document, or with `fragmentContext` (`td`, `svg path`,
    /// `math mi`) as the content of such an element, as `innerHTML =` does, and hands the lines
    /// to `write` in pieces of about 64 KB: a page nested thousands deep prints gigabytes.
    public static func write(_ page: LoadedPage, fragmentContext: String?, to write: (String) -> Void) throws(BadFragmentContext) {
        let tree: FlatTree
        if let fragmentContext {
            let parts = fragmentContext.split(separator: " ").map(String.init)
            let namespace: FlatTree.Namespace = parts.count == 2 ? (parts[0] == "svg" ? .svg : parts[0] == "math" ? .mathml : .html) : .html
            guard let name = parts.last, parts.count == 1 || (parts.count == 2 && namespace != .html) else { throw BadFragmentContext() }
            tree = HTMLParser.parseFragment(page.html, context: .init(localName: HTMLParser.elementName(name, namespace: namespace),
                                                                           namespace: namespace))
        } else {
            tree = HTMLParser.parseDocument(page.html)
        }
        var chunk = ""
        HTML5LibTreeFormat.forEachLine(of: tree) { line in
            chunk += line
            chunk += "\n"
            if chunk.utf8.count > 1 << 16 {
                write(chunk)
                chunk = ""
            }
        }
        write(chunk)
    }
}
