import Foundation

/// Reads XML property lists with positions, for `ExtensionInfoPlist`.
///
/// Hand-written rather than `XMLParser` because `Info.plist` snippets copied from tutorials are
/// often not well-formed XML (a bare `<key>NSExtension</key><dict>…</dict>` with two roots, a
/// missing `<key>`), and the point is to say precisely what is wrong and then keep going, so
/// one mistake does not hide the rest of the configuration.
///
/// Two passes: a tokenizer builds a loose element tree (recovering from unclosed and stray end
/// tags), then the tree is read as property-list values.
struct PlistXMLReader {
    /// What the top level of the text held.
    enum TopLevel: Equatable {
        /// `<plist>` holding one value.
        case plist
        /// Key/value pairs with no enclosing `<dict>`, as tutorials print `NSExtension`.
        case keyValueFragment
        /// One value with no `<plist>` wrapper.
        case bareValue
    }

    struct Result {
        var value: PlistValue?
        var topLevel: TopLevel
        var diagnostics: [Diagnostic]
        /// For `<string>` elements (keyed by the element's position): where the text starts
        /// and whether the text is written verbatim (no entities or CDATA), so positions inside
        /// the string can be mapped back to the file.
        var textStarts: [SourcePosition: (start: SourcePosition, verbatim: Bool)]
    }

    static func read(_ text: String, fileName: String?) -> Result {
        var tokenizer = Tokenizer(text: text, fileName: fileName)
        let nodes = tokenizer.buildTree()
        var interpreter = Interpreter(fileName: fileName, diagnostics: tokenizer.diagnostics,
                                      textStarts: tokenizer.textStarts)
        let (value, topLevel) = interpreter.readTopLevel(nodes)
        return Result(value: value, topLevel: topLevel, diagnostics: interpreter.diagnostics,
                      textStarts: interpreter.textStarts)
    }

    // MARK: - Loose XML tree

    final class Element {
        let name: String
        let position: SourcePosition
        var children: [Node] = []

        init(name: String, position: SourcePosition) {
            self.name = name
            self.position = position
        }
    }

    enum Node {
        case element(Element)
        case text(String, SourcePosition)
    }

    struct Tokenizer {
        let scalars: [Unicode.Scalar]
        let fileName: String?
        var index = 0
        var line = 1
        var column = 1
        var diagnostics: [Diagnostic] = []
        var textStarts: [SourcePosition: (start: SourcePosition, verbatim: Bool)] = [:]
        static let maximumOpenElements = 1000

        init(text: String, fileName: String?) {
            scalars = Array(text.unicodeScalars)
            self.fileName = fileName
        }

        var position: SourcePosition { SourcePosition(line: line, column: column) }
        var atEnd: Bool { index >= scalars.count }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        func lookingAt(_ literal: String) -> Bool {
            var offset = 0
            for scalar in literal.unicodeScalars {
                guard peek(offset) == scalar else { return false }
                offset += 1
            }
            return true
        }

        mutating func advance() {
            guard index < scalars.count else { return }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func advance(by count: Int) {
            for _ in 0..<count { advance() }
        }

        /// Skips to just after `terminator`; false when the text ends first.
        mutating func skip(past terminator: String) -> Bool {
            while !atEnd {
                if lookingAt(terminator) {
                    advance(by: terminator.unicodeScalars.count)
                    return true
                }
                advance()
            }
            return false
        }

        mutating func error(_ code: DiagnosticCode, _ message: String, at position: SourcePosition) {
            diagnostics.append(Diagnostic(code, message, file: fileName,
                                          line: position.line, column: position.column))
        }

        static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == ":" || scalar == "."
        }

        mutating func readName() -> String {
            var name = ""
            while let scalar = peek(), Self.isNameScalar(scalar) {
                name.unicodeScalars.append(scalar)
                advance()
            }
            return name
        }

        mutating func skipWhitespace() {
            while let scalar = peek(), scalar.properties.isWhitespace { advance() }
        }

