import Foundation

/// `--junit FILE`: JUnit XML as CI systems read it — one `<testsuite>` per manifest, one
/// `<testcase>` per case; failed expectations are `<failure>`, crashes and hangs `<error>`,
/// `--fail-fast` leftovers `<skipped/>`.
public enum JUnitReport {
    public static func render(_ report: SuiteRunReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"preprocess-sim\" tests=\"\(report.cases.count)\" failures=\"\(report.count(.failed))\" errors=\"\(report.count(.error))\" skipped=\"\(report.count(.skipped))\" time=\"\(seconds(report.durationMilliseconds))\">\n"
        var suiteOrder: [String] = []
        for result in report.cases where !suiteOrder.contains(result.suite) { suiteOrder.append(result.suite) }
        for suite in suiteOrder {
            let cases = report.cases.filter { $0.suite == suite }
            let time = cases.reduce(0) { $0 + $1.durationMilliseconds }
            xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { $0.status == .failed }.count)\" errors=\"\(cases.filter { $0.status == .error }.count)\" skipped=\"\(cases.filter { $0.status == .skipped }.count)\" time=\"\(seconds(time))\">\n"
            for result in cases {
                xml += "    <testcase classname=\"\(escape(className(suite)))\" name=\"\(escape(result.id))\" file=\"\(escape(result.script))\" time=\"\(seconds(result.durationMilliseconds))\""
                let body = detail(result)
                switch result.status {
                case .passed:
                    xml += "/>\n"
                    continue
                case .failed:
                    xml += ">\n      <failure message=\"\(escape(firstLine(result)))\" type=\"\(escape(result.failures.first?.kind ?? "failure"))\">\(escape(body))</failure>\n"
                case .error:
                    xml += ">\n      <error message=\"\(escape(firstLine(result)))\" type=\"\(escape(result.failures.first?.kind ?? "error"))\">\(escape(body))</error>\n"
                case .skipped:
                    xml += ">\n      <skipped message=\"\(escape(firstLine(result)))\"/>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func className(_ suite: String) -> String {
        let name = (suite as NSString).lastPathComponent
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    static func firstLine(_ result: CaseResult) -> String {
        result.failures.first.map { "\($0.kind): \($0.message.split(separator: "\n").first ?? "")" } ?? result.status.rawValue
    }

    static func detail(_ result: CaseResult) -> String {
        SuiteTextReport.failureDetails(result)
    }

    static func seconds(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds / 1000) }

    /// XML-escapes text and drops the characters XML 1.0 cannot hold (most C0 controls, lone surrogates are already gone in Swift strings).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
