/// The HTML tokenizer: the state machine of
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization over UTF-16 input that has
/// been through input-stream preprocessing (no CR; see `HTMLInput`).
///
/// Runs of plain text are found in bulk and handed out as one character run (a slice of the
/// input when nothing was decoded in it); a tag's name is interned when it ends. Parse errors
/// are not reported: they never change the tree.
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
    private(set) var position = 0
    var state: State = .data
    private var returnState: State = .data

    /// The names of this parse (tag and attribute names are interned into it).
    var names: NameTable

    /// Set by the tree builder before each token: the adjusted current node is an element
    /// that is not in the HTML namespace, which is when `<![CDATA[` starts a CDATA section.
    var cdataAllowed = false

    // MARK: The current tag token
    private(set) var tagName = NameID(0)
    private(set) var selfClosing = false
    private(set) var attributes: [TokenAttribute] = []
    /// Attribute values of the current tag, one after the other.
    private(set) var values: [UInt16] = []
    private var nameBuffer: [UInt16] = []
    private var isEndTag = false
    /// The current attribute, while its name or value is being read.
    private var attributeNameBuffer: [UInt16] = []
    private var attributePending = false
    private var attributeDuplicate = false
    private var attributeValueStart: Int32 = 0
    /// Names of the current tag's attributes once there are many (duplicate checks stay linear).
    private var attributeNameSet: Set<Int32> = []
    /// The spelling of the last start tag emitted, for "appropriate end tag token".
    private var lastStartTagName: [UInt16] = []

    // MARK: Comments and DOCTYPEs
    private(set) var commentData: [UInt16] = []
    private(set) var doctypeToken = DoctypeToken()

    // MARK: Characters
    /// The pending character run: `input[textStart..<textEnd]` while `textInInput`, else `textScratch`.
    private var textInInput = true
    private var textStart = 0
    private var textEnd = 0
    private var textScratch: [UInt16] = []
    /// A complete token held back while the run of characters before it is handed out.
    private var heldToken: TokenKind?

    // MARK: Character references
    private var temporaryBuffer: [UInt16] = []
    private var characterReferenceCode: UInt32 = 0
    private let references = NamedCharacterReferences.shared

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
                    continue
                }
                if nameBuffer == lastStartTagName {
                    switch c {
                    case 0x09, 0x0A, 0x0C, 0x20: finishTagName(); state = .beforeAttributeName; continue
                    case 0x2F: finishTagName(); state = .selfClosingStartTag; continue
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
                case 0x09, 0x0A, 0x0C, 0x20: continue
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
                case 0x09, 0x0A, 0x0C, 0x20: continue
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
                case 0x09, 0x0A, 0x0C, 0x20: continue
                case 0x3E: state = .data; return emit(.doctype)
                case Self.eof: doctypeToken.forceQuirks = true; return emit(.doctype)
                default: reconsume(c, in: .bogusDoctype) // not force-quirks
                }

            case .bogusDoctype:
                let c = consume()
                if c == 0x3E { state = .data; return emit(.doctype) }
                if c == Self.eof { return emit(.doctype) }

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
            }
        }
    }

    // MARK: Character references

    private var isInAttribute: Bool {
        returnState == .attributeValueDoubleQuoted || returnState == .attributeValueSingleQuoted
            || returnState == .attributeValueUnquoted
    }

    /// 13.2.5.73: the longest name in the table that the input starts with.
    private mutating func consumeNamedCharacterReference() {
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

    // MARK: Tags

    private mutating func startTag(isEnd: Bool) {
        isEndTag = isEnd
        selfClosing = false
        nameBuffer.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        attributePending = false
        if !attributeNameSet.isEmpty { attributeNameSet.removeAll(keepingCapacity: true) }
    }

    private mutating func finishTagName() {
        tagName = nameBuffer.withUnsafeBufferPointer { names.intern($0) }
    }

    private mutating func startAttribute() {
        finishAttribute()
        attributeNameBuffer.removeAll(keepingCapacity: true)
        attributePending = true
        attributeDuplicate = false
    }

    /// Leaving the attribute name state: a name the tag already has makes the attribute a
    /// duplicate, which is dropped.
    private mutating func finishAttributeName() {
        let name = attributeNameBuffer.withUnsafeBufferPointer { names.intern($0) }
        if attributes.count < 32 {
            attributeDuplicate = attributes.contains { $0.name == name }
        } else {
            // A set from the 32nd attribute on, so 100,000 attributes do not take 10^10 steps.
            if attributeNameSet.isEmpty { for attribute in attributes { attributeNameSet.insert(attribute.name.raw) } }
            attributeDuplicate = !attributeNameSet.insert(name.raw).inserted
        }
        attributeValueStart = Int32(values.count)
        attributes.append(TokenAttribute(name: name, valueStart: attributeValueStart, valueEnd: attributeValueStart))
    }

    /// Closes the value of the attribute being read (or drops it when it is a duplicate).
    private mutating func finishAttribute() {
        guard attributePending else { return }
        attributePending = false
        if attributeDuplicate {
            attributes.removeLast()
            values.removeSubrange(Int(attributeValueStart)...)
        } else {
            attributes[attributes.count - 1].valueEnd = Int32(values.count)
        }
    }

    private mutating func emitTag() -> TokenKind {
        finishAttribute()
        if isEndTag { return emit(.endTag) }
        lastStartTagName.removeAll(keepingCapacity: true)
        lastStartTagName.append(contentsOf: nameBuffer)
        return emit(.startTag)
    }

    /// Returns `kind`, or the pending characters first, holding `kind` for the next call.
    private mutating func emit(_ kind: TokenKind) -> TokenKind {
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

    // MARK: Characters

    private var hasText: Bool { textInInput ? textEnd > textStart : !textScratch.isEmpty }

    private mutating func clearText() {
        textInInput = true
        textStart = 0
        textEnd = 0
        if !textScratch.isEmpty { textScratch.removeAll(keepingCapacity: true) }
    }

    /// Text up to the next character the current text state treats specially.
    @inline(__always)
    private mutating func scanText(stoppingAtAmpersand: Bool) {
        let start = position
        let count = input.count
        if stoppingAtAmpersand {
            while position < count {
                let u = input[position]
                if u == 0x3C || u == 0x26 || u == 0 { break }
                position += 1
            }
        } else {
            while position < count {
                let u = input[position]
                if u == 0x3C || u == 0 { break }
                position += 1
            }
        }
        if position > start { appendText(start, position) }
    }

    @inline(__always)
    private mutating func appendText(_ start: Int, _ end: Int) {
        if textInInput {
            if textEnd == textStart {
                textStart = start
                textEnd = end
                return
            }
            if textEnd == start {
                textEnd = end
                return
            }
            moveTextToScratch()
        }
        textScratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
    }

    @inline(__always)
    private mutating func appendText(_ unit: UInt16) {
        if textInInput { moveTextToScratch() }
        textScratch.append(unit)
    }

    /// U+0000 in the data and CDATA section states is emitted as it is, for tree construction
    /// to drop or replace, as a run of its own: the text before it first (the NUL is then
    /// consumed again), then the NUL alone.
    private mutating func emitNull() -> TokenKind? {
        if hasText {
            position -= 1
            return .characters
        }
        appendText(0)
        return .characters
    }

    private mutating func moveTextToScratch() {
        textInInput = false
        if textEnd > textStart { textScratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[textStart..<textEnd])) }
        textStart = 0
        textEnd = 0
    }

    // MARK: Input

    @inline(__always)
    private mutating func consume() -> Int32 {
        guard position < input.count else { return Self.eof }
        let c = input[position]
        position += 1
        return Int32(c)
    }

    @inline(__always)
    private mutating func consumeUnit() -> UInt16? {
        guard position < input.count else { return nil }
        let c = input[position]
        position += 1
        return c
    }

    @inline(__always)
    private mutating func reconsume(_ c: Int32, in newState: State) {
        if c != Self.eof { position -= 1 }
        state = newState
    }

    private func lookingAt(_ word: [UInt16], caseInsensitive: Bool) -> Bool {
        guard position + word.count <= input.count else { return false }
        for (i, unit) in word.enumerated() {
            var c = input[position + i]
            if caseInsensitive, c >= 0x41 && c <= 0x5A { c |= 0x20 }
            if c != unit { return false }
        }
        return true
    }

    private static let dashDash: [UInt16] = Array("--".utf16)
    private static let doctypeKeyword: [UInt16] = Array("doctype".utf16)
    private static let cdataOpening: [UInt16] = Array("[CDATA[".utf16)
    private static let publicKeyword: [UInt16] = Array("public".utf16)
    private static let systemKeyword: [UInt16] = Array("system".utf16)
    private static let scriptName: [UInt16] = Array("script".utf16)
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
