/// Comments, and the markup declarations that start them, DOCTYPEs and CDATA sections.
/// https://html.spec.whatwg.org/multipage/parsing.html#bogus-comment-state
extension Tokenizer {
    /// One step in a state of 13.2.5.41–13.2.5.52: the bogus comment state, the markup
    /// declaration open state (which also starts DOCTYPEs and CDATA sections) and the comment
    /// states. Returns the token to emit, or nil to go on in the state it set. One case per
    /// state, as in `next()`, which is why it is long.
    @inline(__always)
    mutating func stepCommentStates() -> TokenKind? {
        switch state {
        case .bogusComment:
            let start = position
            while position < input.count {
                let u = input[position]
                if u == 0x3E || u == 0 { break }
                position += 1
            }
            if position > start { commentData.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position])) }
            guard let c = consumeUnit() else { return emit(.comment) }
            if c == 0x3E { state = .data; return emit(.comment) }
            commentData.append(0xFFFD)

        case .markupDeclarationOpen:
            if lookingAt(Self.dashDash, caseInsensitive: false) {
                position += 2
                commentData.removeAll(keepingCapacity: true)
                state = .commentStart
            } else if lookingAt(Self.doctypeKeyword, caseInsensitive: true) {
                position += 7
                state = .doctype
            } else if lookingAt(Self.cdataOpening, caseInsensitive: false) {
                position += 7
                if cdataAllowed {
                    state = .cdataSection
                } else {
                    commentData.removeAll(keepingCapacity: true)
                    commentData.append(contentsOf: Self.cdataOpening)
                    state = .bogusComment
                }
            } else {
                commentData.removeAll(keepingCapacity: true)
                state = .bogusComment
            }

        case .commentStart:
            let c = consume()
            switch c {
            case 0x2D: state = .commentStartDash
            case 0x3E: state = .data; return emit(.comment)
            default: reconsume(c, in: .comment)
            }

        case .commentStartDash:
            let c = consume()
            switch c {
            case 0x2D: state = .commentEnd
            case 0x3E: state = .data; return emit(.comment)
            case Self.eof: return emit(.comment)
            default: commentData.append(0x2D); reconsume(c, in: .comment)
            }

        case .comment:
            let start = position
            while position < input.count {
                let u = input[position]
                if u == 0x3C || u == 0x2D || u == 0 { break }
                position += 1
            }
            if position > start { commentData.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position])) }
            guard let c = consumeUnit() else { return emit(.comment) }
            switch c {
            case 0x3C: commentData.append(0x3C); state = .commentLessThanSign
            case 0x2D: state = .commentEndDash
            default: commentData.append(0xFFFD)
            }

        case .commentLessThanSign:
            let c = consume()
            switch c {
            case 0x21: commentData.append(0x21); state = .commentLessThanSignBang
            case 0x3C: commentData.append(0x3C)
            default: reconsume(c, in: .comment)
            }

        case .commentLessThanSignBang:
            let c = consume()
            if c == 0x2D { state = .commentLessThanSignBangDash } else { reconsume(c, in: .comment) }

        case .commentLessThanSignBangDash:
            let c = consume()
            if c == 0x2D { state = .commentLessThanSignBangDashDash } else { reconsume(c, in: .commentEndDash) }

        case .commentLessThanSignBangDashDash:
            reconsume(consume(), in: .commentEnd)

        case .commentEndDash:
            let c = consume()
            switch c {
            case 0x2D: state = .commentEnd
            case Self.eof: return emit(.comment)
            default: commentData.append(0x2D); reconsume(c, in: .comment)
            }

        case .commentEnd:
            let c = consume()
            switch c {
            case 0x3E: state = .data; return emit(.comment)
            case 0x21: state = .commentEndBang
            case 0x2D: commentData.append(0x2D)
            case Self.eof: return emit(.comment)
            default:
                commentData.append(0x2D)
                commentData.append(0x2D)
                reconsume(c, in: .comment)
            }

        case .commentEndBang:
            let c = consume()
            switch c {
            case 0x2D:
                commentData.append(contentsOf: [0x2D, 0x2D, 0x21])
                state = .commentEndDash
            case 0x3E: state = .data; return emit(.comment)
            case Self.eof: return emit(.comment)
            default:
                commentData.append(contentsOf: [0x2D, 0x2D, 0x21])
                reconsume(c, in: .comment)
            }

        default:
            preconditionFailure("stepCommentStates: not one of its states")
        }
        return nil
    }

    // MARK: CDATA sections

    /// One step in a state of 13.2.5.69–13.2.5.71, the CDATA section (only in foreign content;
    /// see `cdataAllowed`). Returns the token to emit, or nil to go on in the state it set.
    @inline(__always)
    mutating func stepCDATASectionStates() -> TokenKind? {
        switch state {
        case .cdataSection:
            let start = position
            while position < input.count, input[position] != 0x5D, input[position] != 0 { position += 1 }
            if position > start { appendText(start, position) }
            guard let c = consumeUnit() else { return emit(.endOfFile) }
            if c != 0 { state = .cdataSectionBracket } else if let run = emitNull() { return run }

        case .cdataSectionBracket:
            let c = consume()
            if c == 0x5D { state = .cdataSectionEnd } else { appendText(0x5D); reconsume(c, in: .cdataSection) }

        case .cdataSectionEnd:
            let c = consume()
            switch c {
            case 0x5D: appendText(0x5D)
            case 0x3E: state = .data
            default:
                appendText(0x5D)
                appendText(0x5D)
                reconsume(c, in: .cdataSection)
            }

        default:
            preconditionFailure("stepCDATASectionStates: not one of its states")
        }
        return nil
    }

    private static let dashDash: [UInt16] = Array("--".utf16)
    private static let doctypeKeyword: [UInt16] = Array("doctype".utf16)
    private static let cdataOpening: [UInt16] = Array("[CDATA[".utf16)
}
