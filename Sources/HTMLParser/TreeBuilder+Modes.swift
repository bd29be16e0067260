/// The insertion modes for every token but characters.
/// https://html.spec.whatwg.org/multipage/parsing.html#the-insertion-mode
extension TreeBuilder {
    mutating func process(_ kind: TokenKind, in mode: InsertionMode) -> Step {
        switch mode {
        case .initial: return initial(kind)
        case .beforeHTML: return beforeHTML(kind)
        case .beforeHead: return beforeHead(kind)
        case .inHead: return inHead(kind)
        case .afterHead: return afterHead(kind)
        case .inBody: return inBody(kind)
        case .text: return text(kind)
        case .inTable: return inTable(kind)
        case .inTableText: return inTableText(kind)
        case .inCaption: return inCaption(kind)
        case .inColumnGroup: return inColumnGroup(kind)
        case .inTableBody: return inTableBody(kind)
        case .inRow: return inRow(kind)
        case .inCell: return inCell(kind)
        case .inSelect: return inSelect(kind)
        case .inSelectInTable: return inSelectInTable(kind)
        case .inTemplate: return inTemplate(kind)
        case .afterBody: return afterBody(kind)
        case .inFrameset: return inFrameset(kind)
        case .afterFrameset: return afterFrameset(kind)
        case .afterAfterBody: return afterAfterBody(kind)
        case .afterAfterFrameset: return afterAfterFrameset(kind)
        }
    }

    private var name: KnownName? { tag.name.known }

    // MARK: 13.2.6.4.1 The "initial" insertion mode

