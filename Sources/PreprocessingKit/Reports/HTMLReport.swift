import Foundation

/// `--html FILE`: one self-contained page (inline CSS, no scripts, no external resources)
/// listing every case with its status, failures and diffs, results dictionary, diagnostics,
/// the handler's answer, finalize's effects and a diff of the page's HTML before and after
/// finalize.
///
/// Every string that comes from a page, a script or a transcript goes through `escape`; a
/// Content-Security-Policy that forbids scripts backs that up.
public enum HTMLReport {
    public static func render(_ report: SuiteRunReport) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>preprocess-sim test report</title>
        <style>
        body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
        h1{font-size:20px} .summary span{margin-right:14px;font-weight:600}
        table{border-collapse:collapse;width:100%;margin:12px 0 24px} td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
        .passed{color:#137333} .failed{color:#b3261e} .error{color:#8e24aa} .skipped{color:#777}
        section.case{background:#fff;border:1px solid #ddd;border-radius:6px;margin:12px 0;padding:10px 14px}
        section.case h2{font-size:15px;margin:0 0 6px} .meta{color:#555;font-size:12px}
        pre{background:#f4f4f4;padding:8px;overflow:auto;max-height:420px;font:12px/1.4 ui-monospace,Menlo,monospace;white-space:pre-wrap;word-break:break-all}
        .add{background:#e6ffec;display:block} .del{background:#ffebe9;display:block}
        summary{cursor:pointer;font-weight:600;margin:6px 0}
        </style></head><body>
        <h1>preprocess-sim test report</h1>

        """
        html += "<p class=\"summary\"><span class=\"passed\">\(report.count(.passed)) passed</span><span class=\"failed\">\(report.count(.failed)) failed</span><span class=\"error\">\(report.count(.error)) errors</span><span class=\"skipped\">\(report.count(.skipped)) skipped</span>"
        html += "<span>\(report.cases.count) cases in \(String(format: "%.2f", report.durationMilliseconds / 1000)) s</span></p>\n"
        html += "<p class=\"meta\">Suites: \(report.suites.map(escape).joined(separator: ", "))</p>\n"
        html += "<table><tr><th>Status</th><th>Case</th><th>Page title</th><th>Time</th></tr>\n"
        for (number, result) in report.cases.enumerated() {
            html += "<tr><td class=\"\(result.status.rawValue)\">\(result.status.rawValue)</td><td><a href=\"#case-\(number)\">\(escape(result.id))</a></td>"
            html += "<td>\(escape(result.output?.transcript.page.title ?? ""))</td><td>\(Int(result.durationMilliseconds.rounded())) ms</td></tr>\n"
        }
        html += "</table>\n"
        for (number, result) in report.cases.enumerated() {
            html += caseSection(result, anchor: "case-\(number)")
        }
        return html + "</body></html>\n"
    }

    static func caseSection(_ result: CaseResult, anchor: String) -> String {
        var html = "<section class=\"case\" id=\"\(anchor)\"><h2><span class=\"\(result.status.rawValue)\">\(result.status.rawValue.uppercased())</span> \(escape(result.id))</h2>\n"
        html += "<div class=\"meta\">\(escape(result.script)) on \(escape(result.page)) — \(escape(result.suite))\(result.snapshotNote.map { " — snapshot " + escape($0) } ?? "")</div>\n"
        for failure in result.failures {
            html += "<p><b>\(escape(failure.kind))</b>: \(escape(failure.message))</p>\n"
            if let expected = failure.expected, let actual = failure.actual {
                html += diffBlock(expected: expected, actual: actual)
            }
        }
        if let standardError = result.standardError, !standardError.isEmpty {
            html += "<details><summary>Standard error</summary><pre>\(escape(standardError))</pre></details>\n"
        }
        guard let output = result.output else { return html + "</section>\n" }
        let transcript = output.transcript
        html += "<p class=\"meta\">Page: \(escape(transcript.page.title ?? "(no title)")) — \(escape(transcript.page.url))</p>\n"
        html += "<details open><summary>Results</summary><pre>\(escape(ValueText.json(transcript.results)))</pre></details>\n"
        if !transcript.diagnostics.isEmpty {
            html += "<details open><summary>Diagnostics (\(transcript.diagnostics.count))</summary><pre>\(escape(transcript.diagnostics.map(\.formatted).joined(separator: "\n")))</pre></details>\n"
        }
        var handler = "\(transcript.handler.name): \(transcript.handler.completed ? "completed" : "did not complete")"
        if let cancelled = transcript.handler.cancelled { handler += " (cancelled: \(cancelled))" }
        if let arguments = transcript.handler.finalizeArguments { handler += "\nfinalize arguments: " + ValueText.json(arguments) }
        if !transcript.handler.calls.isEmpty { handler += "\ncalls:\n  " + transcript.handler.calls.joined(separator: "\n  ") }
        html += "<details><summary>Handler</summary><pre>\(escape(handler))</pre></details>\n"
        let finalize = transcript.finalize
        var effects = ["called: \(finalize.called)"]
        effects += finalize.alerts.map { "alert: \($0)" }
        effects += finalize.dialogs.filter { $0.type != "alert" }.map { "\($0.type): \($0.message)" }
        effects += finalize.console.map { "console.\($0.level): \($0.text)" }
        effects += finalize.navigations.map { "navigation (\($0.method)): \($0.url)" }
        if let error = finalize.error { effects.append("error: \(error)") }
        html += "<details\(finalize.called ? " open" : "")><summary>Finalize</summary><pre>\(escape(effects.joined(separator: "\n")))</pre></details>\n"
        if let before = output.initialHTML, let after = finalize.html {
            html += "<details><summary>Page HTML before → after finalize</summary>\(before == after ? "<p>unchanged</p>" : diffBlock(expected: before, actual: after))</details>\n"
        }
        return html + "</section>\n"
    }

    static func diffBlock(expected: String, actual: String) -> String {
        let diff = FailureDiff.unified(expected: expected, actual: actual, context: 3)
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("+ ") { return "<span class=\"add\">\(escape(String(line)))</span>" }
            if line.hasPrefix("- ") { return "<span class=\"del\">\(escape(String(line)))</span>" }
            return escape(String(line)) + "\n"
        }
        return "<pre>\(lines.joined())</pre>\n"
    }

    /// Escapes text for HTML content and double-quoted attributes.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
