/// The tree a parse produces, in flat storage: one fixed-size record per node, one per
/// attribute, every character of text, comments and attribute values in one UTF-16 buffer, and
/// the names of the parse. The tree builder writes it directly while it parses; the DOM reads
/// the same memory (`nodeRecords`, `attributeRecords`, `characters`, `names`).
///
/// Nodes are indexed in creation order; index 0 is the document (or, for a fragment, the
/// document whose root element holds the fragment's nodes). Links are indices, -1 for none.
public struct FlatTree: Sendable {
    public enum NodeKind: Int32, Sendable {
        case element = 1, text = 3, comment = 8, document = 9, doctype = 10, documentFragment = 11
        /// Only in an XML parse (`FlatTree+XML.swift`).
        case cdataSection = 4, processingInstruction = 7
    }

    public enum Namespace: Int32, Sendable {
        case html = 0, svg = 1, mathml = 2
    }

    public enum QuirksMode: String, Sendable {
        case noQuirks = "no-quirks", quirks = "quirks", limitedQuirks = "limited-quirks"
    }

    /// A node's record: ten 32-bit integers, in this order (the DOM reads them by offset).
    public struct Node: Sendable {
        /// `NodeKind` | `Namespace` << 8.
        public var kindAndNamespace: Int32
        /// Element: its local name's id in `names`.
        public var name: Int32
        public var parent: Int32
        public var firstChild: Int32
        public var lastChild: Int32
        public var previousSibling: Int32
        public var nextSibling: Int32
        /// Element: its first attribute's index; text and comment: their data's offset in
        /// `characters`; doctype: the offset of its name.
        public var start: Int32
        /// Element: its number of attributes; text, comment: their data's length.
        public var count: Int32
        /// Template element: the index of its content (a document fragment); else -1.
        public var extra: Int32

        public var kind: NodeKind { NodeKind(rawValue: kindAndNamespace & 0xFF)! }
        public var namespace: Namespace { Namespace(rawValue: kindAndNamespace >> 8)! }

        /// Record size in 32-bit integers, and the offsets the DOM reads.
        public static let fieldCount = 10
    }

    /// An attribute's record: four 32-bit integers.
    public struct Attribute: Sendable {
        /// The qualified name's id in `names` (`xlink:href` for a namespaced attribute).
        public var name: Int32
        /// 0 none, 1 XLink, 2 XML, 3 XMLNS.
        public var namespace: Int32
        public var valueStart: Int32
        public var valueLength: Int32

        public static let fieldCount = 4
    }

    public internal(set) var nodes: [Node] = []
    public internal(set) var attributes: [Attribute] = []
    public internal(set) var characters: [UInt16] = []
    public internal(set) var names: NameTable
    public internal(set) var quirksMode: QuirksMode = .noQuirks
    /// The doctype's name, public and system identifiers (as `characters` ranges), if the
    /// document has one.
    public private(set) var doctype: (name: Range<Int>, publicId: Range<Int>, systemId: Range<Int>)?
    /// The node whose children are the result: the document, or a fragment's root element.
    public internal(set) var resultRoot: Int32 = 0
    /// What an XML parse adds (namespaces, the XML declaration); nil for an HTML parse.
    public internal(set) var xml: XMLParts?

    init(names: NameTable, expectedNodes: Int = 256) {
        self.names = names
        nodes.reserveCapacity(expectedNodes)
        characters.reserveCapacity(expectedNodes * 16)
        _ = makeNode(kind: .document, namespace: .html, name: -1)
    }

    /// The layout the DOM relies on: `Node` and `Attribute` are plain arrays of Int32.
    public static let layoutIsFlat: Bool = {
        MemoryLayout<Node>.stride == Node.fieldCount * 4 && MemoryLayout<Node>.offset(of: \Node.extra) == 36
            && MemoryLayout<Node>.offset(of: \Node.parent) == 8 && MemoryLayout<Node>.offset(of: \Node.start) == 28
            && MemoryLayout<Attribute>.stride == Attribute.fieldCount * 4
            && MemoryLayout<Attribute>.offset(of: \Attribute.valueLength) == 12
    }()

    // MARK: Reading

    public var nodeCount: Int { nodes.count }

    public func node(_ index: Int32) -> Node { nodes[Int(index)] }

    /// The text of a text or comment node.
    public func data(_ index: Int32) -> String {
        let node = nodes[Int(index)]
        return String(decoding: characters[Int(node.start)..<Int(node.start + node.count)], as: UTF16.self)
    }

