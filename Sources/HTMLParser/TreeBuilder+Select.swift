/// The "in select" and "in select in table" insertion modes.
/// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inselect
extension TreeBuilder {
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

    private static let selectInTableEnders = NameSet([.caption, .table, .tbody, .tfoot, .thead, .tr, .td, .th])
}
