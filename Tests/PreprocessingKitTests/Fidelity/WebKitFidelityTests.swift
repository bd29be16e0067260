import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// Compares what scripts receive here with what real WebKit gave them (recorded by
/// `Tests/record-oracle.sh` into `Fixtures/oracle/`).
@Suite struct WebKitFidelityTests {
    /// Runs a probe over its recorded cases; returns the ids that differ, with why.
    func mismatches(_ probe: String, limit: Int? = nil) throws -> (total: Int, failures: [String]) {
        var cases = try OracleFixtures.load(probe)
        if let limit { cases = Array(cases.prefix(limit)) }
        var failures: [String] = []
        for oracleCase in cases {
            guard let page = oracleCase.pagePath, let script = oracleCase.scriptPath else { continue }
            let transcript = try SimulatorHarness.run(script: script, page: page, url: oracleCase.url, select: oracleCase.selectText)
            let ours = OracleFixtures.jsonObject(transcript.results)
            if !OracleFixtures.equal(ours, oracleCase.results) {
                let detail: String
                if let a = ours as? [String: Any], let b = oracleCase.results as? [String: Any] {
                    detail = OracleFixtures.differences(a, b).joined(separator: "; ")
                } else {
                    detail = "simulator \(ours) ≠ WebKit \(oracleCase.results ?? "nil"); diagnostics: \(transcript.diagnostics.map(\.formatted))"
                }
                failures.append("\(oracleCase.id): \(detail)")
            }
        }
        return (cases.count, failures)
    }

    /// The end-to-end acceptance probe: title, URL, hostname, og:image/og:title, description,
    /// canonical link and element counts must match WebKit on at least 80 of the 86 pages.
    @Test func pageBasicsMatchWebKitOnAtLeast80Of86Pages() throws {
        let (total, failures) = try mismatches("page-basics")
        #expect(total == 86)
        let matched = total - failures.count
        #expect(matched >= 80, "matched \(matched)/\(total):\n\(failures.joined(separator: "\n"))")
        print("page-basics: \(matched)/\(total) identical to WebKit")
    }

    @Test func seedFlowsGiveWebKitsResults() throws {
        let (total, failures) = try mismatches("seeds")
        #expect(total >= 5)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
