/// Tree construction: https://html.spec.whatwg.org/multipage/parsing.html#tree-construction,
/// with the scripting flag set (as Safari parses) and WebKit's own limits.
///
/// It pulls tokens from the tokenizer and writes the `FlatTree` through a small set of calls
/// (make a node, insert it, remove it, move children, add attributes). A mode's handler returns
/// `.reprocess` after switching modes instead of calling the next handler, and a loop drives
/// it; the stacks are arrays, so nothing recurses however deep the page nests.
struct TreeBuilder {
    enum InsertionMode {
        case initial, beforeHTML, beforeHead, inHead, afterHead, inBody, text, inTable, inTableText
        case inCaption, inColumnGroup, inTableBody, inRow, inCell, inSelect, inSelectInTable, inTemplate
        case afterBody, inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
        // "in head noscript" is only reached with scripting disabled, which this parser never is.
    }

    enum Step { case done, reprocess }

    /// The element a fragment is parsed in (`innerHTML`'s element).
    struct FragmentContext {
        var name: NameID
        var namespace: FlatTree.Namespace
        /// An `annotation-xml` context whose `encoding` is text/html or application/xhtml+xml.
        var isHTMLIntegrationPoint = false
    }

    /// The current tag token as tree construction sees it: its name may be changed (`image`
    /// → `img`) and synthesized tags ("insert an HTML element for a `tbody` start tag") have
    /// no attributes.
    struct Tag {
        var name: NameID
        var selfClosing: Bool
        var hasAttributes: Bool
    }

    var tokenizer: Tokenizer
    var tree: FlatTree
    var mode: InsertionMode = .initial
    var originalMode: InsertionMode = .initial
    var templateModes: [InsertionMode] = []

    // The stack of open elements, as parallel arrays (the current node is last).
    var openNodes: [Int32] = []
    var openNames: [NameID] = []
    var openNamespaces: [FlatTree.Namespace] = []
    /// Per entry: an HTML integration point (foreign elements only).
    var openIntegrationPoints: [Bool] = []
    /// How many HTML elements of each known name are open, so scope checks for an element
    /// that is not open cost nothing (pages nest 100,000 deep).
    var openCounts: [Int32]

    var formatting = FormattingList()

    var headElement: Int32 = -1
    /// The form element pointer: -1 when null.
    var formElement: Int32 = -1
    /// The form pointer of a fragment whose context is in a form: set, but to no node of the
    /// tree being built (so never open, never in scope).
    static let formOutsideTheTree = Int32.max
    var framesetOK = true
    var fosterParenting = false
    /// A newline right after `<pre>`, `<listing>` or `<textarea>` is dropped.
    var skipNextNewline = false
    var pendingTableText: [UInt16] = []
    var pendingTableTextIsWhitespace = true
    var tag = Tag(name: NameID(0), selfClosing: false, hasAttributes: false)
    /// The index the first node made for the current token gets (nodes are numbered in
    /// creation order).
    var firstNodeOfToken: Int32 = 0
    let fragmentContext: FragmentContext?
    var parsingFinished = false

    /// WebKit attaches a new element to its intended parent's parent once the stack of open
    /// elements is this deep, so the tree never gets deeper (`maximumHTMLParserDOMTreeDepth`).
    let maximumDepth: Int

    init(tokenizer: Tokenizer, fragmentContext: FragmentContext?, maximumDepth: Int, expectedNodes: Int) {
        self.tokenizer = tokenizer
        self.tree = FlatTree(names: tokenizer.names, expectedNodes: expectedNodes)
        self.fragmentContext = fragmentContext
        self.maximumDepth = maximumDepth
        openCounts = Array(repeating: 0, count: Int(KnownName.count))
        openNodes.reserveCapacity(64)
        openNames.reserveCapacity(64)
        openNamespaces.reserveCapacity(64)
        openIntegrationPoints.reserveCapacity(64)
    }

    // MARK: Running

    /// Parses the whole input.
    mutating func run() {
        while !parsingFinished {
            let kind = tokenizer.next()
            dispatch(kind)
            if kind == .endOfFile { break }
            tokenizer.cdataAllowed = adjustedCurrentNamespace.map { $0 != .html } ?? false
        }
        tree.names = tokenizer.names
    }

