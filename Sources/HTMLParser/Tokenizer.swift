/// The HTML tokenizer: the state machine of
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization over UTF-16 input that has
/// been through input-stream preprocessing (no CR; see `HTMLInput`).
///
/// Runs of plain text are found in bulk and handed out as one character run (a slice of the
/// input when nothing was decoded in it); a tag's name is interned when it ends. Parse errors
/// are not reported: they never change the tree.
///
/// This file holds the states, the token being built and `next()`, whose switch has the text,
/// tag and attribute states in place; the other groups of states are in extensions named for
/// them: Tokenizer+RawText, +Comments (with CDATA sections), +Doctype and
/// +CharacterReferences; Tokenizer+Tags builds tag tokens and Tokenizer+Text the character runs.
struct Tokenizer {
    /// One case per state of the standard. The five text-like states that the standard repeats
    /// for RCDATA, RAWTEXT and the three script-data variants share their less-than-sign,
    /// end-tag-open and end-tag-name states, told apart by `RawKind`.
    enum State: Equatable {
        case data                                   // 13.2.5.1
        case rcdata                                 // 13.2.5.2
        case rawtext                                // 13.2.5.3
        case scriptData                             // 13.2.5.4
        case plaintext                              // 13.2.5.5
        case tagOpen                                // 13.2.5.6
        case endTagOpen                             // 13.2.5.7
        case tagName                                // 13.2.5.8
        case rawLessThanSign(RawKind)               // 13.2.5.9, .12, .15, .23
        case rawEndTagOpen(RawKind)                 // 13.2.5.10, .13, .16, .24
        case rawEndTagName(RawKind)                 // 13.2.5.11, .14, .17, .25
        case scriptDataEscapeStart                  // 13.2.5.18
        case scriptDataEscapeStartDash              // 13.2.5.19
        case scriptDataEscaped                      // 13.2.5.20
        case scriptDataEscapedDash                  // 13.2.5.21
        case scriptDataEscapedDashDash              // 13.2.5.22
        case scriptDataDoubleEscapeStart            // 13.2.5.26
        case scriptDataDoubleEscaped                // 13.2.5.27
        case scriptDataDoubleEscapedDash            // 13.2.5.28
        case scriptDataDoubleEscapedDashDash        // 13.2.5.29
        case scriptDataDoubleEscapedLessThanSign    // 13.2.5.30
        case scriptDataDoubleEscapeEnd              // 13.2.5.31
        case beforeAttributeName                    // 13.2.5.32
        case attributeName                          // 13.2.5.33
        case afterAttributeName                     // 13.2.5.34
        case beforeAttributeValue                   // 13.2.5.35
        case attributeValueDoubleQuoted             // 13.2.5.36
        case attributeValueSingleQuoted             // 13.2.5.37
        case attributeValueUnquoted                 // 13.2.5.38
        case afterAttributeValueQuoted              // 13.2.5.39
        case selfClosingStartTag                    // 13.2.5.40
        case bogusComment                           // 13.2.5.41
        case markupDeclarationOpen                  // 13.2.5.42
        case commentStart                           // 13.2.5.43
        case commentStartDash                       // 13.2.5.44
        case comment                                // 13.2.5.45
        case commentLessThanSign                    // 13.2.5.46
        case commentLessThanSignBang                // 13.2.5.47
        case commentLessThanSignBangDash            // 13.2.5.48
        case commentLessThanSignBangDashDash        // 13.2.5.49
        case commentEndDash                         // 13.2.5.50
        case commentEnd                             // 13.2.5.51
        case commentEndBang                         // 13.2.5.52
        case doctype                                // 13.2.5.53
        case beforeDoctypeName                      // 13.2.5.54
        case doctypeName                            // 13.2.5.55
        case afterDoctypeName                       // 13.2.5.56
        case afterDoctypePublicKeyword              // 13.2.5.57
        case beforeDoctypePublicIdentifier          // 13.2.5.58
        case doctypePublicIdentifier(quote: UInt16) // 13.2.5.59, .60
        case afterDoctypePublicIdentifier           // 13.2.5.61
        case betweenDoctypePublicAndSystemIdentifiers // 13.2.5.62
        case afterDoctypeSystemKeyword              // 13.2.5.63
        case beforeDoctypeSystemIdentifier          // 13.2.5.64
        case doctypeSystemIdentifier(quote: UInt16) // 13.2.5.65, .66
        case afterDoctypeSystemIdentifier           // 13.2.5.67
        case bogusDoctype                           // 13.2.5.68
        case cdataSection                           // 13.2.5.69
        case cdataSectionBracket                    // 13.2.5.70
        case cdataSectionEnd                        // 13.2.5.71
        case characterReference                     // 13.2.5.72
        case namedCharacterReference                // 13.2.5.73
        case ambiguousAmpersand                     // 13.2.5.74
        case numericCharacterReference              // 13.2.5.75
        case hexadecimalCharacterReferenceStart     // 13.2.5.76
        case decimalCharacterReferenceStart         // 13.2.5.77
        case hexadecimalCharacterReference          // 13.2.5.78
        case decimalCharacterReference              // 13.2.5.79
        case numericCharacterReferenceEnd           // 13.2.5.80
    }