        /// Builds the element tree; elements left open are reported and closed where the
        /// structure shows they should have ended. One scanning loop over the characters (a
        /// switch on what starts at the cursor: comment, declaration, end tag, start tag, text),
        /// so it is long: each branch moves the cursor and the open-element stack together.
        mutating func buildTree() -> [Node] {
            let root = Element(name: "#document", position: SourcePosition(line: 1, column: 1))
            var open: [Element] = [root]
            var pendingText = ""
            var pendingTextStart: SourcePosition?
            var pendingVerbatim = true

            func flushText(into element: Element) {
                if let start = pendingTextStart {
                    element.children.append(.text(pendingText, start))
                }
                pendingText = ""
                pendingTextStart = nil
                pendingVerbatim = true
            }

            while !atEnd {
                let start = position
                if lookingAt("<!--") {
                    advance(by: 4)
                    if !skip(past: "-->") {
                        error(.plistSyntax, "unterminated comment: no '-->' before the end of the file", at: start)
                    }
                } else if lookingAt("<![CDATA[") {
                    advance(by: 9)
                    if pendingTextStart == nil { pendingTextStart = start }
                    pendingVerbatim = false
                    var terminated = false
                    while !atEnd {
                        if lookingAt("]]>") { advance(by: 3); terminated = true; break }
                        pendingText.unicodeScalars.append(peek()!)
                        advance()
                    }
                    if !terminated {
                        error(.plistSyntax, "unterminated CDATA section: no ']]>' before the end of the file", at: start)
                    }
                } else if lookingAt("<?") || lookingAt("<!") {
                    // The XML declaration and the DOCTYPE carry nothing a property list needs.
                    advance(by: 2)
                    if !skip(past: ">") {
                        error(.plistSyntax, "unterminated declaration: no '>' before the end of the file", at: start)
                    }
                } else if lookingAt("</") {
                    flushText(into: open.last!)
                    advance(by: 2)
                    let name = readName()
                    skipWhitespace()
                    if peek() == ">" {
                        advance()
                    } else {
                        error(.plistSyntax, "expected '>' to end </\(name)>", at: position)
                    }
                    if let depth = open.lastIndex(where: { $0.name == name }), depth > 0 {
                        var unclosed: [Element] = []
                        while open.count > depth + 1 {
                            unclosed.append(open.removeLast())
                            open.last!.children.append(.element(unclosed.last!))
                        }
                        reportUnclosed(unclosed) { "<\($0)> is not closed: expected </\($0)> before </\(name)> at \(start)" }
                        let closed = open.removeLast()
                        open.last!.children.append(.element(closed))
                    } else {
                        error(.plistSyntax, "unexpected </\(name)>: no <\(name)> is open here", at: start)
                    }
                } else if peek() == "<" {
                    flushText(into: open.last!)
                    advance()
                    let name = readName()
                    if name.isEmpty {
                        error(.plistSyntax, "expected an element name after '<'", at: start)
                        continue
                    }
                    // Attributes are read past, not kept: only `<plist version>` has any.
                    var selfClosing = false
                    var terminated = false
                    while let scalar = peek() {
                        if scalar == ">" { advance(); terminated = true; break }
                        if lookingAt("/>") { advance(by: 2); selfClosing = true; terminated = true; break }
                        if scalar == "<" { break }
                        if scalar == "\"" || scalar == "'" {
                            advance()
                            while let inner = peek(), inner != scalar { advance() }
                        }
                        advance()
                    }
                    if !terminated {
                        error(.plistSyntax, "unterminated tag <\(name): expected '>'", at: start)
                    }
                    let element = Element(name: name, position: start)
                    if open.count > Self.maximumOpenElements {
                        // Far deeper than any Info.plist; stopping here also keeps the tree's
                        // recursive release shallow.
                        error(.plistSyntax, "elements nest more than \(Self.maximumOpenElements) deep; reading stops here", at: start)
                        index = scalars.count
                        break
                    }
                    if selfClosing {
                        open.last!.children.append(.element(element))
                    } else {
                        open.append(element)
                    }
                } else if peek() == "&" {
                    if pendingTextStart == nil { pendingTextStart = start }
                    pendingVerbatim = false
                    pendingText.unicodeScalars.append(contentsOf: readEntity())
                } else {
                    if pendingTextStart == nil { pendingTextStart = start }
                    pendingText.unicodeScalars.append(peek()!)
                    advance()
                }
                // Record where a <string>'s text starts, for positions inside predicates.
                if let element = open.last, element.name == "string", let textStart = pendingTextStart {
                    textStarts[element.position] = (textStart, pendingVerbatim)
                }
            }
            flushText(into: open.last!)
            var unclosed: [Element] = []
            while open.count > 1 {
                unclosed.append(open.removeLast())
                open.last!.children.append(.element(unclosed.last!))
            }
            reportUnclosed(unclosed) { "<\($0)> is not closed: the file ends before </\($0)>" }
            return root.children
        }

        /// One diagnostic for each run of nested elements of one name left open (`elements`
        /// innermost first), at the outermost of the run, with how many it holds: a file cut
        /// inside a thousand nested arrays says so once, not a thousand times.
        mutating func reportUnclosed(_ elements: [Element], _ message: (String) -> String) {
            var index = 0
            while index < elements.count {
                var end = index
                while end + 1 < elements.count, elements[end + 1].name == elements[index].name { end += 1 }
                let outermost = elements[end]
                let inside = end - index
                error(.plistUnclosedElement,
                      message(outermost.name) + (inside > 0 ? " (nor are the \(inside) <\(outermost.name)> elements nested in it)" : ""),
                      at: outermost.position)
                index = end + 1
            }
        }

