/// Creating and inserting nodes: the appropriate place (with foster parenting and WebKit's
/// depth limit), elements from tag tokens, comments, and text with WebKit's text node length
/// limit.
/// https://html.spec.whatwg.org/multipage/parsing.html#creating-and-inserting-nodes
extension TreeBuilder {
    /// "The appropriate place for inserting a node": a parent and the child to insert before
    /// (-1: at the end).
    func appropriatePlace(overrideTarget: Int32? = nil) -> (parent: Int32, before: Int32) {
        let target = overrideTarget ?? currentNode
        var place: (parent: Int32, before: Int32)
        let targetIndex = overrideTarget.flatMap { stackIndex(of: $0) } ?? (openNodes.count - 1)
        if fosterParenting, causesFosterParenting(targetIndex) {
            var lastTemplate = -1
            var lastTable = -1
            var i = openNodes.count - 1
            while i >= 0, lastTemplate < 0 || lastTable < 0 {
                if lastTemplate < 0, isHTML(i, .template) { lastTemplate = i }
                if lastTable < 0, isHTML(i, .table) { lastTable = i }
                i -= 1
            }
            if lastTemplate >= 0, lastTable < 0 || lastTemplate > lastTable {
                place = (openNodes[lastTemplate], -1)
            } else if lastTable < 0 {
                place = (openNodes[0], -1)
            } else if tree.parent(openNodes[lastTable]) >= 0 {
                place = (tree.parent(openNodes[lastTable]), openNodes[lastTable])
            } else {
                place = (openNodes[lastTable - 1], -1)
            }
        } else {
            place = (target, -1)
        }
        return insideTemplateContents(place)
    }

    /// A place inside a template element is inside its template contents.
    func insideTemplateContents(_ place: (parent: Int32, before: Int32)) -> (parent: Int32, before: Int32) {
        let content = tree.templateContent(place.parent)
        return content >= 0 && place.before < 0 ? (content, -1) : place
    }

    func causesFosterParenting(_ index: Int) -> Bool {
        guard openNamespaces[index] == .html else { return false }
        let name = openNames[index]
        return name == .table || name == .tbody || name == .tfoot || name == .thead || name == .tr
    }

    /// Where an element or comment goes: the appropriate place, but with WebKit's depth limit.
    /// Once the stack holds `maximumDepth` elements, a node for the current node P goes to P's
    /// parent instead and P leaves the stack, so the tree gets no deeper. Foster-parented
    /// nodes are exempt, and so is a P made for the same token (WebKit attaches a token's nodes
    /// after the token, so P has no parent yet). Recorded: dom-cases/parser-limits.json.
    mutating func placeForNewNode() -> (parent: Int32, before: Int32) {
        if openNodes.count >= maximumDepth, !(fosterParenting && causesFosterParenting(openNodes.count - 1)) {
            let current = currentNode
            let parent = tree.parent(current)
            if parent >= 0, current < firstNodeOfToken {
                pop()
                return insideTemplateContents((parent, -1))
            }
        }
        return appropriatePlace()
    }

    /// Creates an element for the current tag (or a synthesized one) in `namespace`, with
    /// attribute names adjusted for foreign content.
    mutating func createElement(for tag: Tag, namespace: FlatTree.Namespace) -> Int32 {
        var name = tag.name
        if namespace == .svg, let adjusted = ForeignNames.svgElementAdjustments[name.raw] { name = adjusted }
        guard tag.hasAttributes else {
            return tree.makeElement(name: name, namespace: namespace, attributes: [], namespaces: nil,
                                    values: UnsafeBufferPointer(start: nil, count: 0))
        }
        if namespace == .html {
            return tokenizer.values.withUnsafeBufferPointer { values in
                tree.makeElement(name: name, namespace: .html, attributes: tokenizer.attributes, namespaces: nil, values: values)
            }
        }
        var attributes = tokenizer.attributes
        var namespaces: [ForeignNames.AttributeNamespace] = []
        namespaces.reserveCapacity(attributes.count)
        for i in attributes.indices {
            let raw = attributes[i].name.raw
            if namespace == .svg, let adjusted = ForeignNames.svgAttributeAdjustments[raw] {
                attributes[i].name = adjusted
            } else if namespace == .mathml, attributes[i].name == .definitionurl {
                attributes[i].name = NameID(.definitionURL)
            }
            namespaces.append(ForeignNames.foreignAttributeNamespaces[attributes[i].name.raw] ?? .none)
        }
        return tokenizer.values.withUnsafeBufferPointer { values in
            tree.makeElement(name: name, namespace: namespace, attributes: attributes, namespaces: namespaces, values: values)
        }
    }

