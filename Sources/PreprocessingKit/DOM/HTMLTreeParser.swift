import CGumbo
#if canImport(Glibc)
import Glibc
#endif

/// Parses HTML with gumbo and flattens the tree into the one JSON array the JS DOM builds from
/// (format: `DOM/js/CONTRACT.md`). The only file that sees gumbo's types.
///
/// One array, one crossing: the JS side parses it with `JSON.parse` and builds every node in one
/// loop, so the cost of handing a page over does not grow with bridge calls per node.
///
/// Where gumbo differs from WebKit, this layer corrects it:
/// - gumbo parses as if scripting were disabled; Safari parses with scripting on, so a
///   `<noscript>` holds its raw source as one text node. Before parsing, each `<noscript>`'s
///   content is cut out and the element is parsed as an empty `<style>` (which, like a
///   scripting-on `<noscript>`, is raw text and is allowed in `<head>`); the flattener puts the
///   name and the raw text back.
public enum HTMLTreeParser {
    /// Version of the flat format, first element of the array.
    static let formatVersion = 1

    /// The flat tree of a whole document, as JSON text.
    /// No limit on recorded parse errors. gumbo 0.10 resets its attribute-name buffer after a
    /// duplicate attribute only when it could record the error, so with a limit the next
    /// attribute's name is glued to the dropped one (`we="" we 'll=""` gave `we'll`; WebKit
    /// has `'ll`). Recording errors costs nothing measurable (the corpus parses as fast).
    static let maxErrors: Int32 = -1

    public static func flatDocument(html: String) -> [UInt8] {
        parse(html: html, fragmentContext: nil)
    }

    /// The flat records of a fragment parsed in the context of an HTML element named
    /// `contextLocalName` (as `innerHTML =` does), as JSON text.
    public static func flatFragment(html: String, contextLocalName: String) -> [UInt8] {
        parse(html: html, fragmentContext: contextLocalName.lowercased())
    }

    /// Parses a whole document with gumbo and throws the tree away: the parser's own cost,
    /// without the noscript rewrite or the flat tree, for the benchmark's parse share.
    public static func bareParse(html: String) {
        var source = Array(html.utf8)
        var options = kGumboDefaultOptions
        options.max_errors = HTMLTreeParser.maxErrors
        source.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafeMutablePointer<UInt8>(bitPattern: 1)!)
                .assumingMemoryBound(to: CChar.self)
            if let output = gumbo_parse_with_options(&options, base, buffer.count) {
                gumbo_destroy_output(&options, output)
            }
        }
    }

    private static let noscriptMarker = "data-preprocess-sim-noscript"

    /// WebKit's input preprocessor drops U+0000 in the data state but turns it into U+FFFD in
    /// every other tokenizer state; after `<` (tag open) the tokenizer then emits `<` and the
    /// U+FFFD as text. gumbo drops that NUL, so it becomes U+FFFD here first (what UTF-16 pages
    /// decoded as windows-1252 show in Safari: `<\u{FFFD}!DOCTYPE`). Everywhere else NUL becomes
    /// U+FFFD or is dropped alike in both parsers.
    static func replacingNullAfterLessThan(_ source: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(source.count + 16)
        var previous: UInt8 = 0xFF
        for byte in source {
            if byte == 0 && previous == UInt8(ascii: "<") {
                result.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                result.append(byte)
            }
            previous = byte
        }
        return result
    }

    private static func parse(html: String, fragmentContext: String?) -> [UInt8] {
        var source = Array(html.utf8)
        if source.contains(0) { source = replacingNullAfterLessThan(source) }
        var noscriptContents: [[UInt8]] = []
        if fragmentContext != "noscript" {
            (source, noscriptContents) = NoscriptRewriter.rewrite(source, marker: noscriptMarker)
        }
        var writer = FlatTreeWriter(noscriptMarker: noscriptMarker, noscriptContents: noscriptContents)
        writer.controlsSheltered = ControlCharacterShelter.shelter(&source)
        if let context = fragmentContext, context == "noscript" || NoscriptRewriter.isRawTextContext(context) {
            // A raw-text context (scripting-on noscript, style, script…): the fragment is one text node.
            writer.beginArray(quirks: GUMBO_DOCTYPE_NO_QUIRKS)
            if !source.isEmpty { writer.text(source[...]) }
            return writer.finish()
        }
        var options = kGumboDefaultOptions
        options.max_errors = HTMLTreeParser.maxErrors
        if let context = fragmentContext {
            options.fragment_context = context.withCString { gumbo_tag_enum($0) }
            if options.fragment_context == GUMBO_TAG_UNKNOWN { options.fragment_context = GUMBO_TAG_DIV }
            options.fragment_namespace = GUMBO_NAMESPACE_HTML
        }
        return source.withUnsafeBufferPointer { buffer -> [UInt8] in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer<UInt8>(bitPattern: 1)!)
                .assumingMemoryBound(to: CChar.self)
            guard let output = gumbo_parse_with_options(&options, base, buffer.count) else {
                writer.beginArray(quirks: GUMBO_DOCTYPE_NO_QUIRKS)
                return writer.finish()
            }
            defer { gumbo_destroy_output(&options, output) }
            let document = output.pointee.document!
            writer.beginArray(quirks: document.pointee.v.document.doc_type_quirks_mode)
            if fragmentContext != nil {
                // gumbo wraps a fragment's nodes in an <html> root element.
                writer.children(of: output.pointee.root)
            } else {
                writer.document(document)
            }
            return writer.finish()
        }
    }
}