        /// Reads `&…;` and returns its characters; unknown or unterminated references are
        /// reported and kept as written.
        mutating func readEntity() -> [Unicode.Scalar] {
            let start = position
            var body = ""
            var offset = 1
            while let scalar = peek(offset), scalar != ";", offset < 12, scalar != "<", scalar != "&" {
                body.unicodeScalars.append(scalar)
                offset += 1
            }
            guard peek(offset) == ";" else {
                error(.plistSyntax, "'&' must be written '&amp;' in property-list text", at: start)
                advance()
                return ["&"]
            }
            advance(by: offset + 1)
            switch body {
            case "lt": return ["<"]
            case "gt": return [">"]
            case "amp": return ["&"]
            case "quot": return ["\""]
            case "apos": return ["'"]
            default:
                var number: UInt32?
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    number = UInt32(body.dropFirst(2), radix: 16)
                } else if body.hasPrefix("#") {
                    number = UInt32(body.dropFirst())
                }
                if let number, let scalar = Unicode.Scalar(number) { return [scalar] }
                error(.plistSyntax, "unknown entity '&\(body);'", at: start)
                return Array("&\(body);".unicodeScalars)
            }
        }
    }

    // MARK: - Property-list interpretation

    struct Interpreter {
        let fileName: String?
        var diagnostics: [Diagnostic]
        var textStarts: [SourcePosition: (start: SourcePosition, verbatim: Bool)]

        static let valueElements: Set<String> = [
            "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
        ]
        /// Deeper than any real Info.plist; keeps a hostile file from exhausting the stack.
        static let maximumDepth = 200

        mutating func report(_ code: DiagnosticCode, _ message: String,
                             at position: SourcePosition?) {
            diagnostics.append(Diagnostic(code, message, file: fileName,
                                          line: position?.line, column: position?.column))
        }

        /// Elements of `nodes`, reporting text that is not whitespace.
        mutating func elements(of nodes: [Node], in context: String) -> [Element] {
            var result: [Element] = []
            for node in nodes {
                switch node {
                case .element(let element):
                    result.append(element)
                case .text(let text, let position):
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty {
                        let excerpt = trimmed.count > 30 ? String(trimmed.prefix(30)) + "…" : trimmed
                        report(.plistUnexpectedText, "unexpected text '\(excerpt)' \(context)",
                               at: position)
                    }
                }
            }
            return result
        }

        mutating func readTopLevel(_ nodes: [Node]) -> (PlistValue?, TopLevel) {
            let top = elements(of: nodes, in: "outside any element")
            if top.count == 1, top[0].name == "plist" {
                let inner = elements(of: top[0].children, in: "in <plist>")
                guard let first = inner.first else {
                    report(.plistEmpty, "<plist> holds no value", at: top[0].position)
                    return (nil, .plist)
                }
                if inner.count > 1 {
                    report(.plistSyntax,
                           "<plist> holds more than one value; only the first is read", at: inner[1].position)
                }
                return (readValue(first, depth: 0), .plist)
            }
            if top.contains(where: { $0.name == "key" }) {
                let position = top.first?.position
                return (.dictionary(readEntries(top, depth: 0), at: position), .keyValueFragment)
            }
            guard let first = top.first else {
                report(.plistEmpty, "the file holds no property-list value", at: SourcePosition(line: 1, column: 1))
                return (nil, .bareValue)
            }
            if top.count > 1 {
                report(.plistSyntax,
                       "more than one value at the top level; only the first is read", at: top[1].position)
            }
            return (readValue(first, depth: 0), .bareValue)
        }

        mutating func readEntries(_ children: [Element], depth: Int) -> [PlistEntry] {
            var entries: [PlistEntry] = []
            var seenKeys: [String: SourcePosition] = [:]
            var pendingKey: (name: String, position: SourcePosition)?
            for element in children {
                if element.name == "key" {
                    if let pending = pendingKey {
                        report(.plistMissingValue,
                               "key '\(pending.name)' has no value: expected a value element before the next <key>",
                               at: pending.position)
                    }
                    pendingKey = (readText(element, in: "<key>"), element.position)
                    continue
                }
                guard Self.valueElements.contains(element.name) else {
                    reportUnknown(element)
                    continue
                }
                guard let key = pendingKey else {
                    var message = "expected <key> before <\(element.name)> in dictionary"
                    if element.name == "dict" {
                        message += "; its entries are read as the enclosing dictionary's"
                    }
                    report(.plistMissingKey, message, at: element.position)
                    // Recover: a keyless <dict> is nearly always a stray extra level, so its
                    // entries are read as if written in place; other values are dropped.
                    if element.name == "dict", let value = readValue(element, depth: depth + 1),
                       let inner = value.entries {
                        for entry in inner { append(entry, to: &entries, seen: &seenKeys) }
                    }
                    continue
                }
                pendingKey = nil
                if let value = readValue(element, depth: depth + 1) {
                    append(PlistEntry(key: key.name, keyPosition: key.position, value: value),
                           to: &entries, seen: &seenKeys)
                }
            }
            if let pending = pendingKey {
                report(.plistMissingValue,
                       "key '\(pending.name)' has no value: the dictionary ends after it", at: pending.position)
            }
            return entries
        }

        mutating func append(_ entry: PlistEntry, to entries: inout [PlistEntry],
                             seen: inout [String: SourcePosition]) {
            if let earlier = seen[entry.key] {
                report(.plistDuplicateKey,
                       "duplicate key '\(entry.key)' in dictionary (first at \(earlier)); the later value is used",
                       at: entry.keyPosition ?? entry.value.position)
            }
            if let position = entry.keyPosition ?? entry.value.position { seen[entry.key] = position }
            entries.append(entry)
        }

        mutating func reportUnknown(_ element: Element) {
            if element.name == "key" || element.name == "plist" {
                report(.plistSyntax, "<\(element.name)> is not allowed here", at: element.position)
            } else {
                report(.plistUnknownElement,
                       "unknown element <\(element.name)>: a property list holds dict, array, key, string, integer, real, true, false, date or data",
                       at: element.position)
            }
        }

        /// The text content of an element that may hold only text.
        mutating func readText(_ element: Element, in context: String) -> String {
            var text = ""
            for node in element.children {
                switch node {
                case .text(let value, _):
                    text += value
                case .element(let child):
                    report(.plistSyntax, "<\(child.name)> is not allowed inside \(context)",
                           at: child.position)
                }
            }
            return text
        }

        mutating func invalid(_ element: Element, _ text: String, _ expected: String) {
            report(.plistInvalidValue,
                   "<\(element.name)> holds '\(text)', which is not \(expected)", at: element.position)
        }

        mutating func readValue(_ element: Element, depth: Int) -> PlistValue? {
            let position = element.position
            guard depth < Self.maximumDepth else {
                report(.plistSyntax, "values nest more than \(Self.maximumDepth) deep", at: position)
                return nil
            }
            switch element.name {
            case "dict":
                let children = elements(of: element.children, in: "in <dict>")
                return .dictionary(readEntries(children, depth: depth), at: position)
            case "array":
                var values: [PlistValue] = []
                for child in elements(of: element.children, in: "in <array>") {
                    guard Self.valueElements.contains(child.name) else {
                        reportUnknown(child)
                        continue
                    }
                    if let value = readValue(child, depth: depth + 1) { values.append(value) }
                }
                return .array(values, at: position)
            case "string":
                return .string(readText(element, in: "<string>"), at: position)
            case "integer":
                let text = readText(element, in: "<integer>").trimmingCharacters(in: .whitespacesAndNewlines)
                guard let value = Self.parseInteger(text) else {
                    invalid(element, text, "an integer")
                    return nil
                }
                return .integer(value, at: position)
            case "real":
                let text = readText(element, in: "<real>").trimmingCharacters(in: .whitespacesAndNewlines)
                guard let value = Double(text) else {
                    invalid(element, text, "a number")
                    return nil
                }
                return .real(value, at: position)
            case "true", "false":
                let text = readText(element, in: "<\(element.name)>")
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    report(.plistInvalidValue,
                           "<\(element.name)> must be empty (write <\(element.name)/>)", at: position)
                }
                return .boolean(element.name == "true", at: position)
            case "date":
                let text = readText(element, in: "<date>").trimmingCharacters(in: .whitespacesAndNewlines)
                guard let date = ISO8601DateFormatter().date(from: text) else {
                    invalid(element, text, "a date of the form 2024-01-31T12:00:00Z")
                    return nil
                }
                return .date(date, at: position)
            case "data":
                let text = readText(element, in: "<data>").filter { !$0.isWhitespace }
                guard let data = Data(base64Encoded: text) else {
                    invalid(element, text, "base64")
                    return nil
                }
                return .data(data, at: position)
            default:
                reportUnknown(element)
                return nil
            }
        }

        /// Decimal or `0x` hexadecimal, with an optional sign, as CFPropertyList accepts.
        static func parseInteger(_ text: String) -> Int? {
            var digits = Substring(text)
            var negative = false
            if digits.first == "-" || digits.first == "+" {
                negative = digits.first == "-"
                digits = digits.dropFirst()
            }
            var radix = 10
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
                radix = 16
                digits = digits.dropFirst(2)
            }
            guard !digits.isEmpty, let magnitude = Int(digits, radix: radix) else { return nil }
            return negative ? -magnitude : magnitude
        }
    }
}
