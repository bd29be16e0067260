import Foundation

/// The transcript as one JSON object (`--format json`): sorted keys, pretty-printed, so the same
/// run gives the same bytes.
public enum JSONReport {
    public static func render(_ transcript: Transcript) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(transcript), as: UTF8.self) + "\n"
        } catch {
            // Never silence: a transcript JSON cannot hold still says why, as JSON.
            let reason = String(decoding: (try? JSONEncoder().encode(["error": "the transcript could not be written as JSON: \(error)"])) ?? Data(), as: UTF8.self)
            return reason + "\n"
        }
    }
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
