/// What `Tokenizer.next()` produced. The token's contents stay in the tokenizer (its name,
/// attributes, text or data) until the next call, so nothing is allocated per token.
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization
enum TokenKind: UInt8 {
    /// A run of character tokens (`Tokenizer.withText`), never empty.
    case characters
    case startTag
    case endTag
    case comment
    case doctype
    case endOfFile
}

/// An attribute of the current tag token: its interned name and its value's range in the
/// tokenizer's value pool.
struct TokenAttribute {
    var name: NameID
    var valueStart: Int32
    var valueEnd: Int32
}

/// The DOCTYPE token's fields; nil identifiers are "missing" (as opposed to empty).
struct DoctypeToken {
    var name: [UInt16]? = nil
    var publicIdentifier: [UInt16]? = nil
    var systemIdentifier: [UInt16]? = nil
    var forceQuirks = false
}
