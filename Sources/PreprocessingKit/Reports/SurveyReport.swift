import Foundation

/// The text of `preprocess-sim survey`: one line per document (and iOS version), what became of
/// the script there, then which documents it fails on. `--format json` and `junit` are the
/// suite reports (`SuiteJSONReport`, `JUnitReport`) of the same run.
///
/// ```
/// document             outcome     detail, or what the extension receives
/// article              completes   {"title":"How to keep a sourdough starter"}
/// image                throws      TypeError: null is not an object (evaluating 'document.querySelector("article").innerText') (Reader.js:3:45)
///
/// 9 of 10 documents: completes; fails on image
/// ```
public enum SurveyReport {
    public static func render(_ report: SuiteRunReport, script: String) -> String {
        let rows = report.cases.map { result in (result.id, Survey.outcome(of: result)) }
        let idWidth = max(8, rows.map(\.0.count).max() ?? 0)
        let verdictWidth = max(7, rows.map(\.1.verdict.rawValue.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = ["Survey of \((script as NSString).lastPathComponent) on the documents Safari can share:", "",
                     pad("document", idWidth) + "  " + pad("outcome", verdictWidth) + "  detail, or what the extension receives"]
        for (id, outcome) in rows {
            let detail = (outcome.detail.isEmpty ? outcome.receives : outcome.detail).escapingControlCharacters
            lines.append(pad(id, idWidth) + "  " + pad(outcome.verdict.rawValue, verdictWidth) + "  " + detail)
        }
        let failing = rows.filter { $0.1.verdict != .completes && $0.1.verdict != .losesValues }.map(\.0)
        let losing = rows.filter { $0.1.verdict == .losesValues }.map(\.0)
        var summary = "\(rows.count - failing.count) of \(rows.count) documents: completes"
        if !failing.isEmpty { summary += "; fails on " + failing.joined(separator: ", ") }
        if !losing.isEmpty { summary += "; values lost on " + losing.joined(separator: ", ") }
        lines += ["", summary, ""]
        return lines.joined(separator: "\n")
    }
}
