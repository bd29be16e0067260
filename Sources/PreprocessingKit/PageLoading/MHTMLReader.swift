import Foundation

/// Reads MHTML (`.mhtml`/`.mht`, RFC 2557): a MIME message, usually `multipart/related`, whose
/// parts are the page, its frames and its subresources.
enum MHTMLReader {
    struct Part {
        var headers: [String: String]  // names lower-cased
        var body: [UInt8]              // after Content-Transfer-Encoding
        var contentType: String { headers["content-type"]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "text/plain" }
        var charset: String? { headers["content-type"].flatMap(EncodingSniffer.charsetParameter(ofContentType:)) }
        var location: String? { headers["content-location"]?.trimmingCharacters(in: .whitespaces) }
        var contentID: String? {
            headers["content-id"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " <>")) }
        }
    }

    struct Message {
        var headers: [String: String]
        var parts: [Part]
    }

    /// Whether the bytes start like a MIME message (a `MIME-Version` header or a multipart type).
    static func looksLikeMHTML(_ bytes: [UInt8]) -> Bool {
        // On the first 2 KB's bytes, lower-cased as ASCII: every page the loader reads passes here
        // first, and the same test on a lower-cased String took half of reading a median page.
        let head = bytes.prefix(2048).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard let headerEnd = find(Array("\r\n\r\n".utf8), in: head, from: 0) ?? find(Array("\n\n".utf8), in: head, from: 0) else {
            return head.starts(with: "mime-version:".utf8)
        }
        let headers = Array(head[..<headerEnd])
        // Every header line is "name: value" or a folded continuation; HTML never looks like that.
        let lineBreaks: Set<UInt8> = [0x0A, 0x0B, 0x0C, 0x0D]
        for line in headers.split(whereSeparator: lineBreaks.contains) where line.first != 0x20 && line.first != 0x09 {
            let nameEnd = line.firstIndex { !($0 >= 0x61 && $0 <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D) } ?? line.endIndex
            guard nameEnd > line.startIndex, nameEnd < line.endIndex, line[nameEnd] == 0x3A else { return false }
        }
        return find(Array("mime-version:".utf8), in: headers, from: 0) != nil || find(Array("multipart/related".utf8), in: headers, from: 0) != nil
    }

    struct ReadError: Error { var message: String; init(_ message: String) { self.message = message } }

    static func read(_ bytes: [UInt8]) throws -> Message {
        let (headers, bodyStart) = parseHeaders(bytes, from: 0)
        let type = headers["content-type"] ?? ""
        guard type.lowercased().contains("multipart/") else {
            // A single-part message: the body is the page.
            return Message(headers: headers, parts: [Part(headers: headers, body: decodeBody(Array(bytes[bodyStart...]), headers: headers))])
        }
        guard let boundary = parameter("boundary", in: type) else { throw ReadError("the MHTML file's multipart Content-Type has no boundary") }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        var cursor = bodyStart
        // Find each delimiter at the start of a line; a part runs to the line break before the next.
        var starts: [Int] = []
        var search = bodyStart
        while let found = find(delimiter, in: bytes, from: search) {
            if found == 0 || bytes[found - 1] == 0x0A { starts.append(found) }
            search = found + delimiter.count
        }
        for (index, start) in starts.enumerated() {
            cursor = start + delimiter.count
            if bytes[cursor...].starts(with: [0x2D, 0x2D]) { break }  // closing delimiter "--boundary--"
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            if cursor < bytes.count, bytes[cursor] == 0x0D { cursor += 1 }
            if cursor < bytes.count, bytes[cursor] == 0x0A { cursor += 1 }
            var end = index + 1 < starts.count ? starts[index + 1] : bytes.count
            if end > cursor, bytes[end - 1] == 0x0A { end -= 1 }
            if end > cursor, bytes[end - 1] == 0x0D { end -= 1 }
            let (partHeaders, partBodyStart) = parseHeaders(bytes, from: cursor, limit: end)
            let body = partBodyStart < end ? Array(bytes[partBodyStart..<end]) : []
            parts.append(Part(headers: partHeaders, body: decodeBody(body, headers: partHeaders)))
        }
        return Message(headers: headers, parts: parts)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0] {
                var matches = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] { matches = false; break }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// Header block at `start` (folded lines joined); returns the headers and where the body starts.
    static func parseHeaders(_ bytes: [UInt8], from start: Int, limit: Int? = nil) -> ([String: String], Int) {
        let end = limit ?? bytes.count
        var headers: [String: String] = [:]
        var lines: [String] = []
        var position = start
        while position < end {
            var lineEnd = position
            while lineEnd < end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var line = Array(bytes[position..<lineEnd])
            if line.last == 0x0D { line.removeLast() }
            position = min(lineEnd + 1, end)
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            if (line[0] == 0x20 || line[0] == 0x09), !lines.isEmpty {
                lines[lines.count - 1] += " " + text.trimmingCharacters(in: .whitespaces)
            } else {
                lines.append(text)
            }
        }
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return (headers, position)
    }

    /// A parameter such as `boundary="----abc"` of a header value.
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var result = pair[1].trimmingCharacters(in: .whitespaces)
            if result.hasPrefix("\""), result.hasSuffix("\""), result.count >= 2 { result = String(result.dropFirst().dropLast()) }
            return result
        }
        return nil
    }

    static func decodeBody(_ body: [UInt8], headers: [String: String]) -> [UInt8] {
        switch headers["content-transfer-encoding"]?.lowercased() {
        case "base64":
            let compact = body.filter { !($0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09) }
            return Data(base64Encoded: Data(compact), options: [.ignoreUnknownCharacters]).map { [UInt8]($0) } ?? []
        case "quoted-printable":
            return decodeQuotedPrintable(body)
        default:
            return body
        }
    }

    /// RFC 2045 quoted-printable: `=XX` is a byte, `=` before a line break is a soft break.
    static func decodeQuotedPrintable(_ body: [UInt8]) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "=") else { output.append(byte); index += 1; continue }
            if index + 1 < body.count, body[index + 1] == 0x0A { index += 2; continue }
            if index + 2 < body.count, body[index + 1] == 0x0D, body[index + 2] == 0x0A { index += 3; continue }
            if index + 2 < body.count, let high = hex(body[index + 1]), let low = hex(body[index + 2]) {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(byte)  // a stray "=" is kept, as mail readers do
            index += 1
        }
        return output
    }
}
