import Foundation

/// The tokens of a script, with their places: enough of ECMAScript's lexical grammar to tell
/// code from strings, templates, comments and regular-expression literals, which the syntax
/// scan for `--ios` needs (a `?.` inside a string is no optional chaining). Not a parser: a `/`
/// is a regular expression where the previous token lets an expression start, the usual
/// tokenizer rule (the embed tool's compactor uses the same one).
struct JavaScriptTokenScanner {
    enum Kind: Equatable {
        /// A name or keyword (`let`, `async`, `foo`).
        case identifier
        /// `#name`.
        case privateName
        case punctuator
        case number
        case string
        /// A whole template literal, substitutions included (their tokens follow it).
        case templateStart
        /// A regular-expression literal; `text` is the body, `flags` the flags.
        case regularExpression(flags: String)
        /// `#!` on the first line.
        case hashbang
    }

    struct Token {
        let kind: Kind
        let text: String
        /// 1-based line and column (UTF-16 code units, as JavaScriptCore counts them).
        let line: Int
        let column: Int
        /// A line break comes between the previous token and this one.
        let afterLineBreak: Bool
    }

    /// Words after which `/` starts a regular expression rather than a division.
    static let expressionKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                                                  "throw", "case", "do", "else", "yield", "await"]

    /// The script's tokens. Unterminated literals end at the end of the text (JavaScriptCore has
    /// already refused such a script before the scan runs).
    static func tokens(_ source: String) -> [Token] {
        let text = Array(source.utf16)
        var scanner = Cursor(text: text)
        var tokens: [Token] = []
        var regexAllowed = true
        /// Brace depth at which each open `${` closes, so `}` resumes the template.
        var templateDepths: [Int] = []
        var braceDepth = 0
        var sawLineBreak = false

        func add(_ kind: Kind, _ start: Cursor, _ end: Int) {
            let piece = String(decoding: text[start.index..<end], as: UTF16.self)
            tokens.append(Token(kind: kind, text: piece, line: start.line, column: start.column, afterLineBreak: sawLineBreak))
            sawLineBreak = false
        }

        if text.starts(with: Array("#!".utf16)) {
            let start = scanner
            while let unit = scanner.peek(), !Cursor.isLineBreak(unit) { scanner.advance() }
            add(.hashbang, start, scanner.index)
        }
        while let unit = scanner.peek() {
            let start = scanner
            if Cursor.isLineBreak(unit) { scanner.advance(); sawLineBreak = true; continue }
            if unit == 0x20 || unit == 0x09 || unit == 0x0B || unit == 0x0C || unit == 0xA0 || unit == 0xFEFF { scanner.advance(); continue }
            // Comments.
            if unit == slash, scanner.peek(1) == slash {
                while let next = scanner.peek(), !Cursor.isLineBreak(next) { scanner.advance() }
                continue
            }
            if unit == slash, scanner.peek(1) == star {
                scanner.advance(2)
                while let next = scanner.peek(), !(next == star && scanner.peek(1) == slash) {
                    if Cursor.isLineBreak(next) { sawLineBreak = true }
                    scanner.advance()
                }
                scanner.advance(2)
                continue
            }
            if unit == quote || unit == apostrophe {
                scanner.advance()
                while let next = scanner.peek(), next != unit, !Cursor.isLineBreak(next) {
                    scanner.advance(next == backslash ? 2 : 1)
                }
                scanner.advance()
                add(.string, start, min(scanner.index, text.count))
                regexAllowed = false
                continue
            }
            if unit == backtick || (unit == closeBrace && templateDepths.last == braceDepth) {
                if unit == closeBrace { templateDepths.removeLast() }
                scanner.advance()
                var opened = false
                while let next = scanner.peek(), next != backtick {
                    if next == backslash { scanner.advance(2); continue }
                    if next == dollar, scanner.peek(1) == openBrace { scanner.advance(2); opened = true; break }
                    scanner.advance()
                }
                if !opened { scanner.advance() } else { templateDepths.append(braceDepth) }
                if unit == backtick { add(.templateStart, start, min(scanner.index, text.count)) }
                regexAllowed = opened
                continue
            }
            if unit == slash && regexAllowed {
                scanner.advance()
                var inClass = false
                let bodyStart = scanner.index
                while let next = scanner.peek(), !Cursor.isLineBreak(next) {
                    if next == backslash { scanner.advance(2); continue }
                    if next == openBracket { inClass = true } else if next == closeBracket { inClass = false } else if next == slash && !inClass { break }
                    scanner.advance()
                }
                let bodyEnd = min(scanner.index, text.count)
                scanner.advance()
                let flagsStart = scanner.index
                while let next = scanner.peek(), Cursor.isIdentifierPart(next) { scanner.advance() }
                let flags = String(decoding: text[min(flagsStart, text.count)..<min(scanner.index, text.count)], as: UTF16.self)
                tokens.append(Token(kind: .regularExpression(flags: flags), text: String(decoding: text[bodyStart..<bodyEnd], as: UTF16.self),
                                    line: start.line, column: start.column, afterLineBreak: sawLineBreak))
                sawLineBreak = false
                regexAllowed = false
                continue
            }
            if Cursor.isDigit(unit) || (unit == dot && scanner.peek(1).map(Cursor.isDigit) == true) {
                while let next = scanner.peek(), Cursor.isIdentifierPart(next) || next == dot
                        || ((next == plus || next == minus) && (scanner.peek(-1) ?? 0) | 0x20 == 0x65 && !isHexPrefix(text, start.index)) {
                    scanner.advance()
                }
                add(.number, start, scanner.index)
                regexAllowed = false
                continue
            }
            if unit == hash || Cursor.isIdentifierStart(unit) {
                scanner.advance()
                while let next = scanner.peek(), Cursor.isIdentifierPart(next) { scanner.advance() }
                add(unit == hash ? .privateName : .identifier, start, scanner.index)
                let word = tokens[tokens.count - 1].text
                regexAllowed = unit != hash && expressionKeywords.contains(word)
                continue
            }
            // Punctuators, longest first.
            let length = punctuatorLength(scanner)
            scanner.advance(length)
            add(.punctuator, start, scanner.index)
            if length == 1 {
                if unit == openBrace { braceDepth += 1 } else if unit == closeBrace { braceDepth -= 1 }
            }
            regexAllowed = length > 1 || (unit != closeParenthesis && unit != closeBracket && unit != closeBrace)
        }
        return tokens
    }

    static func isHexPrefix(_ text: [UInt16], _ index: Int) -> Bool {
        index + 1 < text.count && text[index] == 0x30 && (text[index + 1] | 0x20) == 0x78
    }

    /// The punctuators longer than one unit, longest first, as UTF-16 (made once: making them
    /// for every punctuator of the script was a third of the scan's time).
    static let punctuators: [[UInt16]] = [">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
                                          "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=",
                                          "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**"].map { Array($0.utf16) }.sorted { $0.count > $1.count }
    static let optionalChain = Array("?.".utf16)

    static func punctuatorLength(_ cursor: Cursor) -> Int {
        for units in punctuators where units[0] == cursor.peek() {
            guard units.indices.allSatisfy({ cursor.peek($0) == units[$0] }) else { continue }
            // `a?.5:b` is a conditional with a number, not optional chaining.
            if units == optionalChain, let after = cursor.peek(2), Cursor.isDigit(after) { continue }
            return units.count
        }
        return 1
    }

    /// A place in the text.
    struct Cursor {
        let text: [UInt16]
        var index = 0
        var line = 1
        var column = 1

        func peek(_ offset: Int = 0) -> UInt16? {
            let at = index + offset
            return at >= 0 && at < text.count ? text[at] : nil
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count {
                guard index < text.count else { index += 1; return }
                let unit = text[index]
                index += 1
                if Self.isLineBreak(unit) && !(unit == 0x0D && peek() == 0x0A) {
                    line += 1
                    column = 1
                } else if !Self.isLineBreak(unit) {
                    column += 1
                }
            }
        }

        static func isLineBreak(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 }
        static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }
        static func isIdentifierStart(_ unit: UInt16) -> Bool {
            (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) || unit == 0x24 || unit == 0x5F || unit == 0x5C || unit >= 0x80
        }
        static func isIdentifierPart(_ unit: UInt16) -> Bool { isIdentifierStart(unit) || isDigit(unit) }
    }
}

private let slash: UInt16 = 0x2F, star: UInt16 = 0x2A, quote: UInt16 = 0x22, apostrophe: UInt16 = 0x27,
            backslash: UInt16 = 0x5C, backtick: UInt16 = 0x60, dollar: UInt16 = 0x24, openBrace: UInt16 = 0x7B,
            closeBrace: UInt16 = 0x7D, openBracket: UInt16 = 0x5B, closeBracket: UInt16 = 0x5D, dot: UInt16 = 0x2E,
            hash: UInt16 = 0x23, plus: UInt16 = 0x2B, minus: UInt16 = 0x2D, closeParenthesis: UInt16 = 0x29
