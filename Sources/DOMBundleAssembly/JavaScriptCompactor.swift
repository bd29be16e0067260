import Foundation

/// Drops what JavaScriptCore would only skip: comments and each line's leading and trailing
/// white space (about a fifth of the DOM's bytes, all lexed on every page's parse), and writes
/// the few non-ASCII characters left in strings and regular expressions as `\\u` escapes, so
/// the bundle is ASCII and JavaScriptCore keeps its source as 8-bit characters. A tokenizer,
/// not a pattern: it knows string, template and regular-expression literals (a `//` inside
/// one is no comment) and `${…}` nesting. Every line break is kept, so bundle line numbers
/// (the file table, error locations) are the source files' own.
public enum JavaScriptCompactor {
    /// Words after which `/` starts a regular expression rather than a division.
    static let operatorKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                                                "throw", "case", "do", "else", "yield", "await"]

    /// Drops comments and indentation in one pass over the scalars, tracking what the cursor is
    /// in (a string, a template, a regular expression, code): the states share the cursor and
    /// the output, so the pass stays one function.
    public static func compact(_ source: String) -> String { scan(source).text }

    /// What one file declares at its top level and which names its code reads, as far as a
    /// lazy group's imports and exports need (`DOMBundleAssembler`): every identifier that is not
    /// a property name after `.`, and every name a top-level `function`, `class`, `const`, `let`
    /// or `var` introduces (declarator lists included; destructuring is reported, not resolved).
    public struct Compacted {
        public var text: String
        /// Names the code refers to (identifiers not preceded by `.` or `?.`), keywords included.
        public var referenced: Set<String> = []
        /// Top-level declarations, name → keyword (`function`, `class`, `const`, `let`, `var`).
        public var declared: [String: String] = [:]
        /// The names of `declared`, in the order the file declares them.
        public var declaredOrder: [String] = []
        /// Top-level declarations written as destructuring patterns (not resolved to names).
        public var destructuringLines: [Int] = []
        /// Top-level statements that are not declarations (a call, an assignment): code that runs
        /// when the file is evaluated, for its effect.
        public var statementLines: [Int] = []
    }

    public static func scan(_ source: String) -> Compacted {
        var result = Compacted(text: "")
        /// The declaration keyword whose next word is a name it declares, while at top level.
        var declaring: String?
        /// The keyword of the top-level declaration statement being read (for `a = 1, b = 2`).
        var declarationStatement: String?
        var parenDepth = 0
        var bracketDepth = 0
        /// At the top level, the next token starts a statement.
        var statementStart = true
        var lineNumber = 1
        let input = Array(source.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.reserveCapacity(input.count)
        var index = 0
        /// What the last significant token lets `/` be.
        var regexAllowed = true
        /// `${` nesting: the brace depth at which each open template substitution closes.
        var templateDepths: [Int] = []
        var braceDepth = 0
        var atLineStart = true
        /// White space seen but not yet written (dropped at a line's start and end).
        var pendingSpace = String.UnicodeScalarView()

        func emit(_ scalar: Unicode.Scalar) {
            if !pendingSpace.isEmpty { output.append(contentsOf: pendingSpace); pendingSpace.removeAll() }
            atLineStart = false
            if scalar.value < 0x80 {
                output.append(scalar)
            } else if scalar.value <= 0xFFFF {
                output.append(contentsOf: escaped(scalar.value).unicodeScalars)
            } else {
                let value = scalar.value - 0x10000
                output.append(contentsOf: (escaped(0xD800 + (value >> 10)) + escaped(0xDC00 + (value & 0x3FF))).unicodeScalars)
            }
        }
        func escaped(_ unit: UInt32) -> String {
            let hex = String(unit, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        func newline() {
            pendingSpace.removeAll()
            output.append("\n")
            atLineStart = true
        }
        /// Copies a string literal or a template's text from `index` (at its opening quote, or
        /// just after a template's `}`) to its end; returns true when a template reached `${`.
        func copyQuoted(_ quote: Unicode.Scalar, opening: Bool) -> Bool {
            if opening { emit(input[index]); index += 1 }
            while index < input.count {
                let scalar = input[index]
                if scalar == "\\" {
                    // An escaped non-ASCII character stays as written: `\\` then `\\uXXXX` would
                    // change its meaning.
                    output.append(scalar); index += 1
                    if index < input.count { output.append(input[index]); index += 1 }
                    continue
                }
                if quote == "`" && scalar == "$" && index + 1 < input.count && input[index + 1] == "{" {
                    emit("$"); emit("{"); index += 2
                    return true
                }
                if scalar == "\n" {
                    // Only a template may span lines; its text is kept exactly.
                    output.append(scalar); index += 1
                    continue
                }
                emit(scalar); index += 1
                if scalar == quote { return false }
            }
            return false
        }

        /// True when the output so far ends in `.` (a member access, `?.` included) and not in
        /// `...` (a spread, after which a name is a reference).
        func endsInMemberDot() -> Bool {
            var last: [Unicode.Scalar] = []
            var position = output.endIndex
            while position > output.startIndex && last.count < 2 {
                position = output.index(before: position)
                let scalar = output[position]
                if scalar != " " && scalar != "\n" { last.append(scalar) }
            }
            return last.first == "." && last.dropFirst().first != "."
        }
        var atTopLevel: Bool { braceDepth == 0 && parenDepth == 0 && bracketDepth == 0 && templateDepths.isEmpty }
        /// A punctuator at the top level: ends or continues a declaration statement.
        func punctuator(_ scalar: Unicode.Scalar) {
            if atTopLevel {
                if statementStart && (scalar == "(" || scalar == "[") { result.statementLines.append(lineNumber) }
                statementStart = scalar == ";"
            }
            if let keyword = declaring {
                if keyword == "function" && scalar == "*" { return }
                if (scalar == "{" || scalar == "[") && keyword != "function" && keyword != "class" {
                    result.destructuringLines.append(lineNumber)
                }
                declaring = nil
            }
            guard atTopLevel else { return }
            if scalar == "," && declarationStatement != nil { declaring = declarationStatement }
            if scalar == ";" { declarationStatement = nil }
        }
        func noteWord(_ name: String) {
            guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), first != "#" else { return }
            if endsInMemberDot() { declaring = nil; return }
            result.referenced.insert(name)
            if atTopLevel && statementStart {
                if !["function", "class", "const", "let", "var", "async"].contains(name) { result.statementLines.append(lineNumber) }
                statementStart = false
            }
            if let keyword = declaring {
                if name == "async" { return }
                if result.declared[name] == nil {
                    result.declared[name] = keyword
                    result.declaredOrder.append(name)
                }
                if keyword != "function" && keyword != "class" { declarationStatement = keyword }
                declaring = nil
            } else if atTopLevel, ["function", "class", "const", "let", "var"].contains(name) {
                declaring = name
            }
        }

        while index < input.count {
            let scalar = input[index]
            let next: Unicode.Scalar? = index + 1 < input.count ? input[index + 1] : nil
            switch scalar {
            case "\n":
                newline(); index += 1; lineNumber += 1
            case " ", "\t", "\r", "\u{FEFF}", "\u{A0}":
                if !atLineStart { pendingSpace.append(" ") }
                index += 1
            case "/" where next == "/":
                while index < input.count && input[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 2
                var lineBreaks = 0
                while index < input.count && !(input[index] == "*" && index + 1 < input.count && input[index + 1] == "/") {
                    if input[index] == "\n" { lineBreaks += 1 }
                    index += 1
                }
                index += 2
                if lineBreaks > 0 {
                    for _ in 0..<lineBreaks { newline() }
                } else if !atLineStart {
                    pendingSpace.append(" ")
                }
            case "/" where regexAllowed:
                emit(scalar); index += 1
                var inClass = false
                while index < input.count && input[index] != "\n" {
                    let character = input[index]
                    if character == "\\" {
                        output.append(character); index += 1
                        if index < input.count { output.append(input[index]); index += 1 }
                        continue
                    }
                    emit(character); index += 1
                    if character == "[" { inClass = true } else if character == "]" { inClass = false }
                    else if character == "/" && !inClass { break }
                }
                regexAllowed = false
            case "\"", "'":
                _ = copyQuoted(scalar, opening: true)
                regexAllowed = false
            case "`":
                if copyQuoted("`", opening: true) { templateDepths.append(braceDepth); regexAllowed = true } else { regexAllowed = false }
            case "{":
                punctuator(scalar)
                braceDepth += 1; emit(scalar); index += 1; regexAllowed = true
            case "}":
                emit(scalar); index += 1
                if let depth = templateDepths.last, depth == braceDepth {
                    templateDepths.removeLast()
                    if copyQuoted("`", opening: false) { templateDepths.append(braceDepth); regexAllowed = true } else { regexAllowed = false }
                } else {
                    braceDepth -= 1
                    // The end of a function or class body (or of an object literal, which a `,` or
                    // `;` then follows) at the top level.
                    if atTopLevel { statementStart = true }
                    // After a block a regular expression may start a statement; after an object
                    // literal a division is rare.
                    regexAllowed = true
                }
            case ")", "]":
                if scalar == ")" { parenDepth -= 1 } else { bracketDepth -= 1 }
                emit(scalar); index += 1; regexAllowed = false
            case "+", "-":
                punctuator(scalar)
                emit(scalar); index += 1
                // `a++ / b`: after a postfix increment, `/` divides.
                if next == scalar { emit(scalar); index += 1; regexAllowed = false } else { regexAllowed = true }
            default:
                if scalar.properties.isIDStart || scalar == "$" || scalar == "_" || ("0"..."9").contains(scalar) || scalar == "#" {
                    var word = String.UnicodeScalarView()
                    while index < input.count {
                        let character = input[index]
                        guard character.properties.isIDContinue || character == "$" || character == "_" || character == "#"
                                || (("0"..."9").contains(word.first ?? "a") && character == ".") else { break }
                        word.append(character); index += 1
                    }
                    noteWord(String(word))
                    for character in word { emit(character) }
                    regexAllowed = operatorKeywords.contains(String(word))
                } else {
                    punctuator(scalar)
                    if scalar == "(" { parenDepth += 1 } else if scalar == "[" { bracketDepth += 1 }
                    emit(scalar); index += 1
                    regexAllowed = true
                }
            }
        }
        result.text = String(output)
        return result
    }
}
