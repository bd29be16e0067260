/// The states inside elements whose text is not markup: RCDATA (`title`, `textarea`),
/// RAWTEXT (`style`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript`) and script data, apart
/// from their text states themselves, which are in `next()`.
/// https://html.spec.whatwg.org/multipage/parsing.html#rcdata-less-than-sign-state
extension Tokenizer {
    /// One step in a state of 13.2.5.9–13.2.5.31: the less-than-sign and end tag states of
    /// RCDATA, RAWTEXT and script data, and script data's escaped and double-escaped states.
    /// Returns the token to emit, or nil to go on in the state it set. One case per state, as in
    /// `next()`, which is why it is long.
    @inline(__always)
    mutating func stepRawTextStates() -> TokenKind? {
        switch state {
        case .rawLessThanSign(let kind):
            let c = consume()
            if c == 0x2F {
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = .rawEndTagOpen(kind)
            } else if kind == .scriptData, c == 0x21 {
                appendText(0x3C)
                appendText(0x21)
                state = .scriptDataEscapeStart
            } else if kind == .scriptDataEscaped, isASCIIAlpha(c) {
                temporaryBuffer.removeAll(keepingCapacity: true)
                appendText(0x3C)
                reconsume(c, in: .scriptDataDoubleEscapeStart)
            } else {
                appendText(0x3C)
                reconsume(c, in: kind.state)
            }

        case .rawEndTagOpen(let kind):
            let c = consume()
            if isASCIIAlpha(c) {
                startTag(isEnd: true)
                reconsume(c, in: .rawEndTagName(kind))
            } else {
                appendText(0x3C)
                appendText(0x2F)
                reconsume(c, in: kind.state)
            }

        case .rawEndTagName(let kind):
            let c = consume()
            if isASCIIAlpha(c) {
                let unit = UInt16(c)
                nameBuffer.append(unit >= 0x41 && unit <= 0x5A ? unit | 0x20 : unit)
                temporaryBuffer.append(unit)
                return nil
            }
            if nameBuffer == lastStartTagName {
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: finishTagName(); state = .beforeAttributeName; return nil
                case 0x2F: finishTagName(); state = .selfClosingStartTag; return nil
                case 0x3E: finishTagName(); state = .data; return emitTag()
                default: break
                }
            }
            appendText(0x3C)
            appendText(0x2F)
            for unit in temporaryBuffer { appendText(unit) }
            reconsume(c, in: kind.state)

        case .scriptDataEscapeStart:
            let c = consume()
            if c == 0x2D { appendText(0x2D); state = .scriptDataEscapeStartDash } else { reconsume(c, in: .scriptData) }

        case .scriptDataEscapeStartDash:
            let c = consume()
            if c == 0x2D { appendText(0x2D); state = .scriptDataEscapedDashDash } else { reconsume(c, in: .scriptData) }

        case .scriptDataEscaped:
            let start = position
            while position < input.count {
                let u = input[position]
                if u == 0x2D || u == 0x3C || u == 0 { break }
                position += 1
            }
            if position > start { appendText(start, position) }
            guard let c = consumeUnit() else { return emit(.endOfFile) }
            switch c {
            case 0x2D: appendText(0x2D); state = .scriptDataEscapedDash
            case 0x3C: state = .rawLessThanSign(.scriptDataEscaped)
            default: appendText(0xFFFD)
            }

        case .scriptDataEscapedDash, .scriptDataEscapedDashDash:
            let c = consume()
            switch c {
            case 0x2D: appendText(0x2D); state = .scriptDataEscapedDashDash
            case 0x3C: state = .rawLessThanSign(.scriptDataEscaped)
            case 0x3E where state == .scriptDataEscapedDashDash: appendText(0x3E); state = .scriptData
            case 0: appendText(0xFFFD); state = .scriptDataEscaped
            case Self.eof: return emit(.endOfFile)
            default: appendText(UInt16(c)); state = .scriptDataEscaped
            }

        case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
            let c = consume()
            let starting = state == .scriptDataDoubleEscapeStart
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20, 0x2F, 0x3E:
                let isScript = temporaryBuffer == Self.scriptName
                if starting {
                    state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                } else {
                    state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }
                appendText(UInt16(c))
            default:
                if isASCIIAlpha(c) {
                    let unit = UInt16(c)
                    temporaryBuffer.append(unit >= 0x41 && unit <= 0x5A ? unit | 0x20 : unit)
                    appendText(unit)
                } else {
                    reconsume(c, in: starting ? .scriptDataEscaped : .scriptDataDoubleEscaped)
                }
            }

        case .scriptDataDoubleEscaped:
            let start = position
            while position < input.count {
                let u = input[position]
                if u == 0x2D || u == 0x3C || u == 0 { break }
                position += 1
            }
            if position > start { appendText(start, position) }
            guard let c = consumeUnit() else { return emit(.endOfFile) }
            switch c {
            case 0x2D: appendText(0x2D); state = .scriptDataDoubleEscapedDash
            case 0x3C: appendText(0x3C); state = .scriptDataDoubleEscapedLessThanSign
            default: appendText(0xFFFD)
            }

        case .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
            let c = consume()
            switch c {
            case 0x2D: appendText(0x2D); state = .scriptDataDoubleEscapedDashDash
            case 0x3C: appendText(0x3C); state = .scriptDataDoubleEscapedLessThanSign
            case 0x3E where state == .scriptDataDoubleEscapedDashDash: appendText(0x3E); state = .scriptData
            case 0: appendText(0xFFFD); state = .scriptDataDoubleEscaped
            case Self.eof: return emit(.endOfFile)
            default: appendText(UInt16(c)); state = .scriptDataDoubleEscaped
            }

        case .scriptDataDoubleEscapedLessThanSign:
            let c = consume()
            if c == 0x2F {
                temporaryBuffer.removeAll(keepingCapacity: true)
                appendText(0x2F)
                state = .scriptDataDoubleEscapeEnd
            } else {
                reconsume(c, in: .scriptDataDoubleEscaped)
            }

        default:
            preconditionFailure("stepRawTextStates: not one of its states")
        }
        return nil
    }

    private static let scriptName: [UInt16] = Array("script".utf16)
}