    /// Which text state a less-than-sign / end-tag state returns to.
    enum RawKind: Equatable {
        case rcdata, rawtext, scriptData, scriptDataEscaped
        var state: State {
            switch self {
            case .rcdata: return .rcdata
            case .rawtext: return .rawtext
            case .scriptData: return .scriptData
            case .scriptDataEscaped: return .scriptDataEscaped
            }
        }
    }

    static let eof: Int32 = -1

    let input: UnsafeBufferPointer<UInt16>
    var position = 0
    var state: State = .data
    var returnState: State = .data

    /// The names of this parse (tag and attribute names are interned into it).
    var names: NameTable

    /// Set by the tree builder before each token: the adjusted current node is an element
    /// that is not in the HTML namespace, which is when `<![CDATA[` starts a CDATA section.
    var cdataAllowed = false

    // The token being built and the buffers behind it are internal rather than private only so
    // that the extensions in the other Tokenizer+… files, which hold the groups of states, can
    // write them; the tree builder only reads them.

    // MARK: The current tag token
    var tagName = NameID(0)
    var selfClosing = false
    var attributes: [TokenAttribute] = []
    /// Attribute values of the current tag, one after the other.
    var values: [UInt16] = []
    var nameBuffer: [UInt16] = []
    var isEndTag = false
    /// The current attribute, while its name or value is being read.
    var attributeNameBuffer: [UInt16] = []
    var attributePending = false
    var attributeDuplicate = false
    var attributeValueStart: Int32 = 0
    /// Names of the current tag's attributes once there are many (duplicate checks stay linear).
    var attributeNameSet: Set<Int32> = []
    /// The spelling of the last start tag emitted, for "appropriate end tag token".
    var lastStartTagName: [UInt16] = []

    // MARK: Comments and DOCTYPEs
    var commentData: [UInt16] = []
    var doctypeToken = DoctypeToken()

    // MARK: Characters
    /// The pending character run: `input[textStart..<textEnd]` while `textInInput`, else `textScratch`.
    var textInInput = true
    var textStart = 0
    var textEnd = 0
    var textScratch: [UInt16] = []
    /// A complete token held back while the run of characters before it is handed out.
    private var heldToken: TokenKind?

    // MARK: Character references
    var temporaryBuffer: [UInt16] = []
    var characterReferenceCode: UInt32 = 0
    let references = NamedCharacterReferences.shared

    init(input: UnsafeBufferPointer<UInt16>, names: NameTable) {
        self.input = input
        self.names = names
        attributes.reserveCapacity(16)
        values.reserveCapacity(256)
        nameBuffer.reserveCapacity(32)
        textScratch.reserveCapacity(256)
    }

