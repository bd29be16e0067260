import Foundation

/// One way a case did not meet its expectations. `expected`/`actual` are the texts the
/// reports diff line by line.
public struct ExpectationFailure: Codable, Equatable, Sendable {
    /// What was checked: `completed`, `results`, `resultsContain`, `key`, `diagnostics`,
    /// `finalize.called`, `finalize.alerts`, `finalize.navigations`, `finalize.console`,
    /// `finalize.element`, `finalize.html`, `snapshot`, `crash`, `timeout`, `harness`,
    /// `missing-file` (the case's script or page does not exist, so it did not start).
    public var kind: String
    public var message: String
    public var expected: String?
    public var actual: String?

    public init(kind: String, message: String, expected: String? = nil, actual: String? = nil) {
        self.kind = kind
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}

/// Checks a case's output against its expectations. Pure: no files, no printing.
public enum ExpectationCheck {
    public static func check(_ expectations: CaseExpectations?, against output: CaseOutput) -> [ExpectationFailure] {
        let expect = expectations ?? CaseExpectations()
        let transcript = output.transcript
        var failures: [ExpectationFailure] = []

        if let completed = expect.completed, completed != transcript.completed {
            failures.append(.init(kind: "completed",
                                  message: completed ? "completionFunction was not called" : "completionFunction was called",
                                  expected: String(completed), actual: String(transcript.completed)))
        }
        if let results = expect.results {
            let matches = transcript.results.map { ValueText.same(results, $0) } ?? false
            if !matches {
                failures.append(.init(kind: "results", message: "the results differ",
                                      expected: ValueText.json(results), actual: ValueText.json(transcript.results)))
            }
        }
        if let subset = expect.resultsContain {
            let problems = ValueText.subsetMismatches(subset, transcript.results, path: "")
            if !problems.isEmpty {
                failures.append(.init(kind: "resultsContain", message: "the results do not contain the expected values:\n" + problems.joined(separator: "\n"),
                                      expected: ValueText.json(subset), actual: ValueText.json(transcript.results)))
            }
        }
        for (keyPath, matcher) in (expect.keys ?? [:]).sorted(by: { $0.key < $1.key }) {
            let value = ValueText.value(at: keyPath, in: transcript.results)
            if let problem = matcher.mismatch(value) {
                failures.append(.init(kind: "key", message: "results.\(keyPath): \(problem)"))
            }
        }

        let reported = transcript.diagnostics.filter { $0.severity != .note }.map(\.code)
        if let codes = expect.diagnostics {
            if Set(codes) != Set(reported) {
                failures.append(.init(kind: "diagnostics", message: "the diagnostics differ",
                                      expected: Set(codes).sorted().joined(separator: "\n"),
                                      actual: diagnosticLines(transcript.diagnostics.filter { $0.severity != .note })))
            }
        }
        if let codes = expect.diagnosticsInclude {
            let missing = codes.filter { !transcript.diagnostics.map(\.code).contains($0) }
            if !missing.isEmpty {
                failures.append(.init(kind: "diagnostics", message: "expected diagnostics missing: \(missing.joined(separator: ", "))",
                                      expected: codes.joined(separator: "\n"), actual: diagnosticLines(transcript.diagnostics)))
            }
        }
        if expect.diagnostics == nil && expect.diagnosticsInclude == nil {
            let errors = transcript.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                failures.append(.init(kind: "diagnostics", message: "the run reported errors (list the codes under expect.diagnostics if they are intended)",
                                      expected: "", actual: diagnosticLines(errors)))
            }
        }

        if let finalize = expect.finalize {
            failures += checkFinalize(finalize, output: output)
        }
        return failures
    }

    static func diagnosticLines(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { "\($0.code): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }

    static func checkFinalize(_ expect: FinalizeExpectations, output: CaseOutput) -> [ExpectationFailure] {
        let finalize = output.transcript.finalize
        var failures: [ExpectationFailure] = []
        if let called = expect.called, called != finalize.called {
            failures.append(.init(kind: "finalize.called", message: called ? "finalize was not called" : "finalize was called",
                                  expected: String(called), actual: String(finalize.called)))
        }
        func compareLists(_ kind: String, _ expected: [String]?, _ actual: [String]) {
            guard let expected, expected != actual else { return }
            failures.append(.init(kind: kind, message: "\(kind) differ", expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")))
        }
        compareLists("finalize.alerts", expect.alerts, finalize.alerts)
        compareLists("finalize.navigations", expect.navigations, finalize.navigations.map(\.url))
        compareLists("finalize.console", expect.console, finalize.console.map(\.text))
        if let html = expect.html, html != finalize.html {
            failures.append(.init(kind: "finalize.html", message: "the HTML after finalize differs", expected: html, actual: finalize.html ?? "(finalize did not run)"))
        }
        for needle in expect.htmlContains ?? [] where !(finalize.html ?? "").contains(needle) {
            failures.append(.init(kind: "finalize.html", message: "the HTML after finalize does not contain \(ValueText.describe(.string(needle)))"))
        }
        for element in expect.elements ?? [] {
            guard let found = output.probes.first(where: { $0.probe == element.probe }) else {
                failures.append(.init(kind: "finalize.element", message: "\(element.selector): not looked up (finalize did not run)"))
                continue
            }
            if let error = found.error {
                failures.append(.init(kind: "finalize.element", message: "\(element.selector): \(error)"))
                continue
            }
            let exists = element.exists ?? (element.text != nil || element.value != nil || element.attribute != nil ? true : nil)
            if let exists, exists != found.exists {
                failures.append(.init(kind: "finalize.element", message: exists ? "\(element.selector): no element matches after finalize" : "\(element.selector): an element matches after finalize"))
                continue
            }
            if let text = element.text, let problem = text.mismatch(found.text.map(PropertyListValue.string)) {
                failures.append(.init(kind: "finalize.element", message: "\(element.selector) text: \(problem)"))
            }
            if let attribute = element.attribute, let value = element.value {
                if let problem = value.mismatch(found.attributeValue.map(PropertyListValue.string) ?? (value.type == "null" ? .null : nil)) {
                    failures.append(.init(kind: "finalize.element", message: "\(element.selector) [\(attribute)]: \(problem)"))
                }
            }
        }
        return failures
    }
}
