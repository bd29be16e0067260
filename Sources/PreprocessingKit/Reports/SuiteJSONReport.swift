import Foundation

/// `--json FILE`: the whole run (every case's status, failures and transcript) as sorted,
/// pretty JSON (`version` 1).
public enum SuiteJSONReport {
    public static func render(_ report: SuiteRunReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
