/// Writes a tree in the format of html5lib-tests' `#document` sections, which is also what
/// `preprocess-sim dump-tree` prints:
///
///     | <html>
///     |   <head>
///     |   <body>
///     |     <svg svg>
///     |       xlink href="#a"
///     |     "text"
///
/// One line per node, two spaces a level; attributes one level in, sorted; `svg `/`math `
/// before foreign names; a template's contents under a `content` line.
public enum HTML5LibTreeFormat {
    public static func document(_ tree: FlatTree) -> String {
        var lines: [String] = []
        forEachLine(of: tree) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// Calls `body` with each line in turn (a deep tree's lines are long and many: nothing is
    /// kept).
    public static func forEachLine(of tree: FlatTree, root: Int32? = nil, _ body: (String) -> Void) {
        // (node, depth) pairs still to write, next sibling first in line: a loop, not recursion.
        var pending: [(node: Int32, depth: Int)] = []
        func pushChildren(of parent: Int32, depth: Int) {
            var children: [Int32] = []
            var child = tree.node(parent).firstChild
            while child >= 0 {
                children.append(child)
                child = tree.node(child).nextSibling
            }
            for child in children.reversed() { pending.append((child, depth)) }
        }
        pushChildren(of: root ?? tree.resultRoot, depth: 0)
        while let (node, depth) = pending.popLast() {
            if node < 0 {
                // A template's `content` marker: -1 - content index.
                let content = -1 - node
                body(prefix(depth) + "content")
                pushChildren(of: content, depth: depth + 1)
                continue
            }
            let record = tree.node(node)
            switch record.kind {
            case .element where tree.xml != nil:
                // An XML parse: the namespace URI (if any) before the qualified name.
                let uri = tree.namespaceURI(code: tree.namespaceCode(of: node), forAttribute: false)
                body(prefix(depth) + "<" + (uri.map { $0 + " " } ?? "") + tree.localName(node) + ">")
                tree.attributes(of: node).map { attribute in
                    let uri = tree.namespaceURI(code: attribute.namespace, forAttribute: true)
                    return prefix(depth + 1) + (uri.map { $0 + " " } ?? "") + attribute.name + "=\"" + attribute.value + "\""
                }.forEach(body)
                pushChildren(of: node, depth: depth + 1)
            case .element:
                let namespacePrefix = record.namespace == .svg ? "svg " : record.namespace == .mathml ? "math " : ""
                body(prefix(depth) + "<" + namespacePrefix + tree.localName(node) + ">")
                let attributes = tree.attributes(of: node).map { attribute -> String in
                    var name = attribute.name
                    if attribute.namespace != 0, let colon = name.firstIndex(of: ":") {
                        name = name[..<colon] + " " + name[name.index(after: colon)...]
                    }
                    return prefix(depth + 1) + name + "=\"" + attribute.value + "\""
                }.sorted()
                attributes.forEach(body)
                // Children after the content marker, so the marker comes first.
                pushChildren(of: node, depth: depth + 1)
                if record.extra >= 0 { pending.append((-1 - record.extra, depth + 1)) }
            case .text:
                body(prefix(depth) + "\"" + tree.data(node) + "\"")
            case .comment:
                body(prefix(depth) + "<!-- " + tree.data(node) + " -->")
            case .cdataSection:
                body(prefix(depth) + "<![CDATA[" + tree.data(node) + "]]>")
            case .processingInstruction:
                body(prefix(depth) + "<?" + tree.localName(node) + " " + tree.data(node) + ">")
            case .doctype:
                guard let doctype = tree.doctype else { continue }
                let name = tree.string(doctype.name)
                let publicId = tree.string(doctype.publicId), systemId = tree.string(doctype.systemId)
                if publicId.isEmpty && systemId.isEmpty {
                    body(prefix(depth) + "<!DOCTYPE \(name)>")
                } else {
                    body(prefix(depth) + "<!DOCTYPE \(name) \"\(publicId)\" \"\(systemId)\">")
                }
            case .document, .documentFragment:
                continue
            }
        }
    }

    private static func prefix(_ depth: Int) -> String {
        "| " + String(repeating: "  ", count: depth)
    }
}
