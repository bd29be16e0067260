import Foundation

/// An `NSExtensionActivationRule` written as an `NSPredicate` format string, parsed.
///
/// Supports the subset of the predicate language that activation rules use: `TRUEPREDICATE`,
/// `FALSEPREDICATE`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `ANY`/`SOME`/`ALL`/`NONE`,
/// comparisons `==`, `=`, `!=`, `<>`, `<`, `<=`, `=<`, `>`, `>=`, `=>`, `IN`, `CONTAINS`,
/// `BEGINSWITH`, `ENDSWITH`, `UTI-CONFORMS-TO`, `UTI-EQUALS` (with `[c]`/`[cd]` modifiers),
/// key paths with `$variables` and `@count`, `SUBQUERY(collection, $var, predicate)`, quoted
/// strings, numbers, `TRUE`/`FALSE`/`YES`/`NO`/`NIL`/`NULL`. Keywords are case-insensitive,
/// as in `NSPredicate`.
///
/// ```swift
/// let rule = try ActivationPredicate(parsing: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count == 1).@count == 1")
/// rule.evaluate(.otherBrowserURL)   // true
/// rule.evaluate(.image)             // false
/// ```
public indirect enum ActivationPredicate: Equatable, Sendable {
    case constant(Bool)
    case not(ActivationPredicate)
    case and(ActivationPredicate, ActivationPredicate)
    case or(ActivationPredicate, ActivationPredicate)
    case comparison(Comparison)

    /// `left op right`, optionally under `ANY`/`ALL`/`NONE`.
    public struct Comparison: Equatable, Sendable {
        public enum Quantifier: String, Equatable, Sendable { case any, all, noneOf = "none" }
        public enum Operator: String, Equatable, Sendable {
            case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">",
                 greaterOrEqual = ">=", `in` = "IN", contains = "CONTAINS", beginsWith = "BEGINSWITH",
                 endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES",
                 conformsTo = "UTI-CONFORMS-TO", utiEquals = "UTI-EQUALS"
        }
        public var quantifier: Quantifier?
        public var left: Expression
        public var `operator`: Operator
        public var right: Expression
        /// `[c]`: compare strings case-insensitively.
        public var caseInsensitive: Bool
    }

    /// A value in a comparison.
    public indirect enum Expression: Equatable, Sendable {
        case string(String)
        case number(Double)
        case boolean(Bool)
        case null
        /// A key path: `base.component.@count`; `base` is a `$variable`, `SELF`, a subquery, or
        /// the evaluated object itself (an unprefixed first key such as `extensionItems`).
        case keyPath(PathBase, [String])
    }

    public indirect enum PathBase: Equatable, Sendable {
        case evaluatedObject
        case variable(String)
        case subquery(collection: Expression, variable: String, predicate: ActivationPredicate)
    }

    /// A format-string error; `offset` is the 1-based index (in Unicode scalars) in the text.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        /// 1-based line and column within the predicate text (rules are often written over
        /// several lines inside `<string>`).
        public var line: Int
        public var column: Int
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// Parses an `NSPredicate` format string; throws `SyntaxError` with the place inside it.
    public init(parsing text: String) throws {
        var parser = PredicateParser(text: text)
        self = try parser.parseWhole()
    }
}

// MARK: - Tokens

struct PredicateToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)      // keywords too; compared case-insensitively by the parser
        case variable(String)        // $name
        case atKey(String)           // @count
        case string(String)
        case number(Double)
        case symbol(String)          // ( ) , . == != <= >= < > = ! && || [c]
        case end
    }
    var kind: Kind
    var offset: Int                  // 1-based scalar index
}

struct PredicateParser {
    let scalars: [Unicode.Scalar]
    var tokens: [PredicateToken] = []
    var position = 0

    init(text: String) {
        scalars = Array(text.unicodeScalars)
    }

