/// The list of active formatting elements (pushing with the Noah's Ark clause, reconstructing)
/// and the adoption agency algorithm that end tags of formatting elements run.
/// https://html.spec.whatwg.org/multipage/parsing.html#the-list-of-active-formatting-elements
extension TreeBuilder {
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
            let lastNode = adoptionAgencyInnerLoop(formattingElement: formattingElement, furthestBlock: furthestBlock,
                                                   furthestBlockIndex: furthestBlockIndex, bookmark: &bookmark)
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

    /// Steps 4.11–4.13, the inner loop: walks up the stack from the furthest block towards the
    /// formatting element; an element there that is not in the list of active formatting
    /// elements (or is, after the third step) leaves the stack, the others are replaced by new
    /// elements, each taking the last node as its child. Returns the last node; `bookmark` (an
    /// index into the list) moves back when step 4.13.4 removes an entry before it, and to the
    /// replacement at step 4.13.7.
    private mutating func adoptionAgencyInnerLoop(formattingElement: Int32, furthestBlock: Int32, furthestBlockIndex: Int,
                                                  bookmark: inout Int) -> Int32 {
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
        return lastNode
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
}