/// Writes the flat JSON array with an explicit stack (pages nest thousands deep).
private struct FlatTreeWriter {
    var out: [UInt8] = []
    /// The source's control characters were moved out of gumbo's way (see ControlCharacterShelter).
    var controlsSheltered = false
    let noscriptMarker: String
    let noscriptContents: [[UInt8]]

    init(noscriptMarker: String, noscriptContents: [[UInt8]]) {
        self.noscriptMarker = noscriptMarker
        self.noscriptContents = noscriptContents
        out.reserveCapacity(1 << 16)
    }

    mutating func beginArray(quirks: GumboQuirksModeEnum) {
        out.append(UInt8(ascii: "["))
        append(number: HTMLTreeParser.formatVersion)
        out.append(UInt8(ascii: ","))
        switch quirks {
        case GUMBO_DOCTYPE_QUIRKS: append(ascii: "\"quirks\"")
        case GUMBO_DOCTYPE_LIMITED_QUIRKS: append(ascii: "\"limited-quirks\"")
        default: append(ascii: "\"no-quirks\"")
        }
    }

    mutating func finish() -> [UInt8] {
        out.append(UInt8(ascii: "]"))
        return out
    }

    mutating func document(_ node: UnsafeMutablePointer<GumboNode>) {
        let document = node.pointee.v.document
        if document.has_doctype {
            append(ascii: ",10,")
            append(cString: document.name)
            out.append(UInt8(ascii: ","))
            append(cString: document.public_identifier)
            out.append(UInt8(ascii: ","))
            append(cString: document.system_identifier)
        }
        var documentChildren = document.children
        walk(&documentChildren)
    }

    mutating func children(of node: UnsafeMutablePointer<GumboNode>) {
        var vector = node.pointee.v.element.children
        walk(&vector)
    }

    /// Emits `vector`'s nodes and all their descendants, pre-order, with an explicit stack.
    private mutating func walk(_ vector: inout GumboVector) {
        var stack: [(vector: GumboVector, index: Int)] = [(vector, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (current, index) = stack[top]
            if index >= Int(current.length) {
                stack.removeLast()
                if !stack.isEmpty { append(ascii: ",0") }
                continue
            }
            stack[top].index = index + 1
            let node = current.data[index]!.assumingMemoryBound(to: GumboNode.self)
            switch node.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                if let restored = startElement(node) {
                    // A rewritten <noscript>: its raw text instead of gumbo's (empty) children.
                    if !restored.isEmpty { text(restored[...]) }
                    append(ascii: ",0")
                } else {
                    stack.append((node.pointee.v.element.children, 0))
                }
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                // WebKit's parser appends characters to a Text node right before the insertion
                // point; gumbo starts a new node after each interruption that left no node behind
                // (comments after </html> go to the document, the whitespace between them to
                // <body>). Adjacent text siblings become one record, as in WebKit's tree.
                var end = index + 1
                while end < Int(current.length), isText(current.data[end]!) { end += 1 }
                if end == index + 1 {
                    append(ascii: ",3,")
                    append(cString: node.pointee.v.text.text)
                } else {
                    var merged: [UInt8] = []
                    for sibling in index..<end {
                        let text = current.data[sibling]!.assumingMemoryBound(to: GumboNode.self).pointee.v.text.text!
                        merged.append(contentsOf: UnsafeRawBufferPointer(start: text, count: strlen(text)))
                    }
                    stack[top].index = end
                    self.text(merged[...])
                }
            case GUMBO_NODE_COMMENT:
                append(ascii: ",8,")
                append(cString: node.pointee.v.text.text)
            default:
                break
            }
        }
    }