    /// "Insert a foreign element" (HTML elements included) for `tag`, and push it.
    @discardableResult
    mutating func insertElement(for tag: Tag, namespace: FlatTree.Namespace = .html) -> Int32 {
        let place = placeForNewNode()
        let element = createElement(for: tag, namespace: namespace)
        tree.insert(element, into: place.parent, before: place.before)
        var integrationPoint = false
        if namespace != .html {
            let name = NameID(tree.node(element).name)
            integrationPoint = namespace == .svg ? isHTMLIntegrationPoint(name: name, namespace: .svg, annotationXMLFlag: false)
                : name == .annotationXML && annotationXMLIsIntegrationPoint(element)
        }
        push(element, name: NameID(tree.node(element).name), namespace: namespace, integrationPoint: integrationPoint)
        return element
    }

    @discardableResult
    mutating func insertHTMLElement(_ name: KnownName) -> Int32 {
        insertElement(for: Tag(name: NameID(name), selfClosing: false, hasAttributes: false))
    }

    private func annotationXMLIsIntegrationPoint(_ element: Int32) -> Bool {
        guard let value = tree.attributeValue(element, NameID(.encoding)) else { return false }
        let lowered = value.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return lowered.elementsEqual("text/html".utf16) || lowered.elementsEqual("application/xhtml+xml".utf16)
    }

    mutating func insertComment(at place: (parent: Int32, before: Int32)? = nil) {
        let place = place ?? placeForNewNode()
        let comment = tree.makeComment(tokenizer.commentData)
        tree.insert(comment, into: place.parent, before: place.before)
    }

    /// "Insert a character", for a run of them: appended to the text node right before the
    /// insertion point, or a new one. Nothing is inserted into the document itself.
    mutating func insertCharacters(_ text: UnsafeBufferPointer<UInt16>) {
        let place = appropriatePlace()
        let parent = tree.node(place.parent)
        if parent.kind == .document { return }
        let previous = place.before >= 0 ? tree.previousSibling(place.before) : tree.lastChild(place.parent)
        let limited = !Self.holdsUnlimitedText(parent)
        let previousLength = tree.isText(previous) ? tree.textLength(previous) : 0
        if !limited || previousLength + text.count <= Self.textNodeLengthLimit {
            if tree.isText(previous) {
                tree.appendText(text, to: previous)
            } else {
                tree.insert(tree.makeText(text), into: place.parent, before: place.before)
            }
            return
        }
        insertSplitText(text, place: place, previous: tree.isText(previous) ? previous : -1)
    }

    /// WebKit's longest text node from the parser (`Text::defaultLengthLimit`).
    static let textNodeLengthLimit = 65536

    /// HTML `script`, HTML `style` and SVG `script` get their text in one node of any length.
    private static func holdsUnlimitedText(_ node: FlatTree.Node) -> Bool {
        guard node.kind == .element else { return false }
        let name = NameID(node.name)
        switch node.namespace {
        case .html: return name == .script || name == .style
        case .svg: return name == .script
        case .mathml: return false
        }
    }

    /// Spreads `text` over text nodes of at most 65,536 code units, as WebKit does: the text
    /// node before the insertion point is filled first, and each cut moves back to a grapheme
    /// cluster boundary found in `text` alone. Recorded: dom-cases/parser-limits.json.
    private mutating func insertSplitText(_ text: UnsafeBufferPointer<UInt16>, place: (parent: Int32, before: Int32), previous: Int32) {
        let boundaries = Self.graphemeBoundaries(text)
        var start = 0
        if previous >= 0 {
            let cut = Self.cut(text, boundaries, start: 0, room: Self.textNodeLengthLimit - tree.textLength(previous))
            if cut > 0 { tree.appendText(UnsafeBufferPointer(rebasing: text[0..<cut]), to: previous) }
            start = cut
        }
        while start < text.count {
            var end = Self.cut(text, boundaries, start: start, room: Self.textNodeLengthLimit)
            if end == start { end = text.count } // a cluster longer than the limit stays whole
            tree.insert(tree.makeText(UnsafeBufferPointer(rebasing: text[start..<end])), into: place.parent, before: place.before)
            start = end
        }
    }

    /// Where a piece of `text` from `start` that may take `room` code units ends: at
    /// `start + room` if a cluster starts there (or the text ends); else, having first stepped
    /// back off the middle of a surrogate pair, at the last cluster start strictly before.
    private static func cut(_ text: UnsafeBufferPointer<UInt16>, _ boundaries: [Bool], start: Int, room: Int) -> Int {
        var cut = start + max(room, 0)
        if cut >= text.count { return text.count }
        if boundaries[cut] { return cut }
        if cut > start, UTF16.isLeadSurrogate(text[cut - 1]), UTF16.isTrailSurrogate(text[cut]) { cut -= 1 }
        var i = cut - 1
        while i > start, !boundaries[i] { i -= 1 }
        return max(i, start)
    }

    /// Per offset of `text`, whether an extended grapheme cluster starts there (Swift's
    /// `Character`s are extended grapheme clusters). A lone surrogate decodes to one U+FFFD,
    /// so offsets are kept.
    private static func graphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>) -> [Bool] {
        var boundaries = Array(repeating: false, count: text.count + 1)
        var offset = 0
        for character in String(decoding: text, as: UTF16.self) {
            boundaries[offset] = true
            offset += character.utf16.count
        }
        boundaries[text.count] = true
        return boundaries
    }
}