    /// Sets "the last start tag emitted" (fragment parsing and the tokenizer tests).
    mutating func setLastStartTag(_ name: String) {
        lastStartTagName = Array(name.utf16)
    }

    // MARK: Reading the current token

    /// Calls `body` with the characters of the current `.characters` token.
    @inline(__always)
    func withText<R>(_ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
        if textInInput {
            return try body(UnsafeBufferPointer(rebasing: input[textStart..<textEnd]))
        }
        return try textScratch.withUnsafeBufferPointer(body)
    }

    /// The value of attribute `attribute` of the current tag.
    @inline(__always)
    func withValue<R>(_ attribute: TokenAttribute, _ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
        try values.withUnsafeBufferPointer { values in
            try body(UnsafeBufferPointer(rebasing: values[Int(attribute.valueStart)..<Int(attribute.valueEnd)]))
        }
    }

    // MARK: The state machine

    /// Runs the state machine until it has a token.
    ///
    /// The states a page spends nearly all its time in (text, tags, attributes) are cases of
    /// this one switch, with their bulk scans, so a character in them costs no call and no second
    /// dispatch; that is why this function is longer than the others. The rarer groups of states
    /// are cases that hand over to a function in the extension named for them (raw text and
    /// script data, comments, DOCTYPEs, CDATA sections, character references), inlined here.
    mutating func next() -> TokenKind {
        if let held = heldToken {
            heldToken = nil
            clearText()
            return held
        }
        clearText()
        while true {
            switch state {
            case .data:
                scanText(stoppingAtAmpersand: true)
                guard let c = consumeUnit() else { return emit(.endOfFile) }
                switch c {
                case 0x26: returnState = .data; state = .characterReference
                case 0x3C: state = .tagOpen
                default: if let run = emitNull() { return run }
                }

            case .rcdata:
                scanText(stoppingAtAmpersand: true)
                guard let c = consumeUnit() else { return emit(.endOfFile) }
                switch c {
                case 0x26: returnState = .rcdata; state = .characterReference
                case 0x3C: state = .rawLessThanSign(.rcdata)
                default: appendText(0xFFFD)
                }

            case .rawtext, .scriptData:
                scanText(stoppingAtAmpersand: false)
                guard let c = consumeUnit() else { return emit(.endOfFile) }
                if c == 0x3C {
                    state = .rawLessThanSign(state == .rawtext ? .rawtext : .scriptData)
                } else {
                    appendText(0xFFFD)
                }

            case .plaintext:
                let start = position
                while position < input.count, input[position] != 0 { position += 1 }
                if position > start { appendText(start, position) }
                guard consumeUnit() != nil else { return emit(.endOfFile) }
                appendText(0xFFFD)

            case .tagOpen:
                let c = consume()
                if c == 0x21 {
                    state = .markupDeclarationOpen
                } else if c == 0x2F {
                    state = .endTagOpen
                } else if isASCIIAlpha(c) {
                    startTag(isEnd: false)
                    reconsume(c, in: .tagName)
                } else if c == 0x3F {
                    commentData.removeAll(keepingCapacity: true)
                    reconsume(c, in: .bogusComment)
                } else if c == 0 {
                    // WebKit's input preprocessor turns U+0000 into U+FFFD in every state but
                    // the data state, so `<` NUL is text `<\u{FFFD}` (the standard drops the NUL).
                    appendText(0x3C)
                    appendText(0xFFFD)
                    state = .data
                } else {
                    appendText(0x3C)
                    reconsume(c, in: .data)
                }

            case .endTagOpen:
                let c = consume()
                if isASCIIAlpha(c) {
                    startTag(isEnd: true)
                    reconsume(c, in: .tagName)
                } else if c == 0x3E {
                    state = .data
                } else if c == Self.eof {
                    appendText(0x3C)
                    appendText(0x2F)
                    state = .data
                } else {
                    commentData.removeAll(keepingCapacity: true)
                    reconsume(c, in: .bogusComment)
                }

            case .tagName:
                // Bulk: the name's characters up to white space, '/', '>', NUL or the end.
                while position < input.count {
                    let u = input[position]
                    if u == 0x09 || u == 0x0A || u == 0x0C || u == 0x20 || u == 0x2F || u == 0x3E || u == 0 { break }
                    nameBuffer.append(u >= 0x41 && u <= 0x5A ? u | 0x20 : u)
                    position += 1
                }
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: finishTagName(); state = .beforeAttributeName
                case 0x2F: finishTagName(); state = .selfClosingStartTag
                case 0x3E: finishTagName(); state = .data; return emitTag()
                case 0: nameBuffer.append(0xFFFD)
                default: return emit(.endOfFile)
                }

            case .rawLessThanSign, .rawEndTagOpen, .rawEndTagName,
                 .scriptDataEscapeStart, .scriptDataEscapeStartDash, .scriptDataEscaped, .scriptDataEscapedDash,
                 .scriptDataEscapedDashDash, .scriptDataDoubleEscapeStart, .scriptDataDoubleEscaped,
                 .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash, .scriptDataDoubleEscapedLessThanSign,
                 .scriptDataDoubleEscapeEnd:
                if let token = stepRawTextStates() { return token }

            case .beforeAttributeName:
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: continue
                case 0x2F, 0x3E, Self.eof: reconsume(c, in: .afterAttributeName)
                case 0x3D:
                    startAttribute()
                    attributeNameBuffer.append(0x3D)
                    state = .attributeName
                default:
                    startAttribute()
                    reconsume(c, in: .attributeName)
                }

            case .attributeName:
                while position < input.count {
                    let u = input[position]
                    if u == 0x09 || u == 0x0A || u == 0x0C || u == 0x20 || u == 0x2F || u == 0x3E || u == 0x3D || u == 0 { break }
                    attributeNameBuffer.append(u >= 0x41 && u <= 0x5A ? u | 0x20 : u)
                    position += 1
                }
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20, 0x2F, 0x3E, Self.eof:
                    finishAttributeName()
                    reconsume(c, in: .afterAttributeName)
                case 0x3D:
                    finishAttributeName()
                    state = .beforeAttributeValue
                default: attributeNameBuffer.append(0xFFFD)
                }

