import HTMLParser

/// WebKit's error block for a document that is not well-formed (XMLErrors.cpp,
/// insertErrorMessageBlock): a `parsererror` element in the XHTML namespace listing the
/// messages, inserted as the first child of the document element, with what was parsed up to
/// the first fatal error kept below it. Without a document element, the block goes into a new
/// `html`/`body`; when the document element is SVG, it moves into such a `body` (after a
/// `head` whose `style` makes the SVG fill the page).
enum XMLErrorDocument {
    static let reportStyle = "display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; background-color: #fdd; color: black"
    static let svgStyle = "html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }"

    static func insert(into tree: inout FlatTree, messages: String) {
        let xhtml: Int32 = 0
        var target: Int32
        var documentElement: Int32 = -1
        var child = tree.node(0).firstChild
        while child >= 0 {
            if tree.node(child).kind == .element { documentElement = child; break }
            child = tree.node(child).nextSibling
        }
        if documentElement < 0 {
            let html = tree.appendXMLElement(qualifiedName: "html", namespace: xhtml, attributes: [], to: 0)
            target = tree.appendXMLElement(qualifiedName: "body", namespace: xhtml, attributes: [], to: html)
        } else if tree.namespaceCode(of: documentElement) == 1 {
            let html = tree.appendXMLElement(qualifiedName: "html", namespace: xhtml, attributes: [], to: 0)
            let head = tree.appendXMLElement(qualifiedName: "head", namespace: xhtml, attributes: [], to: html)
            let style = tree.appendXMLElement(qualifiedName: "style", namespace: xhtml, attributes: [], to: head)
            append(text: svgStyle, to: style, in: &tree)
            target = tree.appendXMLElement(qualifiedName: "body", namespace: xhtml, attributes: [], to: html)
            tree.move(documentElement, into: target, before: -1)
        } else {
            target = documentElement
        }
        let report = tree.appendXMLElement(qualifiedName: "parsererror", namespace: xhtml,
                                           attributes: [("style", 0, Array(reportStyle.utf16))], to: target)
        let heading = tree.appendXMLElement(qualifiedName: "h3", namespace: xhtml, attributes: [], to: report)
        append(text: "This page contains the following errors:", to: heading, in: &tree)
        let list = tree.appendXMLElement(qualifiedName: "div", namespace: xhtml,
                                         attributes: [("style", 0, Array("font-family:monospace;font-size:12px".utf16))], to: report)
        append(text: messages, to: list, in: &tree)
        let footer = tree.appendXMLElement(qualifiedName: "h3", namespace: xhtml, attributes: [], to: report)
        append(text: "Below is a rendering of the page up to the first error.", to: footer, in: &tree)
        tree.move(report, into: target, before: tree.node(target).firstChild == report ? -1 : tree.node(target).firstChild)
    }

    private static func append(text: String, to parent: Int32, in tree: inout FlatTree) {
        Array(text.utf16).withUnsafeBufferPointer { tree.appendXMLData(.text, $0, to: parent) }
    }
}
