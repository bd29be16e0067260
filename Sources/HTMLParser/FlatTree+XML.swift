/// The flat tree as an XML parser writes it (`Sources/XMLParser`): the same records, with what
/// XML has and HTML has not.
///
/// - An element's `name` is its qualified name (`svg:rect`); the DOM splits it at the colon.
/// - An element's namespace code is 0 HTML, 1 SVG, 2 MathML (as in an HTML parse), 3 none, and
///   `4 + i` for `xml.namespaces[i]`; an attribute's is 0 none, 1 XLink, 2 XML, 3 XMLNS (as in
///   an HTML parse) and `4 + i` likewise. So a tree of XHTML and SVG needs no table at all.
/// - CDATA sections (kind 4) hold their data as text does; a processing instruction (kind 7)
///   has its target in `name` and its data as text.
extension FlatTree {
    public struct XMLParts: Sendable {
        /// Namespace URIs other than the fixed ones, by first use.
        public var namespaces: [String] = []
        /// The XML declaration's version, encoding and standalone (nil: absent), when the
        /// document has one.
        public var version: String?
        public var encoding: String?
        public var standalone: Bool?
        /// False when the parse met an error (the tree is then WebKit's error document).
        public var wellFormed = true
    }

    /// The element namespace codes fixed for every parse (`XMLParts` for the others).
    public static let elementNamespaceCodes: [String: Int32] = [
        "http://www.w3.org/1999/xhtml": 0, "http://www.w3.org/2000/svg": 1, "http://www.w3.org/1998/Math/MathML": 2,
    ]
    public static let attributeNamespaceCodes: [String: Int32] = [
        "http://www.w3.org/1999/xlink": 1, "http://www.w3.org/XML/1998/namespace": 2, "http://www.w3.org/2000/xmlns/": 3,
    ]
    public static let noNamespaceCode: Int32 = 3

    /// An empty XML document: names of its own, not the HTML parser's known names.
    public static func xmlDocument() -> FlatTree {
        var tree = FlatTree(names: NameTable(capacity: 64), expectedNodes: 64)
        tree.xml = XMLParts()
        return tree
    }

    public mutating func markNotWellFormed() { xml?.wellFormed = false }

    public mutating func setXMLDeclaration(version: String?, encoding: String?, standalone: Bool?) {
        xml?.version = version
        xml?.encoding = encoding
        xml?.standalone = standalone
    }

    /// The code of namespace `uri` (nil or empty: none) for an element, or, with
    /// `forAttribute`, for an attribute.
    public mutating func namespaceCode(_ uri: String?, forAttribute: Bool) -> Int32 {
        guard let uri, !uri.isEmpty else { return forAttribute ? 0 : Self.noNamespaceCode }
        if let fixed = forAttribute ? Self.attributeNamespaceCodes[uri] : Self.elementNamespaceCodes[uri] { return fixed }
        if let index = xml?.namespaces.firstIndex(of: uri) { return Int32(4 + index) }
        xml?.namespaces.append(uri)
        return Int32(3 + (xml?.namespaces.count ?? 1))
    }

    /// The namespace URI of code `code` (an element's, or an attribute's), nil for none.
    public func namespaceURI(code: Int32, forAttribute: Bool) -> String? {
        if code >= 4 { return xml?.namespaces[Int(code - 4)] }
        let table = forAttribute ? Self.attributeNamespaceCodes : Self.elementNamespaceCodes
        return table.first { $0.value == code }?.key
    }

    /// The namespace code of node `index` (an element).
    public func namespaceCode(of index: Int32) -> Int32 { nodes[Int(index)].kindAndNamespace >> 8 }