            case .afterAttributeName:
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: continue
                case 0x2F: state = .selfClosingStartTag
                case 0x3D: state = .beforeAttributeValue
                case 0x3E: state = .data; return emitTag()
                case Self.eof: return emit(.endOfFile)
                default:
                    startAttribute()
                    reconsume(c, in: .attributeName)
                }

            case .beforeAttributeValue:
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: continue
                case 0x22: state = .attributeValueDoubleQuoted
                case 0x27: state = .attributeValueSingleQuoted
                case 0x3E: state = .data; return emitTag()
                default: reconsume(c, in: .attributeValueUnquoted)
                }

            case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
                let quote: UInt16 = state == .attributeValueDoubleQuoted ? 0x22 : 0x27
                let start = position
                while position < input.count {
                    let u = input[position]
                    if u == quote || u == 0x26 || u == 0 { break }
                    position += 1
                }
                if position > start { values.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position])) }
                guard let c = consumeUnit() else { return emit(.endOfFile) }
                if c == quote {
                    state = .afterAttributeValueQuoted
                } else if c == 0x26 {
                    returnState = state
                    state = .characterReference
                } else {
                    values.append(0xFFFD)
                }

            case .attributeValueUnquoted:
                let start = position
                while position < input.count {
                    let u = input[position]
                    if u == 0x09 || u == 0x0A || u == 0x0C || u == 0x20 || u == 0x26 || u == 0x3E || u == 0 { break }
                    position += 1
                }
                if position > start { values.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position])) }
                guard let c = consumeUnit() else { return emit(.endOfFile) }
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: state = .beforeAttributeName
                case 0x26: returnState = .attributeValueUnquoted; state = .characterReference
                case 0x3E: state = .data; return emitTag()
                default: values.append(0xFFFD)
                }

            case .afterAttributeValueQuoted:
                let c = consume()
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20: state = .beforeAttributeName
                case 0x2F: state = .selfClosingStartTag
                case 0x3E: state = .data; return emitTag()
                case Self.eof: return emit(.endOfFile)
                default: reconsume(c, in: .beforeAttributeName)
                }

            case .selfClosingStartTag:
                let c = consume()
                switch c {
                case 0x3E: selfClosing = true; state = .data; return emitTag()
                case Self.eof: return emit(.endOfFile)
                default: reconsume(c, in: .beforeAttributeName)
                }

            case .bogusComment, .markupDeclarationOpen, .commentStart, .commentStartDash, .comment,
                 .commentLessThanSign, .commentLessThanSignBang, .commentLessThanSignBangDash,
                 .commentLessThanSignBangDashDash, .commentEndDash, .commentEnd, .commentEndBang:
                if let token = stepCommentStates() { return token }

            case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
                 .beforeDoctypePublicIdentifier, .doctypePublicIdentifier, .afterDoctypePublicIdentifier,
                 .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier,
                 .doctypeSystemIdentifier, .afterDoctypeSystemIdentifier, .bogusDoctype:
                if let token = stepDoctypeStates() { return token }

            case .cdataSection, .cdataSectionBracket, .cdataSectionEnd:
                if let token = stepCDATASectionStates() { return token }

            case .characterReference, .namedCharacterReference, .ambiguousAmpersand, .numericCharacterReference,
                 .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart, .hexadecimalCharacterReference,
                 .decimalCharacterReference, .numericCharacterReferenceEnd:
                stepCharacterReferenceStates()
            }
        }
    }

    /// Returns `kind`, or the pending characters first, holding `kind` for the next call.
    mutating func emit(_ kind: TokenKind) -> TokenKind {
        if kind == .endOfFile { position = input.count }
        // A comment or DOCTYPE cut off by the end of the input is followed by the end-of-file
        // token, which the data state emits.
        if kind == .comment || kind == .doctype { state = .data }
        if hasText {
            heldToken = kind
            return .characters
        }
        return kind
    }

    // MARK: Input

    @inline(__always)
    mutating func consume() -> Int32 {
        guard position < input.count else { return Self.eof }
        let c = input[position]
        position += 1
        return Int32(c)
    }

    @inline(__always)
    mutating func consumeUnit() -> UInt16? {
        guard position < input.count else { return nil }
        let c = input[position]
        position += 1
        return c
    }

    @inline(__always)
    mutating func reconsume(_ c: Int32, in newState: State) {
        if c != Self.eof { position -= 1 }
        state = newState
    }

    func lookingAt(_ word: [UInt16], caseInsensitive: Bool) -> Bool {
        guard position + word.count <= input.count else { return false }
        for (i, unit) in word.enumerated() {
            var c = input[position + i]
            if caseInsensitive, c >= 0x41 && c <= 0x5A { c |= 0x20 }
            if c != unit { return false }
        }
        return true
    }
}

@inline(__always) func isASCIIAlpha(_ c: Int32) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
@inline(__always) func isASCIIAlphanumeric(_ c: Int32) -> Bool { isASCIIAlpha(c) || (c >= 0x30 && c <= 0x39) }
@inline(__always) func lowercased(_ c: Int32) -> UInt16 { c >= 0x41 && c <= 0x5A ? UInt16(c | 0x20) : UInt16(c) }
@inline(__always) func hexDigitValue(_ c: Int32) -> UInt32? {
    if c >= 0x30 && c <= 0x39 { return UInt32(c - 0x30) }
    let lower = c | 0x20
    if lower >= 0x61 && lower <= 0x66 { return UInt32(lower - 0x61 + 10) }
    return nil
}