    private func isText(_ raw: UnsafeMutableRawPointer) -> Bool {
        let type = raw.assumingMemoryBound(to: GumboNode.self).pointee.type
        return type == GUMBO_NODE_TEXT || type == GUMBO_NODE_WHITESPACE || type == GUMBO_NODE_CDATA
    }

    /// Writes an element's start record. Returns the raw text to use as its only child when the
    /// element is a rewritten `<noscript>`, nil otherwise.
    private mutating func startElement(_ node: UnsafeMutablePointer<GumboNode>) -> [UInt8]? {
        let element = node.pointee.v.element
        let attributes = element.attributes
        var restoredNoscript: [UInt8]?
        var skippedAttribute = -1
        if element.tag == GUMBO_TAG_STYLE && element.tag_namespace == GUMBO_NAMESPACE_HTML {
            for i in 0..<Int(attributes.length) {
                let attribute = attributes.data[i]!.assumingMemoryBound(to: GumboAttribute.self)
                if strcmpEqual(attribute.pointee.name, noscriptMarker),
                   let index = Int(String(cString: attribute.pointee.value)), index < noscriptContents.count {
                    restoredNoscript = noscriptContents[index]
                    skippedAttribute = i
                    break
                }
            }
        }
        append(ascii: ",1,")
        if restoredNoscript != nil {
            append(ascii: "\"noscript\"")
        } else {
            appendTagName(element)
        }
        out.append(UInt8(ascii: ","))
        switch element.tag_namespace {
        case GUMBO_NAMESPACE_SVG: out.append(UInt8(ascii: "1"))
        case GUMBO_NAMESPACE_MATHML: out.append(UInt8(ascii: "2"))
        default: out.append(UInt8(ascii: "0"))
        }
        out.append(UInt8(ascii: ","))
        append(number: Int(attributes.length) - (skippedAttribute >= 0 ? 1 : 0))
        for i in 0..<Int(attributes.length) where i != skippedAttribute {
            let attribute = attributes.data[i]!.assumingMemoryBound(to: GumboAttribute.self).pointee
            out.append(UInt8(ascii: ","))
            switch attribute.attr_namespace {
            case GUMBO_ATTR_NAMESPACE_XLINK: appendQualified(prefix: "xlink", name: attribute.name)
            case GUMBO_ATTR_NAMESPACE_XML: appendQualified(prefix: "xml", name: attribute.name)
            case GUMBO_ATTR_NAMESPACE_XMLNS:
                if strcmpEqual(attribute.name, "xmlns") { append(cString: attribute.name) } else {
                    appendQualified(prefix: "xmlns", name: attribute.name)
                }
            default: append(cString: attribute.name)
            }
            out.append(UInt8(ascii: ","))
            append(cString: attribute.value)
        }
        return restoredNoscript
    }

    private mutating func appendTagName(_ element: GumboElement) {
        if element.tag != GUMBO_TAG_UNKNOWN {
            let name = gumbo_normalized_tagname(element.tag)!
            if element.tag_namespace == GUMBO_NAMESPACE_SVG {
                var piece = GumboStringPiece(data: name, length: strlen(name))
                if let corrected = gumbo_normalize_svg_tagname(&piece) {
                    append(cString: corrected)
                    return
                }
            }
            append(cString: name)
            return
        }
        // Unknown tags: the name as written, lower-cased (HTML) or case-corrected (SVG).
        var piece = element.original_tag
        guard piece.length > 0 else { append(ascii: "\"unknown\""); return }
        gumbo_tag_from_original_text(&piece)
        if element.tag_namespace == GUMBO_NAMESPACE_SVG, let corrected = gumbo_normalize_svg_tagname(&piece) {
            append(cString: corrected)
            return
        }
        let bytes = UnsafeRawBufferPointer(start: piece.data, count: piece.length)
        let lowered = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
        appendJSONString(lowered[...])
    }

