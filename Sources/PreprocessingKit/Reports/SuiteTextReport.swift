import Foundation

/// The human output of `preprocess-sim test`: one line per case as it finishes, then each
/// failure with a diff, then the counts.
///
/// ```
/// FAIL  ShareScript@mozilla-hacks-fetch (112 ms)
///   results: the results differ
///     - "title": "Old title"
///     + "title": "This API Is So Fetching!"
/// 3 cases: 2 passed, 1 failed
/// ```
public enum SuiteTextReport {
    public static func caseLine(_ result: CaseResult) -> String {
        let label: String
        switch result.status {
        case .passed: label = "PASS "
        case .failed: label = "FAIL "
        case .error: label = "ERROR"
        case .skipped: label = "SKIP "
        }
        let note = result.snapshotNote.map { " — snapshot \($0)" } ?? ""
        return "\(label) \(result.id) (\(Int(result.durationMilliseconds.rounded())) ms)\(note)"
    }

    /// Every failure of a case, with diffs indented under it.
    public static func failureDetails(_ result: CaseResult) -> String {
        // Paths come from file names, which may hold any character but "/" and NUL.
        let place = "\(result.suite): \(result.script) on \(result.page)".escapingControlCharacters
        var lines = ["\(result.status == .error ? "ERROR" : "FAIL ") \(result.id)  [\(place)]"]
        for failure in result.failures {
            lines.append("  \(failure.kind): " + failure.message.replacingOccurrences(of: "\n", with: "\n    "))
            if let expected = failure.expected, let actual = failure.actual {
                let diff = FailureDiff.unified(expected: expected, actual: actual)
                if !diff.isEmpty { lines.append(diff.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")) }
            }
        }
        if let standardError = result.standardError, !standardError.isEmpty {
            lines.append("  standard error (end):")
            lines.append(standardError.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").suffix(10).map { "    " + $0 }.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func summary(_ report: SuiteRunReport) -> String {
        var parts = ["\(report.count(.passed)) passed"]
        if report.count(.failed) > 0 { parts.append("\(report.count(.failed)) failed") }
        if report.count(.error) > 0 { parts.append("\(report.count(.error)) errors") }
        if report.count(.skipped) > 0 { parts.append("\(report.count(.skipped)) skipped") }
        let seconds = String(format: "%.2f", report.durationMilliseconds / 1000)
        return "\(report.cases.count) case\(report.cases.count == 1 ? "" : "s"): \(parts.joined(separator: ", ")) in \(seconds) s\n"
    }

    /// The failures section and the summary (what follows the per-case lines).
    public static func render(_ report: SuiteRunReport) -> String {
        let failing = report.cases.filter { $0.status == .failed || $0.status == .error }
        var text = ""
        if !failing.isEmpty {
            text += "\nFailures:\n\n" + failing.map(failureDetails).joined(separator: "\n") + "\n"
        }
        return text + summary(report)
    }
}
