import Foundation

/// Recognises files that are not web pages, so the user hears "this is a PDF" instead of seeing
/// the simulator parse binary noise as HTML.
///
/// The formats with a signature (PDF, images, archives, JSON) are named whatever the file is
/// called. "A binary file" follows the MIME Sniffing standard
/// (https://mimesniff.spec.whatwg.org/), as WebKit's `MIMESniffing.cpp` does: a page whose type
/// is HTML is never sniffed for binary (WebKit parses whatever bytes a `text/html` response or
/// a `.html` file holds, NULs included); a file of unknown type is binary only by "the rules for
/// identifying a resource with an unknown MIME type": no HTML signature after leading white
/// space, no byte order mark, and a binary data byte in its first 1,445 bytes.
enum FileKindSniffer {
    /// What the file is when it is certainly not HTML, e.g. "a PDF document"; nil otherwise.
    /// `suppliedHTML`: the page's type is already HTML (its name, or `--content-type`).
    static func nonHTMLKind(_ bytes: [UInt8], suppliedHTML: Bool = false) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { bytes.starts(with: magic) }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "a GIF image" }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return "a WebP image" }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return "a ZIP archive" }
        if starts(Array("bplist".utf8)) { return "a binary property list that is not a Safari web archive" }
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
           first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
           (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil {
            return "a JSON document"
        }
        if suppliedHTML { return nil }
        let header = bytes.prefix(1445)
        if hasHTMLSignature(header) || starts([0xFE, 0xFF]) || starts([0xFF, 0xFE]) || starts([0xEF, 0xBB, 0xBF]) { return nil }
        return header.contains(where: isBinaryDataByte) ? "a binary file" : nil
    }

    /// "A binary data byte": 0x00–0x08, 0x0B, 0x0E–0x1A, 0x1C–0x1F (every C0 control but tab,
    /// line feed, form feed, carriage return and escape).
    static func isBinaryDataByte(_ byte: UInt8) -> Bool {
        byte <= 0x08 || byte == 0x0B || (0x0E...0x1A).contains(byte) || (0x1C...0x1F).contains(byte)
    }

    /// The standard's HTML signatures: after white space bytes, one of these tags (ASCII case
    /// insensitive) followed by a space or `>`.
    static let htmlSignatures = ["<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT", "<TABLE",
                                 "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--"].map { Array($0.utf8) }

    static func hasHTMLSignature(_ header: ArraySlice<UInt8>) -> Bool {
        guard let start = header.firstIndex(where: { ![0x09, 0x0A, 0x0C, 0x0D, 0x20].contains($0) }) else { return false }
        return htmlSignatures.contains { signature in
            let end = start + signature.count
            guard end < header.endIndex, header[end] == 0x20 || header[end] == 0x3E else { return false }
            return zip(header[start..<end], signature).allSatisfy { byte, expected in
                (0x41...0x5A).contains(expected) ? byte & 0xDF == expected : byte == expected
            }
        }
    }

    /// "little-endian" or "big-endian" when the bytes look like UTF-32 text with no byte order
    /// mark: in nine of ten 4-byte units of the first 4 KB, three bytes are NUL and the fourth
    /// is not.
    static func utf32WithoutByteOrderMark(_ bytes: [UInt8]) -> String? {
        let units = min(bytes.count, 4096) / 4
        guard units >= 4 else { return nil }
        var little = 0, big = 0
        for i in 0..<units {
            let b = bytes[i * 4..<i * 4 + 4]
            let (b0, b1, b2, b3) = (b[b.startIndex], b[b.startIndex + 1], b[b.startIndex + 2], b[b.startIndex + 3])
            if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { little += 1 }
            if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { big += 1 }
        }
        if little * 10 >= units * 9 { return "little-endian" }
        if big * 10 >= units * 9 { return "big-endian" }
        return nil
    }
}