    /// The attributes of element `index`, as (qualified name, namespace, value).
    public func attributes(of index: Int32) -> [(name: String, namespace: Int32, value: String)] {
        let node = nodes[Int(index)]
        guard node.kind == .element else { return [] }
        return (Int(node.start)..<Int(node.start + node.count)).map { i in
            let attribute = attributes[i]
            return (names.string(NameID(attribute.name)), attribute.namespace,
                    String(decoding: characters[Int(attribute.valueStart)..<Int(attribute.valueStart + attribute.valueLength)],
                           as: UTF16.self))
        }
    }

    /// The local name of element `index`.
    public func localName(_ index: Int32) -> String { names.string(NameID(nodes[Int(index)].name)) }

    public func string(_ range: Range<Int>) -> String {
        String(decoding: characters[range], as: UTF16.self)
    }

    // MARK: The result's elements in tree order

    /// The elements of the result root's tree in tree order, for the DOM's element index of a
    /// document it builds on demand (`DOM/js/CONTRACT.md`, "The element order"). A template's
    /// content is not its children, so it is not in the order.
    public struct ElementOrder: Sendable {
        /// Each element's node index, in tree order.
        public var elements: [Int32] = []
        /// For each position in `elements`, the position after the last element of its subtree.
        public var ends: [Int32] = []
        /// For each node, its position in `elements`, or -1 (not an element of the tree).
        public var positions: [Int32] = []
        /// Whether a `template` element has a `shadowrootmode` attribute: the DOM may make it
        /// its parent's shadow root, which takes it and its content out of the tree.
        public var hasShadowRootTemplates = false
    }

    /// The result root's elements in tree order; a loop over the links, however deep the tree.
    public func elementOrder() -> ElementOrder {
        var order = ElementOrder()
        order.positions = Array(repeating: -1, count: nodes.count)
        let shadowRootMode = names.lookUp("shadowrootmode")
        // Positions of the elements whose subtrees are open, innermost last.
        var open: [Int32] = []
        var index = nodes[Int(resultRoot)].firstChild
        while index >= 0 {
            let node = nodes[Int(index)]
            if node.kindAndNamespace & 0xFF == NodeKind.element.rawValue {
                let position = Int32(order.elements.count)
                order.elements.append(index)
                order.ends.append(position + 1)
                order.positions[Int(index)] = position
                if node.extra >= 0, let shadowRootMode, attributeValue(index, shadowRootMode) != nil {
                    order.hasShadowRootTemplates = true
                }
                if node.firstChild >= 0 {
                    open.append(position)
                    index = node.firstChild
                    continue
                }
            }
            // Only elements have children here, so each step up closes the innermost open one.
            var next = node.nextSibling
            var up = index
            while next < 0 {
                up = nodes[Int(up)].parent
                if up == resultRoot || up < 0 { break }
                let position = open.removeLast()
                order.ends[Int(position)] = Int32(order.elements.count)
                next = nodes[Int(up)].nextSibling
            }
            index = next
        }
        return order
    }

    // MARK: Writing (the tree builder's sink)