    mutating func initial(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment(at: (0, -1))
            return .done
        case .doctype:
            let token = tokenizer.doctypeToken
            let node = tree.makeDoctype(name: token.name ?? [], publicId: token.publicIdentifier ?? [],
                                        systemId: token.systemIdentifier ?? [])
            tree.insert(node, into: 0, before: -1)
            tree.quirksMode = QuirksModeRules.mode(for: token)
            self.mode = .beforeHTML
            return .done
        default:
            tree.quirksMode = .quirks
            self.mode = .beforeHTML
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.2 The "before html" insertion mode

    mutating func beforeHTML(_ kind: TokenKind) -> Step {
        switch kind {
        case .doctype: return .done
        case .comment:
            insertComment(at: (0, -1))
            return .done
        case .startTag where name == .html:
            insertRootElement(withTokenAttributes: true)
            self.mode = .beforeHead
            return .done
        case .endTag where !(name == .head || name == .body || name == .html || name == .br):
            return .done
        default:
            insertRootElement(withTokenAttributes: false)
            self.mode = .beforeHead
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.3 The "before head" insertion mode

    mutating func beforeHead(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag where name == .html: return inBody(kind)
        case .startTag where name == .head:
            headElement = insertElement(for: tag)
            self.mode = .inHead
            return .done
        case .endTag where !(name == .head || name == .body || name == .html || name == .br):
            return .done
        default:
            headElement = insertHTMLElement(.head)
            self.mode = .inHead
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.4 The "in head" insertion mode

    mutating func inHead(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag:
            switch name {
            case .html: return inBody(kind)
            case .base, .basefont, .bgsound, .link, .meta:
                insertElement(for: tag)
                pop()
                return .done
            case .title:
                parseGenericText(rcdata: true)
                return .done
            case .noscript, .noframes, .style:
                // Scripting is on, so `noscript` holds raw text like `style`.
                parseGenericText(rcdata: false)
                return .done
            case .script:
                insertElement(for: tag)
                tokenizer.state = .scriptData
                originalMode = self.mode
                self.mode = .text
                return .done
            case .template:
                insertElement(for: tag)
                insertMarker()
                framesetOK = false
                self.mode = .inTemplate
                templateModes.append(.inTemplate)
                return .done
            case .head: return .done
            default: break
            }
        case .endTag:
            switch name {
            case .head:
                pop()
                self.mode = .afterHead
                return .done
            case .body, .html, .br: break
            case .template:
                endTemplate()
                return .done
            default: return .done
            }
        default: break
        }
        pop()
        self.mode = .afterHead
        return .reprocess
    }

    /// An end tag `template` in head (and everywhere that defers to it).
    mutating func endTemplate() {
        guard isOpen(.template) else { return }
        generateImpliedEndTagsThoroughly()
        popUntil(.template)
        clearFormattingToLastMarker()
        templateModes.removeLast()
        resetInsertionMode()
    }

    /// "The generic raw text element parsing algorithm" and the RCDATA one.
    mutating func parseGenericText(rcdata: Bool) {
        insertElement(for: tag)
        tokenizer.state = rcdata ? .rcdata : .rawtext
        originalMode = self.mode
        self.mode = .text
    }

    // MARK: 13.2.6.4.6 The "after head" insertion mode

    mutating func afterHead(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag:
            switch name {
            case .html: return inBody(kind)
            case .body:
                insertElement(for: tag)
                framesetOK = false
                self.mode = .inBody
                return .done
            case .frameset:
                insertElement(for: tag)
                self.mode = .inFrameset
                return .done
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
                let head = headElement
                push(head, name: NameID(.head), namespace: .html)
                let step = inHead(kind)
                if let index = stackIndex(of: head) { removeFromStack(at: index) }
                return step
            case .head: return .done
            default: break
            }
        case .endTag:
            switch name {
            case .template: return inHead(kind)
            case .body, .html, .br: break
            default: return .done
            }
        default: break
        }
        insertHTMLElement(.body)
        self.mode = .inBody
        return .reprocess
    }

    // MARK: 13.2.6.4.8 The "text" insertion mode

    mutating func text(_ kind: TokenKind) -> Step {
        switch kind {
        case .endOfFile:
            pop()
            self.mode = originalMode
            return .reprocess
        case .endTag:
            pop()
            self.mode = originalMode
            return .done
        default:
            return .done
        }
    }

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
    private static let selectInTableEnders = NameSet([.caption, .table, .tbody, .tfoot, .thead, .tr, .td, .th])

    // MARK: 13.2.6.4.16 The "in select" insertion mode
    // WebKit keeps the select parsing of the standard before its 2025 relaxation (tags other
    // than these are dropped inside a select), and so does this parser.

    mutating func inSelect(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .doctype: return .done
        case .startTag:
            switch name {
            case .html: return inBody(kind)
            case .option:
                if currentIs(.option) { pop() }
                insertElement(for: tag)
                return .done
            case .optgroup:
                if currentIs(.option) { pop() }
                if currentIs(.optgroup) { pop() }
                insertElement(for: tag)
                return .done
            case .hr:
                if currentIs(.option) { pop() }
                if currentIs(.optgroup) { pop() }
                insertElement(for: tag)
                pop()
                return .done
            case .select:
                guard inSelectScope(.select) else { return .done }
                popUntil(.select)
                resetInsertionMode()
                return .done
            case .input, .keygen, .textarea:
                guard inSelectScope(.select) else { return .done }
                popUntil(.select)
                resetInsertionMode()
                return .reprocess
            case .script, .template:
                return inHead(kind)
            default:
                return .done
            }
        case .endTag:
            switch name {
            case .optgroup:
                if currentIs(.option), openNodes.count >= 2, isHTML(openNodes.count - 2, .optgroup) { pop() }
                if currentIs(.optgroup) { pop() }
                return .done
            case .option:
                if currentIs(.option) { pop() }
                return .done
            case .select:
                guard inSelectScope(.select) else { return .done }
                popUntil(.select)
                resetInsertionMode()
                return .done
            case .template:
                return inHead(kind)
            default:
                return .done
            }
        case .endOfFile:
            return inBody(kind)
        case .characters:
            return .done
        }
    }

    // MARK: 13.2.6.4.17 The "in select in table" insertion mode

    mutating func inSelectInTable(_ kind: TokenKind) -> Step {
        switch kind {
        case .startTag where Self.selectInTableEnders.contains(tag.name):
            popUntil(.select)
            resetInsertionMode()
            return .reprocess
        case .endTag where Self.selectInTableEnders.contains(tag.name):
            guard inTableScope(tag.name.known!) else { return .done }
            popUntil(.select)
            resetInsertionMode()
            return .reprocess
        default:
            return inSelect(kind)
        }
    }

    // MARK: 13.2.6.4.18 The "in template" insertion mode

    mutating func inTemplate(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment, .doctype:
            return inBody(kind)
        case .startTag:
            let next: InsertionMode
            switch name {
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
                return inHead(kind)
            case .caption, .colgroup, .tbody, .tfoot, .thead: next = .inTable
            case .col: next = .inColumnGroup
            case .tr: next = .inTableBody
            case .td, .th: next = .inRow
            default: next = .inBody
            }
            templateModes.removeLast()
            templateModes.append(next)
            self.mode = next
            return .reprocess
        case .endTag:
            if name == .template { return inHead(kind) }
            return .done
        case .endOfFile:
            guard isOpen(.template) else {
                parsingFinished = true
                return .done
            }
            popUntil(.template)
            clearFormattingToLastMarker()
            templateModes.removeLast()
            resetInsertionMode()
            return .reprocess
        case .characters:
            return .done
        }
    }