    /// The tree construction dispatcher: the current insertion mode, or the rules for foreign
    /// content.
    mutating func dispatch(_ kind: TokenKind) {
        firstNodeOfToken = Int32(tree.nodeCount)
        if kind == .characters {
            tokenizer.withText { text in
                var text = text
                // WebKit drops U+0000 in the data state before tokenizing, except where
                // foreign content would replace it; so it is no token at all for the modes
                // (the standard's NUL token ends "in head", sets quirks mode in "initial", …).
                if Self.isNull(text), !processesInForeignContent(.characters) { return }
                if skipNextNewline {
                    skipNextNewline = false
                    if text.first == 0x0A {
                        text = UnsafeBufferPointer(rebasing: text.dropFirst())
                        if text.isEmpty { return }
                    }
                }
                if processesInForeignContent(.characters) {
                    foreignCharacters(text)
                } else {
                    var rest: UnsafeBufferPointer<UInt16>? = text
                    while let current = rest, !current.isEmpty { rest = characters(current, in: mode) }
                }
            }
            return
        }
        skipNextNewline = false
        if kind == .startTag || kind == .endTag {
            tag = Tag(name: tokenizer.tagName, selfClosing: tokenizer.selfClosing, hasAttributes: !tokenizer.attributes.isEmpty)
        }
        if processesInForeignContent(kind) {
            if foreignContent(kind) == .done { return }
        }
        while process(kind, in: mode) == .reprocess {}
    }

    /// Whether the token goes to the rules for foreign content.
    private func processesInForeignContent(_ kind: TokenKind) -> Bool {
        guard let namespace = adjustedCurrentNamespace, namespace != .html else { return false }
        if kind == .endOfFile { return false }
        let name = adjustedCurrentName
        if namespace == .mathml, ElementCategories.mathMLTextIntegrationPoints.contains(name) {
            if kind == .characters { return false }
            if kind == .startTag, tokenizer.tagName != .mglyph, tokenizer.tagName != .malignmark { return false }
        }
        if namespace == .mathml, name == .annotationXML, kind == .startTag, tokenizer.tagName == .svg { return false }
        if adjustedCurrentIsHTMLIntegrationPoint, kind == .startTag || kind == .characters { return false }
        return true
    }

    // MARK: The stack of open elements

    var currentNode: Int32 { openNodes[openNodes.count - 1] }
    var currentName: NameID { openNames[openNames.count - 1] }
    var currentNamespace: FlatTree.Namespace { openNamespaces[openNamespaces.count - 1] }

    @inline(__always) func currentIs(_ name: KnownName) -> Bool {
        !openNodes.isEmpty && openNames[openNames.count - 1] == name && openNamespaces[openNamespaces.count - 1] == .html
    }

    @inline(__always) func isHTML(_ index: Int, _ name: KnownName) -> Bool {
        openNames[index] == name && openNamespaces[index] == .html
    }

    /// The adjusted current node's namespace: the context element's while a fragment's stack
    /// holds only its root, else the current node's; nil when the stack is empty.
    var adjustedCurrentNamespace: FlatTree.Namespace? {
        if let context = fragmentContext, openNodes.count == 1 { return context.namespace }
        return openNodes.isEmpty ? nil : openNamespaces[openNamespaces.count - 1]
    }

    var adjustedCurrentName: NameID {
        if let context = fragmentContext, openNodes.count == 1 { return context.name }
        return openNames[openNames.count - 1]
    }

    var adjustedCurrentIsHTMLIntegrationPoint: Bool {
        if let context = fragmentContext, openNodes.count == 1 {
            return isHTMLIntegrationPoint(name: context.name, namespace: context.namespace, annotationXMLFlag: context.isHTMLIntegrationPoint)
        }
        return openIntegrationPoints[openIntegrationPoints.count - 1]
    }

    func isHTMLIntegrationPoint(name: NameID, namespace: FlatTree.Namespace, annotationXMLFlag: Bool) -> Bool {
        switch namespace {
        case .svg: return name == .foreignObject || name == .desc || name == .title
        case .mathml: return name == .annotationXML && annotationXMLFlag
        case .html: return false
        }
    }

    mutating func push(_ node: Int32, name: NameID, namespace: FlatTree.Namespace, integrationPoint: Bool = false) {
        openNodes.append(node)
        openNames.append(name)
        openNamespaces.append(namespace)
        openIntegrationPoints.append(integrationPoint)
        if namespace == .html, name.raw < KnownName.count { openCounts[Int(name.raw)] += 1 }
    }