    mutating func makeNode(kind: NodeKind, namespace: Namespace, name: Int32) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(Node(kindAndNamespace: kind.rawValue | namespace.rawValue << 8, name: name, parent: -1,
                          firstChild: -1, lastChild: -1, previousSibling: -1, nextSibling: -1,
                          start: 0, count: 0, extra: -1))
        return index
    }

    /// A new element with the current tag token's attributes (their names already adjusted).
    mutating func makeElement(name: NameID, namespace: Namespace, attributes tokenAttributes: [TokenAttribute],
                              namespaces: [ForeignNames.AttributeNamespace]?, values: UnsafeBufferPointer<UInt16>) -> Int32 {
        let index = makeNode(kind: .element, namespace: namespace, name: name.raw)
        if !tokenAttributes.isEmpty {
            nodes[Int(index)].start = Int32(attributes.count)
            nodes[Int(index)].count = Int32(tokenAttributes.count)
            for (i, attribute) in tokenAttributes.enumerated() {
                let valueStart = Int32(characters.count)
                characters.append(contentsOf: UnsafeBufferPointer(rebasing: values[Int(attribute.valueStart)..<Int(attribute.valueEnd)]))
                attributes.append(Attribute(name: attribute.name.raw, namespace: Int32(namespaces?[i].rawValue ?? 0),
                                            valueStart: valueStart, valueLength: attribute.valueEnd - attribute.valueStart))
            }
        }
        if name == .template && namespace == .html {
            nodes[Int(index)].extra = makeNode(kind: .documentFragment, namespace: .html, name: -1)
        }
        return index
    }

    /// A new element with the same name, namespace and attributes as `original` (the
    /// adoption agency and the reconstruction of formatting elements recreate elements so).
    mutating func makeElement(copying original: Int32) -> Int32 {
        let source = nodes[Int(original)]
        let index = makeNode(kind: .element, namespace: source.namespace, name: source.name)
        nodes[Int(index)].start = source.start
        nodes[Int(index)].count = source.count
        return index
    }

    /// A hash of an element's name, namespace and attributes (in any order): equal for elements
    /// `sameElementAndAttributes` calls the same.
    func elementKey(_ index: Int32) -> Int {
        let node = nodes[Int(index)]
        var key = Int(node.name) &* 31 &+ Int(node.kindAndNamespace)
        for i in Int(node.start)..<Int(node.start + node.count) {
            let attribute = attributes[i]
            var h = UInt32(2_166_136_261) ^ UInt32(bitPattern: attribute.name) ^ UInt32(bitPattern: attribute.namespace << 20)
            for unit in characters[Int(attribute.valueStart)..<Int(attribute.valueStart + attribute.valueLength)] {
                h = (h ^ UInt32(unit)) &* 16_777_619
            }
            key = key &+ Int(h)
        }
        return key
    }

    /// Whether two elements have the same name, namespace and attributes (Noah's Ark clause).
    func sameElementAndAttributes(_ a: Int32, _ b: Int32) -> Bool {
        let x = nodes[Int(a)], y = nodes[Int(b)]
        guard x.name == y.name, x.kindAndNamespace == y.kindAndNamespace, x.count == y.count else { return false }
        if x.start == y.start { return true }
        for i in 0..<Int(x.count) {
            let attribute = attributes[Int(x.start) + i]
            var found = false
            for j in 0..<Int(y.count) {
                let other = attributes[Int(y.start) + j]
                if other.name == attribute.name, other.namespace == attribute.namespace {
                    found = other.valueLength == attribute.valueLength
                        && characters[Int(other.valueStart)..<Int(other.valueStart + other.valueLength)]
                            == characters[Int(attribute.valueStart)..<Int(attribute.valueStart + attribute.valueLength)]
                    break
                }
            }
            if !found { return false }
        }
        return true
    }

    /// Adds to `element` each of the token's attributes it does not have yet (a second
    /// `<html>` or `<body>` start tag). The element's attributes move to the end of the table.
    mutating func addMissingAttributes(to element: Int32, _ tokenAttributes: [TokenAttribute], values: UnsafeBufferPointer<UInt16>) {
        let node = nodes[Int(element)]
        var added: [TokenAttribute] = []
        for attribute in tokenAttributes {
            var present = false
            for i in Int(node.start)..<Int(node.start + node.count) where attributes[i].name == attribute.name.raw {
                present = true
                break
            }
            if !present { added.append(attribute) }
        }
        guard !added.isEmpty else { return }
        let newStart = Int32(attributes.count)
        attributes.append(contentsOf: Array(attributes[Int(node.start)..<Int(node.start + node.count)]))
        for attribute in added {
            let valueStart = Int32(characters.count)
            characters.append(contentsOf: UnsafeBufferPointer(rebasing: values[Int(attribute.valueStart)..<Int(attribute.valueEnd)]))
            attributes.append(Attribute(name: attribute.name.raw, namespace: 0, valueStart: valueStart,
                                        valueLength: attribute.valueEnd - attribute.valueStart))
        }
        nodes[Int(element)].start = newStart
        nodes[Int(element)].count = node.count + Int32(added.count)
    }

    /// The value of `element`'s attribute named `name`, if it has one.
    func attributeValue(_ element: Int32, _ name: NameID) -> ArraySlice<UInt16>? {
        let node = nodes[Int(element)]
        for i in Int(node.start)..<Int(node.start + node.count) where attributes[i].name == name.raw {
            let attribute = attributes[i]
            return characters[Int(attribute.valueStart)..<Int(attribute.valueStart + attribute.valueLength)]
        }
        return nil
    }

    mutating func makeComment(_ data: [UInt16]) -> Int32 {
        let index = makeNode(kind: .comment, namespace: .html, name: -1)
        nodes[Int(index)].start = Int32(characters.count)
        nodes[Int(index)].count = Int32(data.count)
        characters.append(contentsOf: data)
        return index
    }

    mutating func makeDoctype(name: [UInt16], publicId: [UInt16], systemId: [UInt16]) -> Int32 {
        let index = makeNode(kind: .doctype, namespace: .html, name: -1)
        let start = characters.count
        characters.append(contentsOf: name)
        characters.append(contentsOf: publicId)
        characters.append(contentsOf: systemId)
        let a = start + name.count, b = a + publicId.count
        doctype = (start..<a, a..<b, b..<(b + systemId.count))
        nodes[Int(index)].start = Int32(start)
        return index
    }

    /// A text node holding `text`.
    mutating func makeText(_ text: UnsafeBufferPointer<UInt16>) -> Int32 {
        let index = makeNode(kind: .text, namespace: .html, name: -1)
        nodes[Int(index)].start = Int32(characters.count)
        nodes[Int(index)].count = Int32(text.count)
        characters.append(contentsOf: text)
        return index
    }

    /// Appends `text` to text node `index`'s data. Data that is not at the end of `characters`
    /// moves there first, so every node's data stays one range.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt16>, to index: Int32) {
        let node = nodes[Int(index)]
        if Int(node.start + node.count) != characters.count {
            // Through a copy: appending a slice of the array to itself would copy the whole
            // buffer (the slice shares it), once per move.
            let data = Array(characters[Int(node.start)..<Int(node.start + node.count)])
            nodes[Int(index)].start = Int32(characters.count)
            characters.append(contentsOf: data)
        }
        characters.append(contentsOf: text)
        nodes[Int(index)].count += Int32(text.count)
    }

    /// The length of text node `index`'s data.
    func textLength(_ index: Int32) -> Int { Int(nodes[Int(index)].count) }

    func parent(_ index: Int32) -> Int32 { nodes[Int(index)].parent }
    func lastChild(_ index: Int32) -> Int32 { nodes[Int(index)].lastChild }
    func previousSibling(_ index: Int32) -> Int32 { nodes[Int(index)].previousSibling }
    func isText(_ index: Int32) -> Bool { index >= 0 && nodes[Int(index)].kindAndNamespace == NodeKind.text.rawValue }
    func templateContent(_ index: Int32) -> Int32 { nodes[Int(index)].extra }

    /// Inserts `child` (which has no parent) into `parent` before `reference`, or last when
    /// `reference` is -1.
    mutating func insert(_ child: Int32, into parent: Int32, before reference: Int32) {
        nodes[Int(child)].parent = parent
        if reference < 0 {
            let last = nodes[Int(parent)].lastChild
            nodes[Int(child)].previousSibling = last
            nodes[Int(child)].nextSibling = -1
            if last >= 0 { nodes[Int(last)].nextSibling = child } else { nodes[Int(parent)].firstChild = child }
            nodes[Int(parent)].lastChild = child
        } else {
            let previous = nodes[Int(reference)].previousSibling
            nodes[Int(child)].previousSibling = previous
            nodes[Int(child)].nextSibling = reference
            nodes[Int(reference)].previousSibling = child
            if previous >= 0 { nodes[Int(previous)].nextSibling = child } else { nodes[Int(parent)].firstChild = child }
        }
    }

    /// Takes `child` out of its parent, if it has one.
    mutating func remove(_ child: Int32) {
        let node = nodes[Int(child)]
        guard node.parent >= 0 else { return }
        if node.previousSibling >= 0 { nodes[Int(node.previousSibling)].nextSibling = node.nextSibling }
        else { nodes[Int(node.parent)].firstChild = node.nextSibling }
        if node.nextSibling >= 0 { nodes[Int(node.nextSibling)].previousSibling = node.previousSibling }
        else { nodes[Int(node.parent)].lastChild = node.previousSibling }
        nodes[Int(child)].parent = -1
        nodes[Int(child)].previousSibling = -1
        nodes[Int(child)].nextSibling = -1
    }

    /// Moves every child of `from` to the end of `to`'s children, in order.
    mutating func moveChildren(of from: Int32, to: Int32) {
        var child = nodes[Int(from)].firstChild
        guard child >= 0 else { return }
        while child >= 0 {
            nodes[Int(child)].parent = to
            child = nodes[Int(child)].nextSibling
        }
        let first = nodes[Int(from)].firstChild, last = nodes[Int(from)].lastChild
        let previousLast = nodes[Int(to)].lastChild
        if previousLast >= 0 {
            nodes[Int(previousLast)].nextSibling = first
            nodes[Int(first)].previousSibling = previousLast
        } else {
            nodes[Int(to)].firstChild = first
        }
        nodes[Int(to)].lastChild = last
        nodes[Int(from)].firstChild = -1
        nodes[Int(from)].lastChild = -1
    }
}
