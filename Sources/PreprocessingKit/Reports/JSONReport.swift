import Foundation

/// The transcript as one JSON object (`--format json`): sorted keys, pretty-printed, so the same
/// run gives the same bytes.
public enum JSONReport {
    public static func render(_ transcript: Transcript) -> String {
        var bytes = Data()
        write(transcript) { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The report in pieces, in order. The page after finalize is as large as the page (50 MB
    /// for the largest measured): encoded with the rest, it was in memory four times over (the
    /// encoder's bytes, a String of them, that String with its newline, the bytes written), which
    /// took a walked 50 MB page over the default memory limit. So the transcript is encoded with a
    /// placeholder in its place, and the page goes out `chunkBytes` at a time, each piece escaped
    /// by the same encoder: the bytes are the ones a single encoding gives.
    public static func write(_ transcript: Transcript, chunkBytes: Int = 1 << 20, to sink: (Data) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let html = transcript.finalize.html, html.utf8.count > chunkBytes,
           let placeholder = try? encoder.encode(placeholderText), let quotes = try? encoder.encode(""), quotes.count == 2 {
            var shell = transcript
            shell.finalize.html = placeholderText
            if let encoded = try? encoder.encode(shell), let at = encoded.range(of: placeholder),
               encoded.range(of: placeholder, in: at.upperBound..<encoded.endIndex) == nil {
                sink(encoded[..<at.lowerBound] + quotes.prefix(1))
                let utf8 = html.utf8
                var start = utf8.startIndex
                while start < utf8.endIndex {
                    var end = utf8.index(start, offsetBy: chunkBytes, limitedBy: utf8.endIndex) ?? utf8.endIndex
                    // A piece ends on a scalar boundary: escaping is per scalar.
                    while end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(after: end) }
                    // Encoding a string cannot fail (only numbers can).
                    let escaped = (try? encoder.encode(String(html[start..<end]))) ?? quotes
                    sink(escaped.dropFirst().dropLast())
                    start = end
                }
                sink(quotes.suffix(1) + encoded[at.upperBound...] + Data("\n".utf8))
                return
            }
        }
        do {
            var encoded = try encoder.encode(transcript)
            encoded.append(0x0A)
            sink(encoded)
        } catch {
            // Never silence: a transcript JSON cannot hold still says why, as JSON.
            let reason = (try? JSONEncoder().encode(["error": "the transcript could not be written as JSON: \(error)"])) ?? Data()
            sink(reason + Data("\n".utf8))
        }
    }

    /// Stands for the page while the rest is encoded: NULs (escaped as `\u0000`) around a name no
    /// page or script output has reason to hold; found exactly once, or the report falls back to
    /// one encoding.
    static let placeholderText = "\u{0}preprocess-sim finalized page\u{0}"
}

/// The payload the extension receives, as an XML property list (`--format plist`):
/// `[NSExtensionJavaScriptPreprocessingResultsKey: results]`. NSNull, which no property list
/// can hold, is left out (and reported as a diagnostic by the run).
public enum PlistReport {
    public static func render(_ transcript: Transcript) -> String {
        var payload: [String: Any] = [:]
        if let results = transcript.results, let object = plistObject(results) {
            payload[NSExtensionJavaScriptPreprocessingResultsKey] = object
        }
        guard let data = try? PropertyListSerialization.data(fromPropertyList: payload, format: .xml, options: 0) else {
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func plistObject(_ value: PropertyListValue) -> Any? {
        switch value {
        case .string(let string): return string
        case .integer(let number): return number
        case .real(let number): return number.isFinite && number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
        case .boolean(let flag): return flag
        case .date(let date): return date
        case .data(let data): return data
        case .null: return nil
        case .array(let values): return values.compactMap(plistObject)
        case .dictionary(let values): return values.compactMapValues(plistObject)
        }
    }
}
