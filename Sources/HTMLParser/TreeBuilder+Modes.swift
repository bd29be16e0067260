/// The insertion modes for every token but characters, apart from "in body"
/// (TreeBuilder+InBody), the table modes (TreeBuilder+Tables) and the select modes
/// (TreeBuilder+Select).
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

    /// The current tag's name when it is one the rules name (nil for any other), for the
    /// mode handlers here and in TreeBuilder+Tables and TreeBuilder+Select.
    var name: KnownName? { tag.name.known }

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
            if !modeLocked { tree.quirksMode = QuirksModeRules.mode(for: token) }
            self.mode = .beforeHTML
            return .done
        default:
            if !modeLocked { tree.quirksMode = .quirks }
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
