import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// Diagnostic codes are defined once, in `DiagnosticCode`; the README's table documents them.
@Suite struct DiagnosticCodeTests {
    /// The README's diagnostics table: code → severity, in order.
    static func documented() throws -> [(code: String, severity: String, when: String)] {
        let text = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = text.range(of: "| code | severity | when |") else { return [] }
        var rows: [(String, String, String)] = []
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| `") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows.append((cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1], cells[2]))
        }
        return rows
    }

    @Test func theReadmeTableListsEveryCodeWithItsSeverity() throws {
        let documented = try Self.documented()
        #expect(documented.map(\.code) == DiagnosticCode.allCases.map(\.rawValue))
        for (row, code) in zip(documented, DiagnosticCode.allCases) {
            #expect(row.severity == code.severity.rawValue, "\(code.rawValue)")
            #expect(row.when == code.summary, "\(code.rawValue)")
        }
    }

    @Test func codesAreKebabCaseAndUnique() {
        let raw = DiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression) != nil })
    }

    @Test func aDiagnosticTakesItsSeverityAndTextFromItsCode() {
        let diagnostic = Diagnostic(.notPlistValue, "'x' is undefined", file: "Action.js", line: 3, column: 7)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.formatted == "Action.js:3:7: warning: 'x' is undefined [not-plist-value]")
        #expect("\(DiagnosticCode.runThrew)" == "run-threw")
    }

    /// No source writes a diagnostic code as a bare string: each is a `DiagnosticCode` case.
    /// (One-word codes such as `timeout` are also words of other vocabularies — a timer's kind,
    /// a suite failure's kind — so only hyphenated codes are looked for.)
    @Test func sourcesNameCodesThroughTheEnum() throws {
        let folder = Paths.repository.appendingPathComponent("Sources")
        let hyphenated = DiagnosticCode.allCases.filter { $0.rawValue.contains("-") }
        let codes = Set(hyphenated.map { "\"\($0.rawValue)\"" } + hyphenated.map { "[\($0.rawValue)]" })
        var bare: [String] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.lastPathComponent != "DiagnosticCode.swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for code in codes where line.contains(code) { bare.append("\(file.lastPathComponent):\(index + 1): \(code)") }
            }
        }
        #expect(bare.isEmpty, "\(bare)")
    }
}
