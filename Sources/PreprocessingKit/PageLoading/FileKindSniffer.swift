import Foundation

/// Recognises files that are not web pages, so the user hears "this is a PDF" instead of seeing
/// the simulator parse binary noise as HTML.
enum FileKindSniffer {
    /// What the file is when it is certainly not HTML, e.g. "a PDF document"; nil otherwise.
    static func nonHTMLKind(_ bytes: [UInt8]) -> String? {
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
        // Text in any encoding browsers read has few NULs; UTF-16 without a BOM has one in every
        // other byte but is still text, so only NULs in both byte lanes count as binary. UTF-32
        // without a BOM is text too (WebKit reads it as windows-1252).
        let sample = bytes.prefix(4096)
        if utf32WithoutByteOrderMark(bytes) != nil { return nil }
        if sample.count >= 16 {
            var evenNULs = 0, oddNULs = 0
            for (index, byte) in sample.enumerated() where byte == 0 {
                if index % 2 == 0 { evenNULs += 1 } else { oddNULs += 1 }
            }
            let lane = sample.count / 2
            if evenNULs * 10 > lane && oddNULs * 10 > lane { return "a binary file" }
        }
        return nil
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