    @discardableResult
    mutating func pop() -> Int32 {
        let name = openNames.removeLast()
        let namespace = openNamespaces.removeLast()
        openIntegrationPoints.removeLast()
        if namespace == .html, name.raw < KnownName.count { openCounts[Int(name.raw)] -= 1 }
        return openNodes.removeLast()
    }

    mutating func removeFromStack(at index: Int) {
        let name = openNames.remove(at: index)
        let namespace = openNamespaces.remove(at: index)
        openIntegrationPoints.remove(at: index)
        openNodes.remove(at: index)
        if namespace == .html, name.raw < KnownName.count { openCounts[Int(name.raw)] -= 1 }
    }

    mutating func insertIntoStack(_ node: Int32, at index: Int) {
        let record = tree.node(node)
        let name = NameID(record.name)
        openNodes.insert(node, at: index)
        openNames.insert(name, at: index)
        openNamespaces.insert(record.namespace, at: index)
        openIntegrationPoints.insert(false, at: index)
        if record.namespace == .html, name.raw < KnownName.count { openCounts[Int(name.raw)] += 1 }
    }

    mutating func replaceInStack(at index: Int, with node: Int32) {
        openNodes[index] = node
    }

    func stackIndex(of node: Int32) -> Int? {
        var i = openNodes.count - 1
        while i >= 0 {
            if openNodes[i] == node { return i }
            i -= 1
        }
        return nil
    }

    func isOpen(_ name: KnownName) -> Bool { openCounts[Int(name.rawValue)] > 0 }

    /// "Has an element in scope" with the given boundaries (HTML elements; plus the MathML and
    /// SVG boundaries every scope shares except table and select scope).
    func hasInScope(_ name: KnownName, boundaries: NameSet, foreignBoundaries: Bool = true) -> Bool {
        guard isOpen(name) else { return false }
        var i = openNodes.count - 1
        while i >= 0 {
            let namespace = openNamespaces[i]
            let elementName = openNames[i]
            if namespace == .html {
                if elementName == name { return true }
                if boundaries.contains(elementName) { return false }
            } else if foreignBoundaries, isScopeBoundary(elementName, namespace) {
                return false
            }
            i -= 1
        }
        return false
    }

    func isScopeBoundary(_ name: NameID, _ namespace: FlatTree.Namespace) -> Bool {
        switch namespace {
        case .mathml: return ElementCategories.mathMLTextIntegrationPoints.contains(name) || name == .annotationXML
        case .svg: return name == .foreignObject || name == .desc || name == .title
        case .html: return ElementCategories.scopeBoundaries.contains(name)
        }
    }

    func inScope(_ name: KnownName) -> Bool { hasInScope(name, boundaries: ElementCategories.scopeBoundaries) }
    func inButtonScope(_ name: KnownName) -> Bool { hasInScope(name, boundaries: ElementCategories.buttonScopeBoundaries) }
    func inListItemScope(_ name: KnownName) -> Bool { hasInScope(name, boundaries: ElementCategories.listItemScopeBoundaries) }
    func inTableScope(_ name: KnownName) -> Bool {
        hasInScope(name, boundaries: ElementCategories.tableScopeBoundaries, foreignBoundaries: false)
    }

    /// "Has an element in select scope": every element but `optgroup` and `option` bounds it.
    func inSelectScope(_ name: KnownName) -> Bool {
        guard isOpen(name) else { return false }
        var i = openNodes.count - 1
        while i >= 0 {
            if isHTML(i, name) { return true }
            if !(openNamespaces[i] == .html && (openNames[i] == .optgroup || openNames[i] == .option)) { return false }
            i -= 1
        }
        return false
    }

    /// An element named `name` (any known name, e.g. a token's) in default scope.
    func hasInScope(named name: NameID) -> Bool {
        guard let known = name.known else {
            // Unknown names are never scope boundaries; look for the element itself.
            var i = openNodes.count - 1
            while i >= 0 {
                if openNamespaces[i] == .html, openNames[i] == name { return true }
                if isScopeBoundary(openNames[i], openNamespaces[i]) { return false }
                i -= 1
            }
            return false
        }
        return inScope(known)
    }

    mutating func popUntil(_ name: KnownName) {
        while !openNodes.isEmpty {
            let wasTarget = currentIs(name)
            pop()
            if wasTarget { return }
        }
    }