    func error(_ message: String, at offset: Int) -> ActivationPredicate.SyntaxError {
        var line = 1
        var column = 1
        for scalar in scalars.prefix(max(0, offset - 1)) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return ActivationPredicate.SyntaxError(message: message, offset: offset, line: line, column: column)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "_"
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    /// Splits the predicate into tokens in one loop over its characters: one branch per token
    /// kind (strings, numbers, identifiers and keywords, operators), which keeps the cursor in
    /// one place rather than spread over helpers.
    mutating func tokenize() throws {
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        func readWord() -> String {
            var word = ""
            while let scalar = at(0), Self.isIdentifierPart(scalar) {
                word.unicodeScalars.append(scalar)
                index += 1
            }
            return word
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let offset = index + 1
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "\"" || scalar == "'" {
                index += 1
                var value = ""
                var closed = false
                while let inner = at(0) {
                    index += 1
                    if inner == scalar { closed = true; break }
                    if inner == "\\", let escaped = at(0) {
                        index += 1
                        switch escaped {
                        case "n": value += "\n"
                        case "t": value += "\t"
                        default: value.unicodeScalars.append(escaped)
                        }
                        continue
                    }
                    value.unicodeScalars.append(inner)
                }
                if !closed { throw error("unterminated string: expected a closing \(scalar)", at: offset) }
                tokens.append(PredicateToken(kind: .string(value), offset: offset))
            } else if ("0"..."9").contains(scalar)
                        || (scalar == "-" && at(1).map { ("0"..."9").contains($0) } == true) {
                var literal = String(scalar)
                index += 1
                while let next = at(0), ("0"..."9").contains(next) || next == "." || next == "e" || next == "E" {
                    literal.unicodeScalars.append(next)
                    index += 1
                }
                guard let value = Double(literal) else { throw error("malformed number '\(literal)'", at: offset) }
                tokens.append(PredicateToken(kind: .number(value), offset: offset))
            } else if scalar == "$" {
                index += 1
                let name = readWord()
                if name.isEmpty { throw error("expected a variable name after '$'", at: offset) }
                tokens.append(PredicateToken(kind: .variable(name), offset: offset))
            } else if scalar == "@" {
                index += 1
                let name = readWord()
                if name.isEmpty { throw error("expected a name after '@' (such as @count)", at: offset) }
                tokens.append(PredicateToken(kind: .atKey(name), offset: offset))
            } else if scalar == "#" || Self.isIdentifierStart(scalar) {
                // `#` escapes a key that would otherwise be a reserved word.
                if scalar == "#" { index += 1 }
                var word = readWord()
                // UTI-CONFORMS-TO and UTI-EQUALS are the only hyphenated words.
                if word.uppercased() == "UTI" {
                    for suffix in ["-CONFORMS-TO", "-EQUALS"] {
                        let length = suffix.unicodeScalars.count
                        let upcoming = String(String.UnicodeScalarView(scalars[index..<min(scalars.count, index + length)]))
                        if upcoming.uppercased() == suffix {
                            word += suffix
                            index += length
                            break
                        }
                    }
                    if word.uppercased() == "UTI", at(0) == "-" {
                        var written = word
                        while let next = at(0), next == "-" || Self.isIdentifierPart(next) {
                            written.unicodeScalars.append(next)
                            index += 1
                        }
                        throw error("unknown operator '\(written)': expected UTI-CONFORMS-TO or UTI-EQUALS", at: offset)
                    }
                }
                tokens.append(PredicateToken(kind: .identifier(scalar == "#" ? "#" + word : word), offset: offset))
            } else {
                let pairs = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"]
                let two = at(1).map { String(scalar) + String($0) }
                if let two, pairs.contains(two) {
                    tokens.append(PredicateToken(kind: .symbol(two), offset: offset))
                    index += 2
                } else if "(),.<>=!{}".unicodeScalars.contains(scalar) {
                    tokens.append(PredicateToken(kind: .symbol(String(scalar)), offset: offset))
                    index += 1
                } else if scalar == "[" {
                    // Comparison options: [c], [d], [cd].
                    var options = ""
                    index += 1
                    while let next = at(0), next != "]" {
                        options.unicodeScalars.append(next)
                        index += 1
                    }
                    guard at(0) == "]" else { throw error("expected ']' to close comparison options", at: offset) }
                    index += 1
                    tokens.append(PredicateToken(kind: .symbol("[" + options.lowercased() + "]"), offset: offset))
                } else {
                    throw error("unexpected character '\(scalar)'", at: offset)
                }
            }
        }
        tokens.append(PredicateToken(kind: .end, offset: scalars.count + 1))
    }

    // MARK: Grammar

    var current: PredicateToken { tokens[position] }

    func isKeyword(_ token: PredicateToken, _ words: String...) -> Bool {
        if case .identifier(let name) = token.kind { return words.contains(name.uppercased()) }
        return false
    }

    func isSymbol(_ token: PredicateToken, _ symbols: String...) -> Bool {
        if case .symbol(let symbol) = token.kind { return symbols.contains(symbol) }
        return false
    }

    func describe(_ token: PredicateToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .variable(let name): return "'$\(name)'"
        case .atKey(let name): return "'@\(name)'"
        case .string(let value): return "the string \"\(value)\""
        case .number(let value): return "the number \(value)"
        case .symbol(let symbol): return "'\(symbol)'"
        case .end: return "the end of the predicate"
        }
    }

