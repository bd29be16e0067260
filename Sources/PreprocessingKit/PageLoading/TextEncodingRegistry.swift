import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The encodings of the WHATWG Encoding Standard: every label, the names `document.characterSet`
/// reports, and decoding through glibc's `iconv`.
///
/// ```swift
/// TextEncodingRegistry.encodingName(forLabel: " x-gbk ")   // "GBK"
/// TextEncodingRegistry.decode(Array("caf\u{E9}".utf8), as: "UTF-8").text  // "café"
/// ```
public enum TextEncodingRegistry {
    /// Encoding name → its labels, from https://encoding.spec.whatwg.org/#names-and-labels.
    static let labelsByEncoding: [(name: String, labels: [String])] = [
        ("UTF-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
        ("IBM866", ["866", "cp866", "csibm866", "ibm866"]),
        ("ISO-8859-2", ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"]),
        ("ISO-8859-3", ["csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3"]),
        ("ISO-8859-4", ["csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4"]),
        ("ISO-8859-5", ["csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988"]),
        ("ISO-8859-6", ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987"]),
        ("ISO-8859-7", ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"]),
        ("ISO-8859-8", ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual"]),
        ("ISO-8859-8-I", ["csiso88598i", "iso-8859-8-i", "logical"]),
        ("ISO-8859-10", ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
        ("ISO-8859-13", ["iso-8859-13", "iso8859-13", "iso885913"]),
        ("ISO-8859-14", ["iso-8859-14", "iso8859-14", "iso885914"]),
        ("ISO-8859-15", ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
        ("ISO-8859-16", ["iso-8859-16"]),
        ("KOI8-R", ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
        ("KOI8-U", ["koi8-ru", "koi8-u"]),
        ("macintosh", ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
        ("windows-874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
        ("windows-1250", ["cp1250", "windows-1250", "x-cp1250"]),
        ("windows-1251", ["cp1251", "windows-1251", "x-cp1251"]),
        ("windows-1252", ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"]),
        ("windows-1253", ["cp1253", "windows-1253", "x-cp1253"]),
        ("windows-1254", ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254"]),
        ("windows-1255", ["cp1255", "windows-1255", "x-cp1255"]),
        ("windows-1256", ["cp1256", "windows-1256", "x-cp1256"]),
        ("windows-1257", ["cp1257", "windows-1257", "x-cp1257"]),
        ("windows-1258", ["cp1258", "windows-1258", "x-cp1258"]),
        ("x-mac-cyrillic", ["x-mac-cyrillic", "x-mac-ukrainian"]),
        ("GBK", ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"]),
        ("gb18030", ["gb18030"]),
        ("Big5", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
        ("EUC-JP", ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
        ("ISO-2022-JP", ["csiso2022jp", "iso-2022-jp"]),
        ("Shift_JIS", ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]),
        ("EUC-KR", ["cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"]),
        ("replacement", ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement"]),
        ("UTF-16BE", ["unicodefffe", "utf-16be"]),
        ("UTF-16LE", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]),
        ("x-user-defined", ["x-user-defined"]),
    ]

    static let encodingByLabel: [String: String] = {
        var table: [String: String] = [:]
        for (name, labels) in labelsByEncoding {
            for label in labels { table[label] = name }
        }
        return table
    }()

    /// Every encoding name, in the standard's order.
    public static var encodingNames: [String] { labelsByEncoding.map(\.name) }

    /// The encoding a label names, or nil when the label is unknown.
    /// Leading and trailing ASCII whitespace is ignored and case does not matter, as in the standard's "get an encoding".
    public static func encodingName(forLabel label: String) -> String? {
        let trimmed = label.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\u{0C}\r")).lowercased()
        return encodingByLabel[trimmed]
    }

    /// The glibc iconv name that decodes like the WHATWG decoder for `encodingName`.
    /// nil for encodings decoded in Swift (UTF-8, UTF-16, x-user-defined, replacement).
    static func iconvName(for encodingName: String) -> String? {
        switch encodingName {
        case "UTF-8", "UTF-16BE", "UTF-16LE", "x-user-defined", "replacement": return nil
        // WHATWG's GBK decoder is the gb18030 decoder.
        case "GBK", "gb18030": return "GB18030"
        case "Shift_JIS": return "CP932"
        case "EUC-KR": return "CP949"
        case "Big5": return "BIG5-HKSCS"
        // The -I variant differs only in bidi handling, not in bytes.
        case "ISO-8859-8-I": return "ISO-8859-8"
        case "macintosh": return "MACINTOSH"
        case "x-mac-cyrillic": return "MAC-CYRILLIC"
        case "windows-874": return "CP874"
        default:
            if encodingName.hasPrefix("windows-") { return "CP" + encodingName.dropFirst("windows-".count) }
            return encodingName
        }
    }

    static let singleByteEncodings: Set<String> = [
        "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
        "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
        "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250", "windows-1251",
        "windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
        "windows-1258", "x-mac-cyrillic",
    ]

    /// Decodes `bytes` as the WHATWG decoder for `encodingName` would (no BOM handling: strip it first).
    ///
    /// Invalid or unmapped sequences become U+FFFD and decoding resynchronises on the next byte;
    /// it never fails. NUL bytes are kept. Unknown names decode as windows-1252.
    /// - Returns: the text, and whether any byte had to be replaced.
    public static func decode(_ bytes: [UInt8], as encodingName: String) -> (text: String, replacedInvalidBytes: Bool) {
        switch encodingName {
        case "UTF-8":
            return decodeUTF8(bytes)
        case "UTF-16LE", "UTF-16BE":
            return decodeUTF16(bytes, bigEndian: encodingName == "UTF-16BE")
        case "x-user-defined":
            // The standard maps 0x80...0xFF to U+F780...U+F7FF; a formula, no table.
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                scalars.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : 0xF780 + UInt32(byte) - 0x80)!)
            }
            return (String(scalars), false)
        case "replacement":
            // The replacement decoder turns a non-empty input into one U+FFFD (it blocks ISO-2022-KR and friends).
            return bytes.isEmpty ? ("", false) : ("\u{FFFD}", true)
        default:
            if singleByteEncodings.contains(encodingName) {
                return decodeSingleByte(bytes, table: singleByteTable(for: encodingName))
            }
            guard let iconvName = iconvName(for: encodingName) else { return decodeUTF8(bytes) }
            if iconvName == "GB18030" { return decodeGB18030(bytes) }
            if encodingName == "EUC-JP" { return decodeEUCJP(bytes) }
            return decodeWithIconv(bytes, from: iconvName, leadBytes: leadBytes(of: encodingName))
                ?? decodeSingleByte(bytes, table: singleByteTable(for: "windows-1252"))
        }
    }

    /// The lead bytes of the WHATWG double-byte decoders. After a lead byte, an invalid pair
    /// whose trail byte is not ASCII gives one U+FFFD for both bytes (an ASCII trail byte is read
    /// again on its own, and an invalid lead byte alone gives one U+FFFD).
    static func leadBytes(of encodingName: String) -> ((UInt8) -> Bool)? {
        switch encodingName {
        case "Shift_JIS": return { (0x81...0x9F).contains($0) || (0xE0...0xFC).contains($0) }
        case "EUC-JP": return { $0 == 0x8E || $0 == 0x8F || (0xA1...0xFE).contains($0) }
        case "EUC-KR", "Big5": return { (0x81...0xFE).contains($0) }
        default: return nil
        }
    }

    // MARK: UTF-8 and UTF-16

    static func decodeUTF8(_ bytes: [UInt8]) -> (text: String, replacedInvalidBytes: Bool) {
        // Fast path: valid UTF-8 needs no copy through iconv. Swift's repair replaces each maximal
        // invalid subpart with one U+FFFD, which is what the WHATWG UTF-8 decoder does.
        if let valid = String(validating: bytes, as: UTF8.self) { return (valid, false) }
        return (String(decoding: bytes, as: UTF8.self), true)
    }

    static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> (text: String, replacedInvalidBytes: Bool) {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var text = ""
        var replaced = false
        text.reserveCapacity(units.count)
        // Decode unit by unit so lone surrogates are noticed (they become U+FFFD, as in the standard).
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .error: text.unicodeScalars.append("\u{FFFD}"); replaced = true
            case .emptyInput: break loop
            }
        }
        if bytes.count % 2 == 1 { text.unicodeScalars.append("\u{FFFD}"); replaced = true }
        return (text, replaced)
    }

    // MARK: Single-byte encodings

    /// Tables built once per encoding by asking iconv for each byte, then corrected to the
    /// WHATWG tables where glibc leaves a byte undefined.
    nonisolated(unsafe) private static var singleByteTables: [String: [Unicode.Scalar?]] = [:]
    private static let tablesLock = NSLock()

    static func singleByteTable(for encodingName: String) -> [Unicode.Scalar?] {
        tablesLock.lock()
        defer { tablesLock.unlock() }
        if let table = singleByteTables[encodingName] { return table }
        var table = [Unicode.Scalar?](repeating: nil, count: 256)
        let iconvName = iconvName(for: encodingName) ?? "CP1252"
        for byte in 0..<256 {
            if byte < 0x80 { table[byte] = Unicode.Scalar(UInt8(byte)); continue }
            if let (text, replaced) = decodeWithIconv([UInt8(byte)], from: iconvName), !replaced,
               let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 {
                table[byte] = scalar
            } else if (0x80...0x9F).contains(byte) {
                // glibc's CP125x leave e.g. 0x81, 0x8D, 0x8F, 0x90, 0x9D undefined; WHATWG maps
                // every such byte to the C1 control with the same number (U+0081 …).
                table[byte] = Unicode.Scalar(UInt8(byte))
            }
        }
        singleByteTables[encodingName] = table
        return table
    }

    static func decodeSingleByte(_ bytes: [UInt8], table: [Unicode.Scalar?]) -> (text: String, replacedInvalidBytes: Bool) {
        // Each byte's UTF-8 form (at most 3 bytes: the tables are in the BMP), looked up and
        // written into one buffer that becomes the String in one step: appending scalar by
        // scalar to a String cost more than parsing the page.
        var lengths = [Int](repeating: 0, count: 256)
        var codes = [UInt8](repeating: 0, count: 256 * 4)
        var unmapped = [Bool](repeating: false, count: 256)
        for byte in 0..<256 {
            let scalar = table.indices.contains(byte) ? table[byte] : nil
            if scalar == nil { unmapped[byte] = true }
            let encoded = Array(String(scalar ?? "\u{FFFD}").utf8)
            lengths[byte] = encoded.count
            for (offset, code) in encoded.enumerated() { codes[byte * 4 + offset] = code }
        }
        var replaced = false
        var outputLength = 0
        for byte in bytes {
            outputLength += lengths[Int(byte)]
            if unmapped[Int(byte)] { replaced = true }
        }
        // Written straight into the String's storage: appending to an array byte by byte, then
        // validating it again as UTF-8, was most of a single-byte page's loading.
        let text = String(unsafeUninitializedCapacity: outputLength) { output in
            codes.withUnsafeBufferPointer { codes in
                lengths.withUnsafeBufferPointer { lengths in
                    var written = 0
                    for byte in bytes {
                        let base = Int(byte) * 4
                        let length = lengths[Int(byte)]
                        output[written] = codes[base]
                        if length > 1 {
                            output[written + 1] = codes[base + 1]
                            if length > 2 { output[written + 2] = codes[base + 2] }
                        }
                        written += length
                    }
                    return written
                }
            }
        }
        return (text, replaced)
    }

    /// What a decoder cut into iconv runs does with the bytes where a character starts.
    enum RunStep {
        /// iconv decodes these bytes as they are.
        case keep(Int)
        /// These bytes become `text` (U+FFFD for an error, or a character glibc does not map).
        case substitute(Int, text: String, invalid: Bool)
    }

    /// Decodes with iconv in runs cut wherever glibc and the WHATWG decoder (WebKit's) disagree:
    /// `step` tells, at each position where a character starts, how many bytes iconv may take
    /// as they are, or what to put in their place instead.
    static func decodeInRuns(_ bytes: [UInt8], iconvName: String, leadBytes: ((UInt8) -> Bool)? = nil,
                             step: ([UInt8], Int) -> RunStep) -> (text: String, replacedInvalidBytes: Bool) {
        var text = ""
        var replaced = false
        var runStart = 0
        var index = 0
        func flush(upTo end: Int) {
            guard end > runStart else { return }
            let decoded = decodeWithIconv(Array(bytes[runStart..<end]), from: iconvName, leadBytes: leadBytes) ?? ("\u{FFFD}", true)
            text += decoded.text
            replaced = replaced || decoded.replacedInvalidBytes
        }
        while index < bytes.count {
            switch step(bytes, index) {
            case .keep(let count):
                index += count
            case .substitute(let count, let substitute, let invalid):
                flush(upTo: index)
                text += substitute
                replaced = replaced || invalid
                index = min(bytes.count, index + count)
                runStart = index
            }
        }
        flush(upTo: bytes.count)
        return (text, replaced)
    }

    /// glibc rejects a lone 0x80, which WHATWG's gb18030 decoder maps to U+20AC (Windows code
    /// page 936 did too); and iconv must see a sequence start where WHATWG does, or a later 0x80
    /// is taken for a trail byte.
    static func decodeGB18030(_ bytes: [UInt8]) -> (text: String, replacedInvalidBytes: Bool) {
        decodeInRuns(bytes, iconvName: "GB18030") { bytes, index in
            let byte = bytes[index]
            if byte < 0x80 || byte == 0xFF { return .keep(1) }
            if byte == 0x80 { return .substitute(1, text: "\u{20AC}", invalid: false) }
            switch gb18030Sequence(bytes, at: index) {
            case .complete(let length):
                return .keep(length)
            case .truncatedAtEnd:
                // WHATWG: one error for the unfinished sequence, its bytes not read again.
                return .substitute(bytes.count - index, text: "\u{FFFD}", invalid: true)
            case .invalidLead:
                // The lead alone is the error; what follows is read again.
                return .substitute(1, text: "\u{FFFD}", invalid: true)
            }
        }
    }

    /// glibc's EUC-JP turns bytes 0x80...0x8D and 0x90...0xA0 into C1 controls; WHATWG's decoder
    /// (and WebKit's) makes each of them, and 0xFF, an error when it stands where a character
    /// starts. The lead positions follow the standard: 0x8E and 0xA1...0xFE take one more byte,
    /// 0x8F two, unless an ASCII byte comes first (then the lead is an error alone and the ASCII
    /// byte is read again).
    static func decodeEUCJP(_ bytes: [UInt8]) -> (text: String, replacedInvalidBytes: Bool) {
        decodeInRuns(bytes, iconvName: "EUC-JP", leadBytes: leadBytes(of: "EUC-JP")) { bytes, index in
            func continues(_ offset: Int) -> Bool { offset < bytes.count && bytes[offset] >= 0x80 }
            let byte = bytes[index]
            if byte < 0x80 { return .keep(1) }
            if byte == 0x8E || (0xA1...0xFE).contains(byte) { return .keep(continues(index + 1) ? 2 : 1) }
            if byte == 0x8F {
                guard continues(index + 1) else { return .keep(1) }
                guard (0xA1...0xFE).contains(bytes[index + 1]) else { return .keep(2) }
                return .keep(continues(index + 2) ? 3 : 2)
            }
            return .substitute(1, text: "\u{FFFD}", invalid: true)
        }
    }

    enum GB18030Sequence: Equatable {
        /// A two- or four-byte sequence.
        case complete(Int)
        /// The start of a four-byte (or two-byte) sequence cut off by the end of the input.
        case truncatedAtEnd
        /// The next bytes do not continue the lead.
        case invalidLead
    }

    /// What the gb18030 decoder makes of the bytes from the lead (0x81...0xFE) at `index`.
    /// Decoding runs are cut so that iconv and WHATWG agree on where each sequence starts: that
    /// is also what puts a later 0x80 in lead position, where it is U+20AC.
    static func gb18030Sequence(_ bytes: [UInt8], at index: Int) -> GB18030Sequence {
        let remaining = bytes.count - index
        guard remaining > 1 else { return .truncatedAtEnd }
        let second = bytes[index + 1]
        if (0x30...0x39).contains(second) {
            guard remaining > 2 else { return .truncatedAtEnd }
            guard (0x81...0xFE).contains(bytes[index + 2]) else { return .invalidLead }
            guard remaining > 3 else { return .truncatedAtEnd }
            return (0x30...0x39).contains(bytes[index + 3]) ? .complete(4) : .invalidLead
        }
        return (0x40...0x7E).contains(second) || (0x80...0xFE).contains(second) ? .complete(2) : .invalidLead
    }

    // MARK: iconv

    /// Decodes with glibc iconv into UTF-8. Each byte iconv rejects becomes U+FFFD and decoding
    /// goes on with the next byte; a truncated sequence at the end becomes one U+FFFD.
    /// nil if iconv does not know `iconvName`.
    static func decodeWithIconv(_ bytes: [UInt8], from iconvName: String,
                                leadBytes isLeadByte: ((UInt8) -> Bool)? = nil) -> (text: String, replacedInvalidBytes: Bool)? {
        let converter = iconv_open("UTF-8", iconvName)
        if converter == iconv_t(bitPattern: -1) { return nil }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var replaced = false
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var input = bytes
        input.withUnsafeMutableBufferPointer { inputBuffer in
            var inPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
            var inLeft = inputBuffer.count
            while inLeft > 0 {
                var produced = 0
                let result: Int = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(chunkBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                    var outLeft = chunkSize
                    let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    produced = chunkSize - outLeft
                    return status
                }
                output.append(contentsOf: chunk[0..<produced])
                if result != -1 { continue }
                switch errno {
                case E2BIG:
                    continue
                case EILSEQ:
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced = true
                    var skipped = 1
                    if inLeft >= 2, let isLeadByte, let pointer = inPointer, isLeadByte(UInt8(bitPattern: pointer[0])),
                       UInt8(bitPattern: pointer[1]) >= 0x80 {
                        skipped = 2
                    }
                    inPointer = inPointer.map { $0 + skipped }
                    inLeft -= skipped
                    // Reset shift state so a stateful decoder (ISO-2022-JP) resynchronises.
                    iconv(converter, nil, nil, nil, nil)
                default:
                    // EINVAL: an incomplete sequence at the end of the input.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced = true
                    inLeft = 0
                }
            }
        }
        return (String(decoding: output, as: UTF8.self), replaced)
    }
}
