import Foundation

/// Finds the encoding a page declares in its bytes, the way WebKit does.
///
/// WebKit (`HTMLMetaCharsetParser`) does not stop at the spec's 1024 bytes: it keeps tokenizing
/// while it is still in the head (only `script`, `noscript`, `style`, `link`, `meta`, `object`,
/// `title`, `base`, `html`, `head` start tags and their end tags seen) and gives up once it has
/// left the head *and* read at least 1024 bytes. Recorded with the oracle: `ars-1` (meta at
/// byte 3243 after scripts and links) decodes as UTF-8, `bbc-1` (an `<iframe>` before its meta at
/// 8283) as windows-1252. Raw-text elements (`script`, `style`, `title`, …) are skipped whole, as
/// WebKit's tokenizer does, so a `<meta>` inside a script string does not count.
enum EncodingSniffer {
    /// A declaration found in the bytes.
    struct Declaration: Equatable {
        var encoding: String
        /// "meta prescan" (within the first 1024 bytes) or "meta after prescan" or "xml declaration".
        var source: String
        var offset: Int
    }

    /// The encoding named by a byte order mark, and the BOM's length.
    static func byteOrderMark(_ bytes: [UInt8]) -> (encoding: String, length: Int)? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return ("UTF-8", 3) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return ("UTF-16BE", 2) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return ("UTF-16LE", 2) }
        return nil
    }

    /// The charset parameter of a MIME type such as `text/html; charset="gbk"`, as a label.
    static func charsetParameter(ofContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    /// What a meta-declared encoding becomes: UTF-16 declared in ASCII-compatible bytes cannot be
    /// true, so it means UTF-8; x-user-defined means windows-1252 (Encoding Standard, prescan).
    static func adjustedForMeta(_ encoding: String) -> String {
        switch encoding {
        case "UTF-16BE", "UTF-16LE": return "UTF-8"
        case "x-user-defined": return "windows-1252"
        default: return encoding
        }
    }

    /// The encoding the page itself declares: an XML declaration at the very start (WebKit honours
    /// it in HTML too), else a `<meta charset>` / `http-equiv` found as described above.
    static func declaredEncoding(_ bytes: [UInt8]) -> Declaration? {
        if let xml = xmlDeclarationEncoding(bytes) { return Declaration(encoding: xml, source: "xml declaration", offset: 0) }
        return metaDeclaration(bytes)
    }

    static let prescanLength = 1024

    static func xmlDeclarationEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes.prefix(prescanLength).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, prescanLength)
        let declaration = String(decoding: bytes[0..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return TextEncodingRegistry.encodingName(forLabel: String(value)).map(adjustedForMeta)
    }

    /// Tags that keep WebKit's scanner "in the head".
    static let headTags: Set<String> = ["script", "noscript", "style", "link", "meta", "object", "title", "base"]
    /// Elements whose content the tokenizer reads as text up to the matching end tag.
    static let rawTextTags: Set<String> = ["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]

    /// ASCII white space as HTML's byte-level scans count it (tab, LF, FF, CR, space).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20 }

    static func metaDeclaration(_ bytes: [UInt8]) -> Declaration? {
        var position = 0
        var inHead = true
        let count = bytes.count
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        while position < count {
            if !inHead && position >= prescanLength { return nil }
            guard bytes[position] == UInt8(ascii: "<") else { position += 1; continue }
            let tagStart = position
            if bytes[position...].starts(with: Array("<!--".utf8)) {
                // A comment ends at the first "-->" whose dashes may overlap the opening ones ("<!-->").
                var search = position + 2
                while search + 2 < count, !(bytes[search] == 0x2D && bytes[search + 1] == 0x2D && bytes[search + 2] == 0x3E) { search += 1 }
                position = search + 3
                continue
            }
            let next = position + 1 < count ? bytes[position + 1] : 0
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = isEnd ? position + 2 : position + 1
            guard nameStart < count, isLetter(bytes[nameStart]) else {
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || isEnd {
                    // Markup declarations, processing instructions, bogus end tags: skip to ">".
                    position = bytes[nameStart...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? count
                } else {
                    position += 1
                }
                continue
            }
            var nameEnd = nameStart
            while nameEnd < count, !isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ">"), bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            var attributes: [(String, String)] = []
            position = nameEnd
            while let attribute = nextAttribute(bytes, &position) { attributes.append(attribute) }
            // `position` is just past the tag's ">" (or at the end).
            if !isEnd {
                if name == "meta", let encoding = encodingFromMeta(attributes) {
                    return Declaration(encoding: encoding, source: tagStart < prescanLength ? "meta prescan" : "meta after prescan", offset: tagStart)
                }
                if rawTextTags.contains(name) {
                    if name == "plaintext" { return nil }
                    position = endOfRawText(bytes, from: position, tagName: name)
                }
            }
            if !headTags.contains(name) && (isEnd || (name != "html" && name != "head")) { inHead = false }
        }
        return nil
    }

    /// Position just before the `</name` that closes a raw-text element (or the end).
    static func endOfRawText(_ bytes: [UInt8], from start: Int, tagName: String) -> Int {
        let closing = Array("</\(tagName)".utf8)
        var search = start
        while search + closing.count <= bytes.count {
            if bytes[search] == UInt8(ascii: "<") && bytes[search + 1] == UInt8(ascii: "/") {
                var matches = true
                for offset in 2..<closing.count where bytes[search + offset] | 0x20 != closing[offset] { matches = false; break }
                if matches { return search }
            }
            search += 1
        }
        return bytes.count
    }

    /// The spec's "get an attribute" step: reads one attribute at `position`; nil (and `position`
    /// past the ">") at the end of the tag.
    static func nextAttribute(_ bytes: [UInt8], _ position: inout Int) -> (String, String)? {
        let count = bytes.count
        while position < count, isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "/") { position += 1 }
        guard position < count else { return nil }
        if bytes[position] == UInt8(ascii: ">") { position += 1; return nil }
        var name: [UInt8] = []
        var value: [UInt8] = []
        // Name: up to "=", whitespace, "/" or ">"; an "=" as the first character belongs to the name.
        repeat {
            let byte = bytes[position]
            if byte == UInt8(ascii: "=") && !name.isEmpty { break }
            if isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            name.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            position += 1
        } while position < count
        while position < count, isSpace(bytes[position]) { position += 1 }
        guard position < count, bytes[position] == UInt8(ascii: "=") else {
            return (String(decoding: name, as: UTF8.self), "")
        }
        position += 1
        while position < count, isSpace(bytes[position]) { position += 1 }
        guard position < count else { return (String(decoding: name, as: UTF8.self), "") }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            while position < count, bytes[position] != quote { value.append(bytes[position]); position += 1 }
            position += 1
        } else {
            while position < count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") { value.append(bytes[position]); position += 1 }
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The spec's meta handling: `charset`, or `http-equiv="content-type"` with a `content` charset.
    /// The first occurrence of an attribute counts. Unknown labels give nil (the scan goes on).
    static func encodingFromMeta(_ attributes: [(String, String)]) -> String? {
        var seen: Set<String> = []
        var gotPragma = false
        var charset: String?
        var contentCharset: String?
        for (name, value) in attributes where seen.insert(name).inserted {
            switch name {
            case "http-equiv": if value.lowercased() == "content-type" { gotPragma = true }
            case "content": contentCharset = charsetFromContent(value)
            case "charset": charset = value
            default: break
            }
        }
        let label = charset ?? (gotPragma ? contentCharset : nil)
        guard let label, let encoding = TextEncodingRegistry.encodingName(forLabel: label) else { return nil }
        return adjustedForMeta(encoding)
    }

    /// The spec's "extract a character encoding from a meta element" on a `content` value.
    /// Read on the value's UTF-8 bytes: everything it looks for is ASCII, so a non-ASCII byte
    /// never matches and every cut falls between characters. (A lower-cased String made at
    /// each position of every `content` value made a page's sniffing cost more than its parse.)
    static func charsetFromContent(_ content: String) -> String? {
        let bytes = Array(content.utf8)
        let count = bytes.count
        let word = Array("charset".utf8)
        var index = 0
        while index + 7 <= count {
            // "charset", ASCII case-insensitive (b | 0x20 is a letter's lower case, and no other byte's).
            guard (0..<7).allSatisfy({ bytes[index + $0] | 0x20 == word[$0] }) else { index += 1; continue }
            index += 7
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { return nil }
            let first = bytes[index]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let close = bytes[(index + 1)...].firstIndex(of: first) else { return nil }
                return String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            }
            let end = bytes[index...].firstIndex { isSpace($0) || $0 == UInt8(ascii: ";") } ?? count
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        return nil
    }
}