    mutating func popUntil(named name: NameID) {
        while !openNodes.isEmpty {
            let wasTarget = currentNamespace == .html && currentName == name
            pop()
            if wasTarget { return }
        }
    }

    mutating func popUntilOneOf(_ names: NameSet) {
        while !openNodes.isEmpty {
            let wasTarget = currentNamespace == .html && names.contains(currentName)
            pop()
            if wasTarget { return }
        }
    }

    mutating func generateImpliedEndTags(except excluded: NameID? = nil) {
        while !openNodes.isEmpty, currentNamespace == .html, ElementCategories.impliedEndTags.contains(currentName),
              currentName != excluded {
            pop()
        }
    }

    mutating func generateImpliedEndTagsThoroughly() {
        while !openNodes.isEmpty, currentNamespace == .html, ElementCategories.impliedEndTagsThoroughly.contains(currentName) {
            pop()
        }
    }

    /// "Close a p element".
    mutating func closeParagraph() {
        generateImpliedEndTags(except: NameID(.p))
        popUntil(.p)
    }

    mutating func closeParagraphInButtonScope() {
        if inButtonScope(.p) { closeParagraph() }
    }

    // MARK: Inserting nodes

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

    // MARK: The list of active formatting elements

    /// Pushes `element`, first removing the earliest of three identical entries after the
    /// last marker (Noah's Ark clause).
    mutating func pushFormatting(_ element: Int32) {
        let key = tree.elementKey(element)
        var identical = 0
        var earliest = -1
        var i = formatting.count - 1
        while i >= 0, formatting[i] >= 0 {
            if formatting.key(at: i) == key, tree.sameElementAndAttributes(formatting[i], element) {
                identical += 1
                earliest = i
            }
            i -= 1
        }
        if identical >= 3 { formatting.remove(at: earliest) }
        formatting.append(element, key: key)
    }

    mutating func insertMarker() { formatting.appendMarker() }

    mutating func clearFormattingToLastMarker() { formatting.clearToLastMarker() }

    func formattingIndex(of element: Int32) -> Int? { formatting.index(of: element) }

    /// "Reconstruct the active formatting elements".
    mutating func reconstructFormatting() {
        guard let last = formatting.last, last >= 0, stackIndex(of: last) == nil else { return }
        var index = formatting.count - 1
        // Rewind to the entry after the last marker or open element.
        while index > 0 {
            let previous = formatting[index - 1]
            if previous < 0 || stackIndex(of: previous) != nil { break }
            index -= 1
        }
        while index < formatting.count {
            let entry = formatting[index]
            let place = placeForNewNode()
            let element = tree.makeElement(copying: entry)
            tree.insert(element, into: place.parent, before: place.before)
            let record = tree.node(element)
            push(element, name: NameID(record.name), namespace: record.namespace)
            formatting.replace(at: index, with: element)
            index += 1
        }
    }

    // MARK: The adoption agency algorithm

