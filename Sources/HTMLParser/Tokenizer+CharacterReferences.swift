/// Character references: `&name;`, `&#NNN;` and `&#xHHH;`, in text and in attribute values.
/// https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state
extension Tokenizer {
    /// One step in a state of 13.2.5.72–13.2.5.80. These states emit no token: what they
    /// decode goes to the pending characters or to the attribute value being read (see
    /// `returnState`). One case per state, as in `next()`.
    @inline(__always)
    mutating func stepCharacterReferenceStates() {
        switch state {
        case .characterReference:
            temporaryBuffer.removeAll(keepingCapacity: true)
            temporaryBuffer.append(0x26)
            let c = consume()
            if isASCIIAlphanumeric(c) {
                reconsume(c, in: .namedCharacterReference)
            } else if c == 0x23 {
                temporaryBuffer.append(0x23)
                state = .numericCharacterReference
            } else {
                flushTemporaryBuffer()
                reconsume(c, in: returnState)
            }

        case .namedCharacterReference:
            consumeNamedCharacterReference()

        case .ambiguousAmpersand:
            let c = consume()
            if isASCIIAlphanumeric(c) {
                if isInAttribute { values.append(UInt16(c)) } else { appendText(UInt16(c)) }
            } else {
                reconsume(c, in: returnState)
            }

        case .numericCharacterReference:
            characterReferenceCode = 0
            let c = consume()
            if c == 0x78 || c == 0x58 {
                temporaryBuffer.append(UInt16(c))
                state = .hexadecimalCharacterReferenceStart
            } else {
                reconsume(c, in: .decimalCharacterReferenceStart)
            }

        case .hexadecimalCharacterReferenceStart:
            let c = consume()
            if hexDigitValue(c) != nil {
                reconsume(c, in: .hexadecimalCharacterReference)
            } else {
                flushTemporaryBuffer()
                reconsume(c, in: returnState)
            }

        case .decimalCharacterReferenceStart:
            let c = consume()
            if c >= 0x30 && c <= 0x39 {
                reconsume(c, in: .decimalCharacterReference)
            } else {
                flushTemporaryBuffer()
                reconsume(c, in: returnState)
            }

        case .hexadecimalCharacterReference, .decimalCharacterReference:
            let hexadecimal = state == .hexadecimalCharacterReference
            while true {
                let c = consume()
                let digit: UInt32?
                if hexadecimal { digit = hexDigitValue(c) } else { digit = c >= 0x30 && c <= 0x39 ? UInt32(c - 0x30) : nil }
                if let digit {
                    // Past U+10FFFF the value only has to stay out of range.
                    characterReferenceCode = min(characterReferenceCode &* (hexadecimal ? 16 : 10) &+ digit, 0x110000)
                    continue
                }
                if c != 0x3B { reconsume(c, in: .numericCharacterReferenceEnd) } else { state = .numericCharacterReferenceEnd }
                break
            }

        case .numericCharacterReferenceEnd:
            let code = Self.numericReferenceValue(characterReferenceCode)
            temporaryBuffer.removeAll(keepingCapacity: true)
            appendCodePoint(code, to: &temporaryBuffer)
            flushTemporaryBuffer()
            state = returnState

        default:
            preconditionFailure("stepCharacterReferenceStates: not one of its states")
        }
    }

    private var isInAttribute: Bool {
        returnState == .attributeValueDoubleQuoted || returnState == .attributeValueSingleQuoted
            || returnState == .attributeValueUnquoted
    }

    /// 13.2.5.73: the longest name in the table that the input starts with.
    mutating func consumeNamedCharacterReference() {
        var node = NamedCharacterReferences.root
        var cursor = position
        var matchEnd = -1
        var match: (UInt32, UInt32) = (0, 0)
        while cursor < input.count, let next = references.step(node, input[cursor]) {
            node = next
            cursor += 1
            if let value = references.value(at: node) {
                matchEnd = cursor
                match = value
            }
        }
        guard matchEnd >= 0 else {
            // No name: the `&` and what follows are text (the ambiguous ampersand state
            // consumes the alphanumerics that follow).
            flushTemporaryBuffer()
            state = .ambiguousAmpersand
            return
        }
        let lastMatched = input[matchEnd - 1]
        temporaryBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<matchEnd]))
        position = matchEnd
        if isInAttribute, lastMatched != 0x3B, position < input.count,
           input[position] == 0x3D || isASCIIAlphanumeric(Int32(input[position])) {
            // For historical reasons `&not=` and `&notx` stay as written in attribute values.
            flushTemporaryBuffer()
            state = returnState
            return
        }
        temporaryBuffer.removeAll(keepingCapacity: true)
        appendCodePoint(match.0, to: &temporaryBuffer)
        if match.1 != 0 { appendCodePoint(match.1, to: &temporaryBuffer) }
        flushTemporaryBuffer()
        state = returnState
    }

    /// 13.2.5.80's replacements: 0, surrogates and values past U+10FFFF become U+FFFD; C1
    /// controls become the windows-1252 characters the table gives.
    static func numericReferenceValue(_ code: UInt32) -> UInt32 {
        if code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) { return 0xFFFD }
        if code >= 0x80 && code <= 0x9F {
            let replacement = c1Replacements[Int(code - 0x80)]
            if replacement != 0 { return replacement }
        }
        return code
    }

    /// https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state
    /// (0 where the code point stays as it is).
    private static let c1Replacements: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// "Flush code points consumed as a character reference".
    private mutating func flushTemporaryBuffer() {
        if isInAttribute {
            values.append(contentsOf: temporaryBuffer)
        } else {
            for unit in temporaryBuffer { appendText(unit) }
        }
    }

    private func appendCodePoint(_ code: UInt32, to buffer: inout [UInt16]) {
        if code >= 0x10000 {
            let v = code - 0x10000
            buffer.append(UInt16(0xD800 + (v >> 10)))
            buffer.append(UInt16(0xDC00 + (v & 0x3FF)))
        } else {
            buffer.append(UInt16(code))
        }
    }
}