    // MARK: 13.2.6.4.19 The "after body" insertion mode

    mutating func afterBody(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment(at: (openNodes[0], -1))
            return .done
        case .doctype: return .done
        case .startTag where name == .html: return inBody(kind)
        case .endTag where name == .html:
            if fragmentContext == nil { self.mode = .afterAfterBody }
            return .done
        case .endOfFile:
            parsingFinished = true
            return .done
        default:
            self.mode = .inBody
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.20 The "in frameset" insertion mode

    mutating func inFrameset(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .startTag:
            switch name {
            case .html: return inBody(kind)
            case .frameset:
                insertElement(for: tag)
            case .frame:
                insertElement(for: tag)
                pop()
            case .noframes:
                return inHead(kind)
            default: break
            }
            return .done
        case .endTag where name == .frameset:
            if openNodes.count == 1 { return .done }
            pop()
            if fragmentContext == nil, !currentIs(.frameset) { self.mode = .afterFrameset }
            return .done
        case .endOfFile:
            parsingFinished = true
            return .done
        default:
            return .done
        }
    }

    // MARK: 13.2.6.4.21 The "after frameset" insertion mode

    mutating func afterFrameset(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment()
            return .done
        case .startTag where name == .html: return inBody(kind)
        case .startTag where name == .noframes: return inHead(kind)
        case .endTag where name == .html:
            self.mode = .afterAfterFrameset
            return .done
        case .endOfFile:
            parsingFinished = true
            return .done
        default:
            return .done
        }
    }

    // MARK: 13.2.6.4.22 The "after after body" insertion mode

    mutating func afterAfterBody(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment(at: (0, -1))
            return .done
        case .doctype: return inBody(kind)
        case .startTag where name == .html: return inBody(kind)
        case .endOfFile:
            parsingFinished = true
            return .done
        default:
            self.mode = .inBody
            return .reprocess
        }
    }

    // MARK: 13.2.6.4.23 The "after after frameset" insertion mode

    mutating func afterAfterFrameset(_ kind: TokenKind) -> Step {
        switch kind {
        case .comment:
            insertComment(at: (0, -1))
            return .done
        case .doctype: return inBody(kind)
        case .startTag where name == .html: return inBody(kind)
        case .startTag where name == .noframes: return inHead(kind)
        case .endOfFile:
            parsingFinished = true
            return .done
        default:
            return .done
        }
    }
}