    private mutating func appendQualified(prefix: String, name: UnsafePointer<CChar>) {
        var bytes = Array(prefix.utf8)
        bytes.append(UInt8(ascii: ":"))
        var p = name
        while p.pointee != 0 { bytes.append(UInt8(bitPattern: p.pointee)); p += 1 }
        appendJSONString(bytes[...])
    }

    mutating func text(_ bytes: ArraySlice<UInt8>) {
        append(ascii: ",3,")
        appendJSONString(bytes)
    }

    private mutating func append(ascii: StaticString) {
        ascii.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func append(number: Int) {
        out.append(contentsOf: String(number).utf8)
    }

    private mutating func append(cString: UnsafePointer<CChar>?) {
        guard let cString else { append(ascii: "\"\""); return }
        let length = strlen(cString)
        cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            appendJSONString(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `bytes` (UTF-8) as a JSON string literal.
    private mutating func appendJSONString<C: RandomAccessCollection>(_ bytes: C) where C.Element == UInt8, C.Index == Int {
        out.append(UInt8(ascii: "\""))
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if controlsSheltered, byte == 0xF4, let control = ControlCharacterShelter.control(in: bytes, at: index - 1) {
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        Self.hex[Int(control >> 4)], Self.hex[Int(control & 15)]])
                index += 3
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(byte)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// gumbo replaces control characters (U+0001–U+0008, U+000B, U+000E–U+001F, U+007F–U+009F)
/// with U+FFFD; WebKit keeps them (a windows-1252 page's byte 0x9D is U+009D in its DOM). Before
/// parsing they are moved to U+100000 + code point (plane 16, private use, which gumbo passes
/// through), and the flattener moves them back.
enum ControlCharacterShelter {
    static func isControl(_ byte: UInt8) -> Bool {
        (byte >= 0x01 && byte <= 0x08) || byte == 0x0B || (byte >= 0x0E && byte <= 0x1F) || byte == 0x7F
    }

    /// Rewrites `source` in place; false (and untouched) when it has no such character.
    static func shelter(_ source: inout [UInt8]) -> Bool {
        var found = false
        var i = 0
        while i < source.count {
            let byte = source[i]
            if isControl(byte) || (byte == 0xC2 && i + 1 < source.count && source[i + 1] >= 0x80 && source[i + 1] <= 0x9F) {
                found = true
                break
            }
            i += 1
        }
        guard found else { return false }
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 64)
        i = 0
        while i < source.count {
            let byte = source[i]
            var control: UInt8?
            if isControl(byte) { control = byte }
            else if byte == 0xC2, i + 1 < source.count, source[i + 1] >= 0x80, source[i + 1] <= 0x9F { control = source[i + 1]; i += 1 }
            if let control {
                output.append(contentsOf: [0xF4, 0x80, 0x80 | (control >> 6), 0x80 | (control & 0x3F)])
            } else {
                output.append(byte)
            }
            i += 1
        }
        source = output
        return true
    }

    /// The control character a sheltered 4-byte sequence at `index` stands for.
    static func control<C: RandomAccessCollection>(in bytes: C, at index: Int) -> UInt8? where C.Element == UInt8, C.Index == Int {
        guard index + 3 < bytes.endIndex, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFC == 0x80 else { return nil }
        let value = (Int(bytes[index + 2] & 0x3F) << 6) | Int(bytes[index + 3] & 0x3F)
        guard value < 0xA0, value > 0 else { return nil }
        return UInt8(value)
    }
}

private func strcmpEqual(_ cString: UnsafePointer<CChar>, _ string: String) -> Bool {
    string.withCString { strcmp(cString, $0) == 0 }
}

/// Cuts the content out of every `<noscript>` so that gumbo, which parses with scripting off,
/// cannot turn it into elements. Each `<noscript …>raw</noscript>` becomes
/// `<style … MARKER="N"></style>`; the raw bytes are returned by index.
enum NoscriptRewriter {
    /// Elements whose content the tokenizer does not parse as markup.
    static let rawTextElements: [String] = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    static func isRawTextContext(_ name: String) -> Bool {
        ["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"].contains(name)
    }

    static func rewrite(_ source: [UInt8], marker: String) -> ([UInt8], [[UInt8]]) {
        // Fast exit: most pages have no <noscript> at all.
        guard containsCaseInsensitive(source, from: 0, "<noscript") != nil else { return (source, []) }
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var contents: [[UInt8]] = []
        var i = 0
        var copiedUpTo = 0
        let n = source.count
        while i < n {
            guard source[i] == UInt8(ascii: "<") else { i += 1; continue }
            if hasPrefix(source, at: i, "<!--") {
                i = (find(source, from: i + 4, "-->") ?? n - 3) + 3
                continue
            }
            guard let (name, nameEnd, isEndTag) = tagName(source, at: i), !isEndTag else { i += 1; continue }
            guard let tagEnd = find(source, from: nameEnd, ">") else { break }
            if name == "noscript" {
                let contentStart = tagEnd + 1
                let closing = containsCaseInsensitive(source, from: contentStart, "</noscript") ?? n
                let closingEnd = closing < n ? (find(source, from: closing, ">").map { $0 + 1 } ?? n) : n
                output.append(contentsOf: source[copiedUpTo..<i])
                output.append(contentsOf: Array("<style".utf8))
                var attributesEnd = tagEnd
                if attributesEnd > nameEnd, source[attributesEnd - 1] == UInt8(ascii: "/") { attributesEnd -= 1 }
                output.append(contentsOf: source[nameEnd..<attributesEnd])
                output.append(contentsOf: Array(" \(marker)=\"\(contents.count)\"></style>".utf8))
                contents.append(normalisedNewlines(source[contentStart..<min(closing, n)]))
                i = closingEnd
                copiedUpTo = closingEnd
                continue
            }
            if rawTextElements.contains(name) {
                // Skip to the matching end tag: nothing inside is markup.
                let end = containsCaseInsensitive(source, from: tagEnd + 1, "</" + name) ?? n
                i = end
                continue
            }
            i = tagEnd + 1
        }
        output.append(contentsOf: source[copiedUpTo..<n])
        return (output, contents)
    }

    /// The tokenizer's input preprocessing: CR LF and lone CR become LF.
    private static func normalisedNewlines(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(13) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previousWasCR = false
        for byte in bytes {
            if byte == 13 { result.append(10); previousWasCR = true; continue }
            if byte == 10, previousWasCR { previousWasCR = false; continue }
            previousWasCR = false
            result.append(byte)
        }
        return result
    }

    private static func tagName(_ s: [UInt8], at start: Int) -> (String, Int, Bool)? {
        var i = start + 1
        var isEndTag = false
        if i < s.count, s[i] == UInt8(ascii: "/") { isEndTag = true; i += 1 }
        let nameStart = i
        while i < s.count, isASCIILetter(s[i]) || (i > nameStart && isASCIIDigit(s[i])) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: s[nameStart..<i].map { $0 | 0x20 }, as: UTF8.self)
        return (name, i, isEndTag)
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isASCIIDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func hasPrefix(_ s: [UInt8], at i: Int, _ prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        guard i + p.count <= s.count else { return false }
        for k in 0..<p.count where s[i + k] != p[k] { return false }
        return true
    }

    private static func find(_ s: [UInt8], from: Int, _ needle: String) -> Int? {
        let p = Array(needle.utf8)
        guard !p.isEmpty, from <= s.count - p.count else { return nil }
        var i = from
        while i <= s.count - p.count {
            if s[i] == p[0] {
                var k = 1
                while k < p.count, s[i + k] == p[k] { k += 1 }
                if k == p.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Finds `needle` (lower-case ASCII) case-insensitively, followed by a tag-name terminator.
    static func containsCaseInsensitive(_ s: [UInt8], from: Int, _ needle: String) -> Int? {
        let p = Array(needle.utf8)
        guard !p.isEmpty, from <= s.count - p.count else { return nil }
        var i = from
        while i <= s.count - p.count {
            if s[i] == p[0] {
                var k = 1
                while k < p.count, (s[i + k] | (isASCIILetter(s[i + k]) ? 0x20 : 0)) == p[k] { k += 1 }
                if k == p.count {
                    let after = i + k < s.count ? s[i + k] : UInt8(ascii: ">")
                    if after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == UInt8(ascii: " ")
                        || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\n") || after == UInt8(ascii: "\r")
                        || after == 0x0C {
                        return i
                    }
                }
            }
            i += 1
        }
        return nil
    }
}
