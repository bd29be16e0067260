/// Character tokens, a run at a time. Each mode handles the part of the run it takes and
/// returns the rest to reprocess in the mode it switched to (where the standard, token by
/// token, would reprocess the first character that is not white space).
extension TreeBuilder {
    @inline(__always) static func isWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0C || unit == 0x0D
    }

    static func leadingWhitespace(_ text: UnsafeBufferPointer<UInt16>) -> Int {
        var i = 0
        while i < text.count, isWhitespace(text[i]) { i += 1 }
        return i
    }

    static func isAllWhitespace(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        leadingWhitespace(text) == text.count
    }

    /// The tokenizer hands U+0000 in the data state over as a run of its own.
    @inline(__always) static func isNull(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        text.count == 1 && text[0] == 0
    }

    @inline(__always) static func suffix(_ text: UnsafeBufferPointer<UInt16>, from index: Int) -> UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(rebasing: text[index...])
    }

    /// Processes `text` in `mode`; returns what is left to reprocess in `self.mode`. One case
    /// per insertion mode (or modes that treat characters alike), as `process(_:in:)` has one
    /// per mode, which is why it is long.
    mutating func characters(_ text: UnsafeBufferPointer<UInt16>, in mode: InsertionMode) -> UnsafeBufferPointer<UInt16>? {
        switch mode {
        case .initial:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace == text.count { return nil }
            tree.quirksMode = .quirks
            self.mode = .beforeHTML
            return Self.suffix(text, from: whitespace)

        case .beforeHTML:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace == text.count { return nil }
            insertRootElement(withTokenAttributes: false)
            self.mode = .beforeHead
            return Self.suffix(text, from: whitespace)

        case .beforeHead:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace == text.count { return nil }
            headElement = insertHTMLElement(.head)
            self.mode = .inHead
            return Self.suffix(text, from: whitespace)

        case .inHead, .afterHead:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace > 0 { insertCharacters(UnsafeBufferPointer(rebasing: text[..<whitespace])) }
            if whitespace == text.count { return nil }
            if mode == .inHead {
                pop()
                self.mode = .afterHead
            } else {
                insertHTMLElement(.body)
                self.mode = .inBody
            }
            return Self.suffix(text, from: whitespace)

        case .inBody, .inCaption, .inCell, .inTemplate:
            inBodyCharacters(text)
            return nil

        case .text:
            insertCharacters(text)
            return nil

        case .inTable, .inTableBody, .inRow:
            if currentNamespace == .html, let name = currentName.known,
               name == .table || name == .tbody || name == .template || name == .tfoot || name == .thead || name == .tr {
                pendingTableText.removeAll(keepingCapacity: true)
                pendingTableTextIsWhitespace = true
                originalMode = self.mode
                self.mode = .inTableText
                return text
            }
            fosterParenting = true
            inBodyCharacters(text)
            fosterParenting = false
            return nil

        case .inTableText:
            if Self.isNull(text) { return nil }
            pendingTableText.append(contentsOf: text)
            if pendingTableTextIsWhitespace, !Self.isAllWhitespace(text) { pendingTableTextIsWhitespace = false }
            return nil

        case .inColumnGroup:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace > 0 { insertCharacters(UnsafeBufferPointer(rebasing: text[..<whitespace])) }
            if whitespace == text.count { return nil }
            if !currentIs(.colgroup) {
                insertWhitespaceOnly(Self.suffix(text, from: whitespace))
                return nil
            }
            pop()
            self.mode = .inTable
            return Self.suffix(text, from: whitespace)

        case .inSelect, .inSelectInTable:
            if !Self.isNull(text) { insertCharacters(text) }
            return nil

        case .afterBody, .afterAfterBody:
            let whitespace = Self.leadingWhitespace(text)
            if whitespace > 0 { inBodyCharacters(UnsafeBufferPointer(rebasing: text[..<whitespace])) }
            if whitespace == text.count { return nil }
            self.mode = .inBody
            return Self.suffix(text, from: whitespace)

        case .inFrameset, .afterFrameset:
            insertWhitespaceOnly(text)
            return nil

        case .afterAfterFrameset:
            // White space is processed as in body; everything else is ignored.
            var whitespace: [UInt16] = []
            for unit in text where Self.isWhitespace(unit) { whitespace.append(unit) }
            if !whitespace.isEmpty { whitespace.withUnsafeBufferPointer { inBodyCharacters($0) } }
            return nil
        }
    }

    /// "In body": U+0000 is dropped; other characters reconstruct the formatting elements and
    /// are inserted.
    mutating func inBodyCharacters(_ text: UnsafeBufferPointer<UInt16>) {
        if Self.isNull(text) { return }
        reconstructFormatting()
        insertCharacters(text)
        if framesetOK, !Self.isAllWhitespace(text) { framesetOK = false }
    }

    /// Inserts the white space of `text` and drops its other characters (modes where each
    /// other character is a parse error to ignore).
    mutating func insertWhitespaceOnly(_ text: UnsafeBufferPointer<UInt16>) {
        if Self.isAllWhitespace(text) {
            insertCharacters(text)
            return
        }
        var whitespace: [UInt16] = []
        for unit in text where Self.isWhitespace(unit) { whitespace.append(unit) }
        if !whitespace.isEmpty { whitespace.withUnsafeBufferPointer { insertCharacters($0) } }
    }

    /// Characters in foreign content: U+0000 becomes U+FFFD.
    mutating func foreignCharacters(_ text: UnsafeBufferPointer<UInt16>) {
        if Self.isNull(text) {
            let replacement: [UInt16] = [0xFFFD]
            replacement.withUnsafeBufferPointer { insertCharacters($0) }
            return
        }
        insertCharacters(text)
        if framesetOK, !Self.isAllWhitespace(text) { framesetOK = false }
    }

    /// The `html` element, as the document's last child (the "before html" mode).
    mutating func insertRootElement(withTokenAttributes: Bool) {
        let element = createElement(for: Tag(name: NameID(.html), selfClosing: false, hasAttributes: withTokenAttributes && tag.hasAttributes),
                                    namespace: .html)
        tree.insert(element, into: 0, before: -1)
        push(element, name: NameID(.html), namespace: .html)
    }
}
