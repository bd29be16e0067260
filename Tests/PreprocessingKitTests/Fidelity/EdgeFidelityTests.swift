import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// The conversion and failure cases recorded from WebKit (`Fixtures/oracle/edge`): what the
/// extension receives, whether completion happened, how a failure shows, what finalize did.
@Suite struct EdgeFidelityTests {
    struct Outcome {
        var id: String
        var mismatches: [String]
    }

    /// How WebKit's failure (its `errorStage` and error name) shows here: the diagnostic code the
    /// simulator gives for the same script.
    static func expectedCode(_ output: [String: Any]) -> String? {
        guard let error = output["error"] as? String, !error.isEmpty else {
            return (output["completed"] as? Bool) == false ? "completion-not-called" : nil
        }
        switch output["errorStage"] as? String {
        case "inject": return error.contains("SyntaxError") ? "syntax-error" : "script-threw"
        case "run":
            if error.hasPrefix("ReferenceError: Can't find variable: ExtensionPreprocessingJS") { return "missing-global" }
            if error.contains(".run is not a function") { return "missing-run" }
            return "run-threw"
        default: return nil
        }
    }

    func outcome(_ oracleCase: OracleCase) throws -> Outcome {
        let output = oracleCase.output
        var handler: NSExtensionRequestHandling = NoFinalizeHandler()
        if let arguments = oracleCase.input["finalize_json"] {
            let data = try JSONSerialization.data(withJSONObject: arguments)
            handler = FinalizeArgumentsHandler(arguments: try PropertyListValue(json: data))
        }
        let transcript = try SimulatorHarness.run(script: try #require(oracleCase.scriptPath), page: try #require(oracleCase.pagePath),
                                                  url: oracleCase.url, select: oracleCase.selectText, handler: handler,
                                                  inOracleWindow: true)
        var mismatches: [String] = []
        let completed = output["completed"] as? Bool ?? false
        if transcript.completed != completed { mismatches.append("completed: \(transcript.completed) ≠ WebKit \(completed)") }
        // finalize's failure is compared below, with finalize.
        let codes = transcript.diagnostics.filter { $0.severity == .error && $0.code != "finalize-threw" }.map(\.code)
        if let code = Self.expectedCode(output) {
            if !codes.contains(code) { mismatches.append("error: \(codes) ≠ WebKit's \(code) (\(output["error"] ?? "no error"))") }
        } else if !codes.isEmpty {
            mismatches.append("errors \(codes) where WebKit had none")
        }
        if completed, output["resultsJSONError"] != nil {
            // A cyclic value: JSON.stringify throws in WebKit, its native bridge keeps the cycle.
            // No property list can hold a cycle: the simulator cuts it and says so.
            if !transcript.diagnostics.contains(where: { $0.code == "not-plist-value" && $0.message.contains("cycle") }) {
                mismatches.append("a cyclic result without a not-plist-value warning")
            }
        } else if completed {
            // WebKit's `results` is JSON.stringify of the value; compare what survives that here.
            let ours = transcript.resultsJSON.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
                ?? OracleFixtures.jsonObject(transcript.results)
            if !OracleFixtures.equal(ours, output["results"]) {
                mismatches.append("results: \(ours) ≠ WebKit \(output["results"] ?? "nil")")
            }
            // DOM objects: WebKit cannot clone them; the extension is handed their JSON view
            // (own enumerable properties) and the script is told.
            if let typed = output["resultsTyped"], Self.containsNode(typed) {
                let handedOn = OracleFixtures.jsonObject(transcript.results)
                if !OracleFixtures.equal(handedOn, output["results"]) {
                    mismatches.append("handed to the extension: \(handedOn) ≠ WebKit's JSON view \(output["results"] ?? "nil")")
                }
                if !transcript.diagnostics.contains(where: { $0.code == "not-plist-value" && $0.message.contains("is a DOM object") }) {
                    mismatches.append("DOM objects in the results without a not-plist-value warning")
                }
            }
        }
        if let finalize = output["finalize"] as? [String: Any], finalize["called"] as? Bool == true {
            let alerts = finalize["alerts"] as? [String] ?? []
            if transcript.finalize.alerts != alerts { mismatches.append("finalize alerts: \(transcript.finalize.alerts) ≠ WebKit \(alerts)") }
            let webkitError = finalize["error"] as? String
            if webkitError != nil, !transcript.diagnostics.contains(where: { $0.code == "finalize-threw" }) {
                mismatches.append("no finalize-threw diagnostic")
            }
            if (webkitError != nil) != (transcript.finalize.error != nil) {
                mismatches.append("finalize error: \(transcript.finalize.error ?? "none") ≠ WebKit \(webkitError ?? "none")")
            } else if let webkitError, let ours = transcript.finalize.error, !webkitError.hasSuffix(ours) && !ours.hasSuffix(webkitError) {
                mismatches.append("finalize error: \(ours) ≠ WebKit \(webkitError)")
            }
        }
        return Outcome(id: oracleCase.id, mismatches: mismatches)
    }

    /// Whether the oracle's lossless view holds a node (`{"$type": "Node"}`) anywhere.
    static func containsNode(_ typed: Any) -> Bool {
        var pending: [Any] = [typed]
        while let value = pending.popLast() {
            if let object = value as? [String: Any] {
                if object["$type"] as? String == "Node" { return true }
                pending.append(contentsOf: object.values)
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array)
            }
        }
        return false
    }

    @Test func conversionAndFailureCasesBehaveAsInWebKit() throws {
        let cases = try OracleFixtures.load("edge")
        #expect(cases.count == 26)
        let outcomes = try cases.map(outcome)
        let failing = outcomes.filter { !$0.mismatches.isEmpty }
        print("edge: \(outcomes.count - failing.count)/\(outcomes.count) identical to WebKit")
        for failure in failing { print("  \(failure.id): \(failure.mismatches.joined(separator: "; "))") }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.mismatches)" })")
    }
}
