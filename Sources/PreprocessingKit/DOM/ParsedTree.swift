import HTMLParser
import JavaScriptEngine
import XMLParser

/// The HTML parser's flat tree, handed to the DOM in one crossing (`DOM/js/CONTRACT.md`, "The
/// flat tree"): its node and attribute records as two `Int32Array`s over one copy of their
/// memory, every character as one string the DOM takes slices of, and the names as one string.
enum ParsedTree {
    /// The array `[nodes, attributes, text, names, resultRoot, quirksMode, doctype]`, and, for the
    /// page's document, which the DOM builds on demand, `[elements, ends, positions,
    /// hasShadowRootTemplates]` (`FlatTree.ElementOrder`) as its eighth item.
    static func value(of tree: FlatTree, elementOrder: FlatTree.ElementOrder? = nil, in context: JavaScriptContext) throws -> JavaScriptValue {
        precondition(FlatTree.layoutIsFlat, "FlatTree.Node and FlatTree.Attribute must be plain Int32 records")
        let nodes = try tree.nodes.withUnsafeBytes { try context.makeInt32Array(copying: $0) }
        let attributes = try tree.attributes.withUnsafeBytes { try context.makeInt32Array(copying: $0) }
        let text = tree.characters.withUnsafeBufferPointer { context.string(utf16: $0) }
        let names = tree.names.spaceSeparated().withUnsafeBufferPointer { context.string(utf16: $0) }
        let doctype: JavaScriptValue
        if let ranges = tree.doctype {
            doctype = try context.makeArray([ranges.name, ranges.publicId, ranges.systemId].flatMap {
                [context.number(Double($0.lowerBound)), context.number(Double($0.count))]
            })
        } else {
            doctype = context.null
        }
        var items = [nodes, attributes, text, names, context.number(Double(tree.resultRoot)),
                     context.string(tree.quirksMode.rawValue), doctype]
        if let xml = tree.xml {
            // Item 8, an XML parse's parts (CONTRACT.md): item 7, the element order, is null.
            items.append(context.null)
            func string(_ value: String?) -> JavaScriptValue { value.map { context.string($0) } ?? context.null }
            items.append(try context.makeArray([
                try context.makeArray(xml.namespaces.map { context.string($0) }),
                string(xml.version), string(xml.encoding), xml.standalone.map { context.boolean($0) } ?? context.null,
                context.boolean(xml.wellFormed),
            ]))
            return try context.makeArray(items)
        }
        if let order = elementOrder {
            items.append(try context.makeArray([
                try order.elements.withUnsafeBytes { try context.makeInt32Array(copying: $0) },
                try order.ends.withUnsafeBytes { try context.makeInt32Array(copying: $0) },
                try order.positions.withUnsafeBytes { try context.makeInt32Array(copying: $0) },
                context.boolean(order.hasShadowRootTemplates),
            ]))
        }
        return try context.makeArray(items)
    }

    /// Parses a document the page's scripts gave as a string (`DOMParser`, `document.write`,
    /// frames): its UTF-16 exactly as JavaScript has it, lone surrogates included.
    static func parseDocument(_ html: JavaScriptValue) -> FlatTree {
        var units = html.utf16Units
        HTMLInput.normalizeNewlines(&units)
        return units.withUnsafeBufferPointer { HTMLParser.parseDocument($0) }
    }

    /// `host.parseXML(text)`: an XML document the page's scripts gave as a string (`DOMParser`'s
    /// XML types, an XHR's XML response), WebKit's error document when it is not well-formed.
    static func parseXMLDocument(_ text: JavaScriptValue) -> FlatTree {
        text.utf16Units.withUnsafeBufferPointer { XMLParser.parse($0).tree }
    }

    /// `host.parseFragment(html, localName, namespace, inForm, quirksMode, encoding)`.
    static func parseFragment(_ arguments: [JavaScriptValue]) -> FlatTree {
        guard let html = arguments.first else { return HTMLParser.parseFragment("", context: .init(localName: "body")) }
        func argument(_ index: Int) -> JavaScriptValue? { index < arguments.count ? arguments[index] : nil }
        let namespace = FlatTree.Namespace(rawValue: Int32(argument(2)?.numberValue ?? 0)) ?? .html
        let encoding = argument(5).flatMap { $0.isString ? $0.stringValue : nil }
        let context = HTMLParser.FragmentContext(
            localName: argument(1)?.stringValue ?? "body", namespace: namespace, encoding: encoding,
            hasFormAncestor: argument(3)?.booleanValue ?? false,
            quirksMode: FlatTree.QuirksMode(rawValue: argument(4)?.stringValue ?? "") ?? .noQuirks)
        var units = html.utf16Units
        HTMLInput.normalizeNewlines(&units)
        return units.withUnsafeBufferPointer { HTMLParser.parseFragment($0, context: context) }
    }
}
