/// DOCTYPE tokens: their name and public and system identifiers, from which tree
/// construction picks the document's quirks mode.
/// https://html.spec.whatwg.org/multipage/parsing.html#doctype-state
extension Tokenizer {
    /// One step in a state of 13.2.5.53–13.2.5.68, from the DOCTYPE state to the bogus DOCTYPE
    /// state. Returns the token to emit, or nil to go on in the state it set. One case per
    /// state, as in `next()`, which is why it is long.
    @inline(__always)
    mutating func stepDoctypeStates() -> TokenKind? {
        switch state {
        case .doctype:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20: state = .beforeDoctypeName
            case Self.eof:
                doctypeToken = DoctypeToken(forceQuirks: true)
                return emit(.doctype)
            default: reconsume(c, in: .beforeDoctypeName)
            }

        case .beforeDoctypeName:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20: return nil
            case 0x3E:
                doctypeToken = DoctypeToken(forceQuirks: true)
                state = .data
                return emit(.doctype)
            case Self.eof:
                doctypeToken = DoctypeToken(forceQuirks: true)
                return emit(.doctype)
            default:
                doctypeToken = DoctypeToken(name: [])
                doctypeToken.name!.append(c == 0 ? 0xFFFD : lowercased(c))
                state = .doctypeName
            }

        case .doctypeName:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20: state = .afterDoctypeName
            case 0x3E: state = .data; return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default: doctypeToken.name!.append(c == 0 ? 0xFFFD : lowercased(c))
            }

        case .afterDoctypeName:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20: return nil
            case 0x3E: state = .data; return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default:
                position -= 1
                if lookingAt(Self.publicKeyword, caseInsensitive: true) {
                    position += 6
                    state = .afterDoctypePublicKeyword
                } else if lookingAt(Self.systemKeyword, caseInsensitive: true) {
                    position += 6
                    state = .afterDoctypeSystemKeyword
                } else {
                    doctypeToken.forceQuirks = true
                    state = .bogusDoctype
                }
            }

        case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                if state == .afterDoctypePublicKeyword { state = .beforeDoctypePublicIdentifier }
            case 0x22, 0x27:
                doctypeToken.publicIdentifier = []
                state = .doctypePublicIdentifier(quote: UInt16(c))
            case 0x3E:
                doctypeToken.forceQuirks = true
                state = .data
                return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default:
                doctypeToken.forceQuirks = true
                reconsume(c, in: .bogusDoctype)
            }

        case .doctypePublicIdentifier(let quote), .doctypeSystemIdentifier(let quote):
            let isPublic: Bool
            if case .doctypePublicIdentifier = state { isPublic = true } else { isPublic = false }
            let c = consume()
            switch c {
            case Int32(quote):
                state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
            case 0x3E:
                doctypeToken.forceQuirks = true
                state = .data
                return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default:
                let unit: UInt16 = c == 0 ? 0xFFFD : UInt16(c)
                if isPublic { doctypeToken.publicIdentifier!.append(unit) } else { doctypeToken.systemIdentifier!.append(unit) }
            }

        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                state = .betweenDoctypePublicAndSystemIdentifiers
            case 0x3E: state = .data; return emit(.doctype)
            case 0x22, 0x27:
                doctypeToken.systemIdentifier = []
                state = .doctypeSystemIdentifier(quote: UInt16(c))
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default:
                doctypeToken.forceQuirks = true
                reconsume(c, in: .bogusDoctype)
            }

        case .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                if state == .afterDoctypeSystemKeyword { state = .beforeDoctypeSystemIdentifier }
            case 0x22, 0x27:
                doctypeToken.systemIdentifier = []
                state = .doctypeSystemIdentifier(quote: UInt16(c))
            case 0x3E:
                doctypeToken.forceQuirks = true
                state = .data
                return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default:
                doctypeToken.forceQuirks = true
                reconsume(c, in: .bogusDoctype)
            }

        case .afterDoctypeSystemIdentifier:
            let c = consume()
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20: return nil
            case 0x3E: state = .data; return emit(.doctype)
            case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
            default: reconsume(c, in: .bogusDoctype) // not force-quirks
            }

        case .bogusDoctype:
            let c = consume()
            if c == 0x3E { state = .data; return emit(.doctype) }
            if c == Self.eof { return emit(.doctype) }

        default:
            preconditionFailure("stepDoctypeStates: not one of its states")
        }
        return nil
    }

    private static let publicKeyword: [UInt16] = Array("public".utf16)
    private static let systemKeyword: [UInt16] = Array("system".utf16)
}
