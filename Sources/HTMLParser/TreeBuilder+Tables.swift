/// The table insertion modes: "in table", "in table text", "in caption", "in column group",
/// "in table body", "in row" and "in cell".
/// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable
extension TreeBuilder {
    // MARK: 13.2.6.4.9 The "in table" insertion mode

    mutating func inTable(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag:
            switch name {
            case .caption:
                clearStackBackToTableContext()
                insertMarker()
                insertElement(for: tag)
                self.mode = .inCaption
                return .done
            case .colgroup:
                clearStackBackToTableContext()
                insertElement(for: tag)
                self.mode = .inColumnGroup
                return .done
            case .col:
                clearStackBackToTableContext()
                insertHTMLElement(.colgroup)
                self.mode = .inColumnGroup
                return .reprocess
            case .tbody, .tfoot, .thead:
                clearStackBackToTableContext()
                insertElement(for: tag)
                self.mode = .inTableBody
                return .done
            case .td, .th, .tr:
                clearStackBackToTableContext()
                insertHTMLElement(.tbody)
                self.mode = .inTableBody
                return .reprocess
            case .table:
                guard inTableScope(.table) else { return .done }
                popUntil(.table)
                resetInsertionMode()
                return .reprocess
            case .style, .script, .template:
                return inHead(kind)
            case .input where !isHiddenInput():
                break
            case .input:
                insertElement(for: tag)
                pop()
                return .done
            case .form:
                if isOpen(.template) || formElement >= 0 { return .done }
                formElement = insertElement(for: tag)
                pop()
                return .done
            default: break
            }
        case .endTag:
            switch name {
            case .table:
                guard inTableScope(.table) else { return .done }
                popUntil(.table)
                resetInsertionMode()
                return .done
            case .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
                return .done
            case .template:
                return inHead(kind)
            default: break
            }
        case .endOfFile:
            return inBody(kind)
        default: break
        }
        fosterParenting = true
        let step = inBody(kind)
        fosterParenting = false
        return step
    }

    mutating func clearStackBackToTableContext() {
        while !(currentIs(.table) || currentIs(.template) || currentIs(.html)) { pop() }
    }

    func isHiddenInput() -> Bool {
        guard tag.hasAttributes else { return false }
        for attribute in tokenizer.attributes where attribute.name == .type {
            return tokenizer.withValue(attribute) { value in
                value.count == 6 && value.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }.elementsEqual("hidden".utf16)
            }
        }
        return false
    }

    // MARK: 13.2.6.4.10 The "in table text" insertion mode

    mutating func inTableText(_ kind: TokenKind) -> Step {
        if !pendingTableText.isEmpty {
            if pendingTableTextIsWhitespace {
                pendingTableText.withUnsafeBufferPointer { insertCharacters($0) }
            } else {
                // "Anything else" in table: foster-parented as in body.
                fosterParenting = true
                pendingTableText.withUnsafeBufferPointer { inBodyCharacters($0) }
                fosterParenting = false
            }
            pendingTableText.removeAll(keepingCapacity: true)
        }
        self.mode = originalMode
        return .reprocess
    }

    // MARK: 13.2.6.4.11 The "in caption" insertion mode

    mutating func inCaption(_ kind: TokenKind) -> Step {
        switch kind {
        case .endTag where name == .caption:
            closeCaption()
            return .done
        case .startTag where Self.tableParts.contains(tag.name), .endTag where name == .table:
            guard inTableScope(.caption) else { return .done }
            closeCaption()
            return .reprocess
        case .endTag where Self.ignoredInCaption.contains(tag.name):
            return .done
        default:
            return inBody(kind)
        }
    }

    private mutating func closeCaption() {
        guard inTableScope(.caption) else { return }
        generateImpliedEndTags()
        popUntil(.caption)
        clearFormattingToLastMarker()
        self.mode = .inTable
    }

    // MARK: 13.2.6.4.12 The "in column group" insertion mode

    mutating func inColumnGroup(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag where name == .html: return inBody(kind)
        case .startTag where name == .col:
            insertElement(for: tag)
            pop()
            return .done
        case .endTag where name == .colgroup:
            guard currentIs(.colgroup) else { return .done }
            pop()
            self.mode = .inTable
            return .done
        case .endTag where name == .col: return .done
        case .startTag where name == .template, .endTag where name == .template:
            return inHead(kind)
        case .endOfFile:
            return inBody(kind)
        default:
            guard currentIs(.colgroup) else { return .done }
            pop()
            self.mode = .inTable
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.13 The "in table body" insertion mode

    mutating func inTableBody(_ kind: TokenKind) -> Step {
        switch kind {
        case .startTag where name == .tr:
            clearStackBackToTableBodyContext()
            insertElement(for: tag)
            self.mode = .inRow
            return .done
        case .startTag where name == .th || name == .td:
            clearStackBackToTableBodyContext()
            insertHTMLElement(.tr)
            self.mode = .inRow
            return .reprocess
        case .endTag where name == .tbody || name == .tfoot || name == .thead:
            guard inTableScope(tag.name.known!) else { return .done }
            clearStackBackToTableBodyContext()
            pop()
            self.mode = .inTable
            return .done
        case .startTag where Self.tableSections.contains(tag.name), .endTag where name == .table:
            guard inTableScope(.tbody) || inTableScope(.thead) || inTableScope(.tfoot) else { return .done }
            clearStackBackToTableBodyContext()
            pop()
            self.mode = .inTable
            return .reprocess
        case .endTag where Self.ignoredInTableBody.contains(tag.name):
            return .done
        default:
            return inTable(kind)
        }
    }

    mutating func clearStackBackToTableBodyContext() {
        while !(currentIs(.tbody) || currentIs(.tfoot) || currentIs(.thead) || currentIs(.template) || currentIs(.html)) { pop() }
    }

    // MARK: 13.2.6.4.14 The "in row" insertion mode

    mutating func inRow(_ kind: TokenKind) -> Step {
        switch kind {
        case .startTag where name == .th || name == .td:
            clearStackBackToTableRowContext()
            insertElement(for: tag)
            self.mode = .inCell
            insertMarker()
            return .done
        case .endTag where name == .tr:
            guard inTableScope(.tr) else { return .done }
            clearStackBackToTableRowContext()
            pop()
            self.mode = .inTableBody
            return .done
        case .startTag where Self.rowEnders.contains(tag.name), .endTag where name == .table:
            guard inTableScope(.tr) else { return .done }
            clearStackBackToTableRowContext()
            pop()
            self.mode = .inTableBody
            return .reprocess
        case .endTag where name == .tbody || name == .tfoot || name == .thead:
            guard inTableScope(tag.name.known!), inTableScope(.tr) else { return .done }
            clearStackBackToTableRowContext()
            pop()
            self.mode = .inTableBody
            return .reprocess
        case .endTag where Self.ignoredInRow.contains(tag.name):
            return .done
        default:
            return inTable(kind)
        }
    }

    mutating func clearStackBackToTableRowContext() {
        while !(currentIs(.tr) || currentIs(.template) || currentIs(.html)) { pop() }
    }

    // MARK: 13.2.6.4.15 The "in cell" insertion mode

    mutating func inCell(_ kind: TokenKind) -> Step {
        switch kind {
        case .endTag where name == .td || name == .th:
            let cell = tag.name.known!
            guard inTableScope(cell) else { return .done }
            generateImpliedEndTags()
            popUntil(cell)
            clearFormattingToLastMarker()
            self.mode = .inRow
            return .done
        case .startTag where Self.tableParts.contains(tag.name):
            guard inTableScope(.td) || inTableScope(.th) else { return .done }
            closeCell()
            return .reprocess
        case .endTag where Self.ignoredInCell.contains(tag.name):
            return .done
        case .endTag where Self.cellEnders.contains(tag.name):
            guard inTableScope(tag.name.known!) else { return .done }
            closeCell()
            return .reprocess
        default:
            return inBody(kind)
        }
    }

    private mutating func closeCell() {
        generateImpliedEndTags()
        popUntilOneOf(Self.cells)
        clearFormattingToLastMarker()
        self.mode = .inRow
    }

    private static let cells = NameSet([.td, .th])
    static let tableParts = NameSet([.caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr])
    private static let ignoredInCaption = NameSet([.body, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr])
    private static let tableSections = NameSet([.caption, .col, .colgroup, .tbody, .tfoot, .thead])
    private static let ignoredInTableBody = NameSet([.body, .caption, .col, .colgroup, .html, .td, .th, .tr])
    private static let rowEnders = NameSet([.caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr])
    private static let ignoredInRow = NameSet([.body, .caption, .col, .colgroup, .html, .td, .th])
    private static let ignoredInCell = NameSet([.body, .caption, .col, .colgroup, .html])
    private static let cellEnders = NameSet([.table, .tbody, .tfoot, .thead, .tr])
}