    mutating func expectSymbol(_ symbol: String, _ context: String) throws {
        guard isSymbol(current, symbol) else {
            throw error("expected '\(symbol)' \(context), found \(describe(current))", at: current.offset)
        }
        position += 1
    }

    mutating func parseWhole() throws -> ActivationPredicate {
        try tokenize()
        if case .end = current.kind { throw error("the predicate is empty", at: 1) }
        let predicate = try parseOr()
        guard case .end = current.kind else {
            throw error("expected AND, OR or the end of the predicate, found \(describe(current))", at: current.offset)
        }
        return predicate
    }

    mutating func parseOr() throws -> ActivationPredicate {
        var result = try parseAnd()
        while isKeyword(current, "OR") || isSymbol(current, "||") {
            position += 1
            result = .or(result, try parseAnd())
        }
        return result
    }

    mutating func parseAnd() throws -> ActivationPredicate {
        var result = try parseNot()
        while isKeyword(current, "AND") || isSymbol(current, "&&") {
            position += 1
            result = .and(result, try parseNot())
        }
        return result
    }

    mutating func parseNot() throws -> ActivationPredicate {
        if isKeyword(current, "NOT") || isSymbol(current, "!") {
            position += 1
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    mutating func parsePrimary() throws -> ActivationPredicate {
        if isSymbol(current, "(") {
            let open = current
            position += 1
            let inner = try parseOr()
            guard isSymbol(current, ")") else {
                throw error("expected ')' to close the '(' at column \(open.offset), found \(describe(current))",
                            at: current.offset)
            }
            position += 1
            return inner
        }
        if isKeyword(current, "TRUEPREDICATE") { position += 1; return .constant(true) }
        if isKeyword(current, "FALSEPREDICATE") { position += 1; return .constant(false) }
        return .comparison(try parseComparison())
    }

    mutating func parseComparison() throws -> ActivationPredicate.Comparison {
        var quantifier: ActivationPredicate.Comparison.Quantifier?
        if isKeyword(current, "ANY", "SOME") { quantifier = .any; position += 1 }
        else if isKeyword(current, "ALL") { quantifier = .all; position += 1 }
        else if isKeyword(current, "NONE") { quantifier = .noneOf; position += 1 }
        let left = try parseExpression()
        let operatorToken = current
        let op: ActivationPredicate.Comparison.Operator
        switch operatorToken.kind {
        case .symbol("=="), .symbol("="): op = .equal
        case .symbol("!="), .symbol("<>"): op = .notEqual
        case .symbol("<"): op = .less
        case .symbol("<="), .symbol("=<"): op = .lessOrEqual
        case .symbol(">"): op = .greater
        case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
        case .identifier(let word):
            switch word.uppercased() {
            case "IN": op = .in
            case "CONTAINS": op = .contains
            case "BEGINSWITH": op = .beginsWith
            case "ENDSWITH": op = .endsWith
            case "LIKE": op = .like
            case "MATCHES": op = .matches
            case "UTI-CONFORMS-TO": op = .conformsTo
            case "UTI-EQUALS": op = .utiEquals
            default:
                throw error("expected a comparison operator (==, <=, UTI-CONFORMS-TO, …), found \(describe(operatorToken))",
                            at: operatorToken.offset)
            }
        default:
            throw error("expected a comparison operator (==, <=, UTI-CONFORMS-TO, …), found \(describe(operatorToken))",
                        at: operatorToken.offset)
        }
        position += 1
        var caseInsensitive = false
        if case .symbol(let symbol) = current.kind, symbol.hasPrefix("[") {
            caseInsensitive = symbol.contains("c")
            position += 1
        }
        let right = try parseExpression()
        return .init(quantifier: quantifier, left: left, operator: op, right: right, caseInsensitive: caseInsensitive)
    }

    mutating func parseExpression() throws -> ActivationPredicate.Expression {
        let token = current
        var base: ActivationPredicate.PathBase
        var components: [String] = []
        switch token.kind {
        case .string(let value): position += 1; return .string(value)
        case .number(let value): position += 1; return .number(value)
        case .variable(let name):
            position += 1
            base = .variable(name)
        case .atKey(let name):
            position += 1
            base = .evaluatedObject
            components = ["@" + name]
        case .identifier(let word):
            let upper = word.uppercased()
            switch upper {
            case "TRUE", "YES": position += 1; return .boolean(true)
            case "FALSE", "NO": position += 1; return .boolean(false)
            case "NIL", "NULL": position += 1; return .null
            case "SELF": position += 1; base = .evaluatedObject
            case "SUBQUERY":
                position += 1
                base = try parseSubquery()
            case "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "CONTAINS", "BEGINSWITH", "ENDSWITH",
                 "LIKE", "MATCHES", "BETWEEN", "UTI-CONFORMS-TO", "UTI-EQUALS", "TRUEPREDICATE", "FALSEPREDICATE":
                throw error("expected a key path or value, found the keyword \(describe(token))", at: token.offset)
            default:
                position += 1
                base = .evaluatedObject
                components = [word.hasPrefix("#") ? String(word.dropFirst()) : word]
            }
        case .symbol("("):
            throw error("expected a key path or value, found '('; parentheses group predicates, not values",
                        at: token.offset)
        default:
            throw error("expected a key path or value, found \(describe(token))", at: token.offset)
        }
        while isSymbol(current, ".") {
            position += 1
            switch current.kind {
            case .identifier(let word): components.append(word.hasPrefix("#") ? String(word.dropFirst()) : word)
            case .atKey(let name): components.append("@" + name)
            default:
                throw error("expected a key after '.', found \(describe(current))", at: current.offset)
            }
            position += 1
        }
        return .keyPath(base, components)
    }

    mutating func parseSubquery() throws -> ActivationPredicate.PathBase {
        try expectSymbol("(", "after SUBQUERY")
        let collection = try parseExpression()
        try expectSymbol(",", "after SUBQUERY's collection")
        guard case .variable(let variable) = current.kind else {
            throw error("expected a $variable as SUBQUERY's second argument, found \(describe(current))",
                        at: current.offset)
        }
        position += 1
        try expectSymbol(",", "after SUBQUERY's variable")
        let predicate = try parseOr()
        try expectSymbol(")", "to close SUBQUERY")
        return .subquery(collection: collection, variable: variable, predicate: predicate)
    }
}
