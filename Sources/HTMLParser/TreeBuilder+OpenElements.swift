/// The stack of open elements: pushing and popping, the "has an element in scope" checks,
/// and the steps that pop to a named element (implied end tags, closing a `p`).
/// https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements
extension TreeBuilder {
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

    // "Pop elements until an X element has been popped": the standard only asks for it when an
    // X is open, except where the insertion mode stands for the X (a `select` for "in select
    // in table", a cell for "in cell"). WebKit's depth limit takes elements off the stack
    // without changing the mode (see `placeForNewNode`), so there the X can be gone already:
    // the X is then closed, and nothing is popped. Popping on would empty the stack, html
    // element included.

    mutating func popUntil(_ name: KnownName) {
        guard isOpen(name) else { return }
        while !openNodes.isEmpty {
            let wasTarget = currentIs(name)
            pop()
            if wasTarget { return }
        }
    }

    mutating func popUntil(named name: NameID) {
        if let known = name.known, !isOpen(known) { return }
        while !openNodes.isEmpty {
            let wasTarget = currentNamespace == .html && currentName == name
            pop()
            if wasTarget { return }
        }
    }

    mutating func popUntilOneOf(_ names: NameSet) {
        guard openNames.indices.contains(where: { openNamespaces[$0] == .html && names.contains(openNames[$0]) }) else { return }
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
}