    /// A new element, the last child of `parent`, with its attributes (qualified name,
    /// namespace code, value).
    @discardableResult
    public mutating func appendXMLElement(qualifiedName: String, namespace: Int32, attributes list: [(name: String, namespace: Int32, value: [UInt16])],
                                          to parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        let name = names.intern(qualifiedName)
        var node = Node(kindAndNamespace: NodeKind.element.rawValue | namespace << 8, name: name.raw, parent: -1,
                        firstChild: -1, lastChild: -1, previousSibling: -1, nextSibling: -1, start: 0, count: 0, extra: -1)
        if !list.isEmpty {
            node.start = Int32(attributes.count)
            node.count = Int32(list.count)
            for attribute in list {
                let valueStart = Int32(characters.count)
                characters.append(contentsOf: attribute.value)
                attributes.append(Attribute(name: names.intern(attribute.name).raw, namespace: attribute.namespace,
                                            valueStart: valueStart, valueLength: Int32(attribute.value.count)))
            }
        }
        appendRecord(node)
        insert(index, into: parent, before: -1)
        return index
    }

    /// Text, a CDATA section or a comment, the last child of `parent`; text right after text
    /// joins it (a parser reports one run of text in pieces).
    public mutating func appendXMLData(_ kind: NodeKind, _ data: UnsafeBufferPointer<UInt16>, to parent: Int32) {
        if kind == .text {
            let last = nodes[Int(parent)].lastChild
            if isText(last) {
                appendText(data, to: last)
                return
            }
        }
        let index = makeNode(kind: kind, namespace: .html, name: -1)
        nodes[Int(index)].start = Int32(characters.count)
        nodes[Int(index)].count = Int32(data.count)
        characters.append(contentsOf: data)
        insert(index, into: parent, before: -1)
    }

    /// A new empty text node, the last child of `parent` (its text comes later, `extendXMLText`).
    public mutating func appendXMLEmptyText(to parent: Int32) -> Int32 {
        let index = makeNode(kind: .text, namespace: .html, name: -1)
        nodes[Int(index)].start = Int32(characters.count)
        insert(index, into: parent, before: -1)
        return index
    }

    /// Appends `data` to text node `index`.
    public mutating func extendXMLText(_ index: Int32, _ data: UnsafeBufferPointer<UInt16>) { appendText(data, to: index) }

    /// A processing instruction, the last child of `parent`.
    public mutating func appendXMLProcessingInstruction(target: String, data: [UInt16], to parent: Int32) {
        let index = makeNode(kind: .processingInstruction, namespace: .html, name: names.intern(target).raw)
        nodes[Int(index)].start = Int32(characters.count)
        nodes[Int(index)].count = Int32(data.count)
        characters.append(contentsOf: data)
        insert(index, into: parent, before: -1)
    }

    /// The doctype, the document's last child.
    public mutating func appendXMLDoctype(name: String, publicId: String, systemId: String) {
        let index = makeDoctype(name: Array(name.utf16), publicId: Array(publicId.utf16), systemId: Array(systemId.utf16))
        insert(index, into: 0, before: -1)
    }

    /// Moves `node` into `parent` before `reference` (-1: last).
    public mutating func move(_ node: Int32, into parent: Int32, before reference: Int32) {
        remove(node)
        insert(node, into: parent, before: reference)
    }

    /// How many characters the tree holds so far (the parser's budget counts them).
    public var characterCount: Int { characters.count }

    private mutating func appendRecord(_ node: Node) { nodes.append(node) }
}

/// The HTML standard's named character references, for an XML parser that resolves them as
/// WebKit does in an XHTML document.
public enum HTMLNamedCharacters {
    /// The text `&name;` stands for, or nil.
    public static func text(named name: String) -> String? {
        let references = NamedCharacterReferences.shared
        var node = NamedCharacterReferences.root
        for unit in name.utf16 + [UInt16(UInt8(ascii: ";"))] {
            guard let next = references.step(node, unit) else { return nil }
            node = next
        }
        guard let (first, second) = references.value(at: node) else { return nil }
        var text = String(Character(Unicode.Scalar(first) ?? "\u{FFFD}"))
        if second != 0 { text.append(Character(Unicode.Scalar(second) ?? "\u{FFFD}")) }
        return text
    }
}