    /// https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm. Returns
    /// false where the standard says to act as for "any other end tag" instead.
    mutating func adoptionAgency(_ subject: NameID) -> Bool {
        // 2.
        if currentNamespace == .html, currentName == subject, formattingIndex(of: currentNode) == nil {
            pop()
            return true
        }
        // 3, 4.
        for _ in 0..<8 {
            // 4.3: the last formatting element named subject after the last marker.
            var formattingListIndex = -1
            var i = formatting.count - 1
            while i >= 0, formatting[i] >= 0 {
                let node = tree.node(formatting[i])
                if node.name == subject.raw, node.namespace == .html { formattingListIndex = i; break }
                i -= 1
            }
            if formattingListIndex < 0 { return false }
            let formattingElement = formatting[formattingListIndex]
            // 4.4
            guard let formattingStackIndex = stackIndex(of: formattingElement) else {
                formatting.remove(at: formattingListIndex)
                return true
            }
            // 4.5
            if !hasElementInScope(formattingElement) { return true }
            // 4.7: the furthest block.
            var furthestBlockIndex = -1
            var j = formattingStackIndex + 1
            while j < openNodes.count {
                if isSpecial(j) { furthestBlockIndex = j; break }
                j += 1
            }
            // 4.8
            if furthestBlockIndex < 0 {
                while openNodes.count > formattingStackIndex { pop() }
                formatting.remove(at: formattingListIndex)
                return true
            }
            let furthestBlock = openNodes[furthestBlockIndex]
            // 4.9, 4.10
            let commonAncestor = openNodes[formattingStackIndex - 1]
            var bookmark = formattingListIndex
            // 4.11–4.13
            var node = furthestBlock
            var nodeIndex = furthestBlockIndex
            var lastNode = furthestBlock
            var innerLoopCounter = 0
            while true {
                innerLoopCounter += 1
                nodeIndex -= 1
                node = openNodes[nodeIndex]
                if node == formattingElement { break }
                var nodeListIndex = formattingIndex(of: node)
                if innerLoopCounter > 3, let listIndex = nodeListIndex {
                    formatting.remove(at: listIndex)
                    if listIndex < bookmark { bookmark -= 1 }
                    nodeListIndex = nil
                }
                guard let listIndex = nodeListIndex else {
                    removeFromStack(at: nodeIndex)
                    continue
                }
                // 4.13.6: a new element for the node's token replaces it in both lists.
                let replacement = tree.makeElement(copying: node)
                formatting.replace(at: listIndex, with: replacement)
                replaceInStack(at: nodeIndex, with: replacement)
                node = replacement
                // 4.13.7
                if lastNode == furthestBlock { bookmark = listIndex + 1 }
                // 4.13.8
                tree.remove(lastNode)
                tree.insert(lastNode, into: node, before: -1)
                lastNode = node
            }
            // 4.14
            tree.remove(lastNode)
            let place = appropriatePlace(overrideTarget: commonAncestor)
            tree.insert(lastNode, into: place.parent, before: place.before)
            // 4.15–4.17
            let newElement = tree.makeElement(copying: formattingElement)
            tree.moveChildren(of: furthestBlock, to: newElement)
            tree.insert(newElement, into: furthestBlock, before: -1)
            // 4.18
            if let oldIndex = formattingIndex(of: formattingElement) {
                formatting.remove(at: oldIndex)
                if oldIndex < bookmark { bookmark -= 1 }
            }
            formatting.insert(newElement, key: tree.elementKey(newElement), at: min(bookmark, formatting.count))
            // 4.19
            if let oldStackIndex = stackIndex(of: formattingElement) { removeFromStack(at: oldStackIndex) }
            let blockIndex = stackIndex(of: furthestBlock)!
            insertIntoStack(newElement, at: blockIndex + 1)
        }
        return true
    }

    /// Whether `element` (which is open) is in default scope.
    func hasElementInScope(_ element: Int32) -> Bool {
        var i = openNodes.count - 1
        while i >= 0 {
            if openNodes[i] == element { return true }
            if isScopeBoundary(openNames[i], openNamespaces[i]) { return false }
            i -= 1
        }
        return false
    }

    func isSpecial(_ index: Int) -> Bool {
        switch openNamespaces[index] {
        case .html: return ElementCategories.special.contains(openNames[index])
        case .mathml, .svg: return isScopeBoundary(openNames[index], openNamespaces[index])
        }
    }

    // MARK: Resetting the insertion mode

    /// https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately
    mutating func resetInsertionMode() {
        var i = openNodes.count - 1
        while i >= 0 {
            let last = i == 0
            var name = openNames[i]
            var namespace = openNamespaces[i]
            if last, let context = fragmentContext {
                name = context.name
                namespace = context.namespace
            }
            if namespace == .html, let known = name.known {
                switch known {
                case .select:
                    if !last {
                        var ancestor = i - 1
                        while ancestor > 0 {
                            if isHTML(ancestor, .template) { break }
                            if isHTML(ancestor, .table) { mode = .inSelectInTable; return }
                            ancestor -= 1
                        }
                    }
                    mode = .inSelect
                    return
                case .td, .th:
                    if !last { mode = .inCell; return }
                case .tr: mode = .inRow; return
                case .tbody, .thead, .tfoot: mode = .inTableBody; return
                case .caption: mode = .inCaption; return
                case .colgroup: mode = .inColumnGroup; return
                case .table: mode = .inTable; return
                case .template: mode = templateModes.last ?? .inTemplate; return
                case .head:
                    if !last { mode = .inHead; return }
                case .body: mode = .inBody; return
                case .frameset: mode = .inFrameset; return
                case .html:
                    mode = headElement < 0 ? .beforeHead : .afterHead
                    return
                default: break
                }
            }
            if last { mode = .inBody; return }
            i -= 1
        }
        mode = .inBody
    }
}
