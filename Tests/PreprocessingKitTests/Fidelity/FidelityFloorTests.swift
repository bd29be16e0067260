import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// Every probe folder recorded from WebKit, on the corpus pages and on the wide pages nobody
/// tuned to, held to `Fixtures/oracle/known-differences.json`: a case that differs and is not
/// listed is a regression; a listed case that now gives WebKit's answer must leave the list
/// (`make fidelity UPDATE=1`), so the figures can only rise.
@Suite struct FidelityFloorTests {
    @Test(arguments: FidelityLoop.probes)
    func onlyTheKnownCasesDiffer(probe: String) throws {
        let outcome = try FidelityLoop.run(probe: probe, simulator: Simulator())
        let known = Set(FidelityLoop.knownDifferences()[probe] ?? [])
        #expect(outcome.totalCount > 0, "\(probe) has no cases")
        let regressions = outcome.differing.filter { !known.contains($0.id) }
        let report = regressions.prefix(10).map { difference in
            "\(difference.id) (\(difference.page)): " + difference.differences.prefix(3).map {
                "\($0.path.isEmpty ? "results" : $0.path): simulator \(OracleComparison.describe($0.simulator, limit: 160)) ≠ WebKit \(OracleComparison.describe($0.webKit, limit: 160))"
            }.joined(separator: "; ")
        }
        #expect(regressions.isEmpty, "\(probe): \(regressions.count) case(s) no longer give WebKit's answer:\n\(report.joined(separator: "\n"))")
        let nowIdentical = known.subtracting(outcome.differing.map(\.id)).sorted()
        #expect(nowIdentical.isEmpty, "\(probe): these now give WebKit's answer; run `make fidelity UPDATE=1` to take them off the list: \(nowIdentical.joined(separator: ", "))")
        let folders = outcome.total.keys.sorted().map { "\($0) \(outcome.identical[$0] ?? 0)/\(outcome.total[$0]!)" }
        print("fidelity \(probe): \(folders.joined(separator: ", "))")
    }

    @Test func everyProbeFolderHasAnEntryInTheKnownList() {
        let listed = Set(FidelityLoop.knownDifferences().keys)
        #expect(listed == Set(FidelityLoop.probes), "unlisted: \(Set(FidelityLoop.probes).subtracting(listed).sorted()), stale: \(listed.subtracting(FidelityLoop.probes).sorted())")
    }

    @Test func theComparisonIsStrict() {
        #expect(OracleComparison.differences(["a": 1], ["a": 1.0]).isEmpty)
        #expect(!OracleComparison.differences(["a": true], ["a": 1]).isEmpty)
        #expect(!OracleComparison.differences(["a": NSNull()], ["a": 0]).isEmpty)
        #expect(!OracleComparison.differences(["a": 1], ["a": 1, "b": 2]).isEmpty)
        let nested = OracleComparison.differences(["images": [["w": 48], ["w": 0]]], ["images": [["w": 48], ["w": 40]]])
        #expect(nested.map(\.path) == ["images[1].w"])
        #expect(!OracleComparison.differences([1, 2], [1, 2, 3]).isEmpty)
    }
}
