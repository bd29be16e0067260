/// Building the current tag token: its name, interned when it ends, and its attributes,
/// where a name the tag already has drops the attribute. The tag and attribute states that
/// call these are in `next()`.
/// https://html.spec.whatwg.org/multipage/parsing.html#tag-name-state
extension Tokenizer {
    mutating func startTag(isEnd: Bool) {
        isEndTag = isEnd
        selfClosing = false
        // Emptied only when not empty: removeAll(keepingCapacity:) is a generic call even then,
        // and most tags have no attributes.
        nameBuffer.removeAll(keepingCapacity: true)
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        if !values.isEmpty { values.removeAll(keepingCapacity: true) }
        attributePending = false
        if !attributeNameSet.isEmpty { attributeNameSet.removeAll(keepingCapacity: true) }
    }

    mutating func finishTagName() {
        tagName = nameBuffer.withUnsafeBufferPointer { names.intern($0) }
    }

    mutating func startAttribute() {
        finishAttribute()
        attributeNameBuffer.removeAll(keepingCapacity: true)
        attributePending = true
        attributeDuplicate = false
    }

    /// Leaving the attribute name state: a name the tag already has makes the attribute a
    /// duplicate, which is dropped.
    mutating func finishAttributeName() {
        let name = attributeNameBuffer.withUnsafeBufferPointer { names.intern($0) }
        if attributes.count < 32 {
            attributeDuplicate = attributes.contains { $0.name == name }
        } else {
            // A set from the 32nd attribute on, so 100,000 attributes do not take 10^10 steps.
            if attributeNameSet.isEmpty { for attribute in attributes { attributeNameSet.insert(attribute.name.raw) } }
            attributeDuplicate = !attributeNameSet.insert(name.raw).inserted
        }
        attributeValueStart = Int32(values.count)
        attributes.append(TokenAttribute(name: name, valueStart: attributeValueStart, valueEnd: attributeValueStart))
    }

    /// Closes the value of the attribute being read (or drops it when it is a duplicate).
    private mutating func finishAttribute() {
        guard attributePending else { return }
        attributePending = false
        if attributeDuplicate {
            attributes.removeLast()
            values.removeSubrange(Int(attributeValueStart)...)
        } else {
            attributes[attributes.count - 1].valueEnd = Int32(values.count)
        }
    }

    mutating func emitTag() -> TokenKind {
        finishAttribute()
        if isEndTag { return emit(.endTag) }
        lastStartTagName.removeAll(keepingCapacity: true)
        lastStartTagName.append(contentsOf: nameBuffer)
        return emit(.startTag)
    }
}
