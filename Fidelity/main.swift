// preprocess-fidelity [--jobs N] [--out DIR] [--update-known] [PROBE…]
//
// The differential loop (`make fidelity`): every probe folder recorded from WebKit in
// Tests/PreprocessingKitTests/Fixtures/oracle (each probe × every page of ../shared/corpus/pages
// and, in its `-wide` twin, ../shared/corpus/wide-pages) run through the simulator in this
// process and compared with what WebKit's completionFunction received. Prints identical/total
// per probe and per page folder; writes every difference, with its path and both values, to
// DIR/differences.jsonl and the table to DIR/summary.md. WebKit is never run here: its answers
// were recorded once by Tests/record-oracle.sh.
//
// Exit status: 0 when every case outside known-differences.json gives WebKit's answer and every
// listed case still differs, 1 otherwise (the table says which), 2 for bad arguments.
import Foundation
import PreprocessingKit
import TestSupport

var jobs = 2
var outFolder = Paths.repository.appendingPathComponent(".build/fidelity").path
var updateKnown = false
var probes: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--jobs":
        guard let value = arguments.popFirst().flatMap(Int.init), value >= 1 else {
            FileHandle.standardError.write(Data("preprocess-fidelity: error: --jobs needs a number ≥ 1\n".utf8)); exit(2)
        }
        jobs = value
    case "--out":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("preprocess-fidelity: error: --out needs a folder\n".utf8)); exit(2)
        }
        outFolder = value
    case "--update-known": updateKnown = true
    case "-h", "--help":
        print("usage: preprocess-fidelity [--jobs N] [--out DIR] [--update-known] [PROBE…]\nprobes: \(FidelityLoop.probes.joined(separator: " "))")
        exit(0)
    default:
        guard FidelityLoop.probes.contains(argument) else {
            FileHandle.standardError.write(Data("preprocess-fidelity: error: no probe folder '\(argument)' (known: \(FidelityLoop.probes.joined(separator: " ")))\n".utf8))
            exit(2)
        }
        probes.append(argument)
    }
}
if probes.isEmpty { probes = FidelityLoop.probes }

// Longest folders first, so the threads finish together.
let order = probes.sorted { (try? OracleFixtures.load($0).count) ?? 0 > (try? OracleFixtures.load($1).count) ?? 0 }
var outcomes: [String: FidelityLoop.Outcome] = [:]
var failures: [String: String] = [:]
let lock = NSLock()
var next = 0
let started = Date()
let group = DispatchGroup()
for _ in 0..<min(jobs, order.count) {
    let thread = Thread {
        let simulator = Simulator()
        while true {
            lock.lock()
            guard next < order.count else { lock.unlock(); break }
            let probe = order[next]
            next += 1
            lock.unlock()
            do {
                let outcome = try FidelityLoop.run(probe: probe, simulator: simulator)
                lock.lock(); outcomes[probe] = outcome; lock.unlock()
                FileHandle.standardError.write(Data("  \(probe): \(outcome.identicalCount)/\(outcome.totalCount) (\(Int(outcome.milliseconds / 1000)) s)\n".utf8))
            } catch {
                lock.lock(); failures[probe] = "\(error)"; lock.unlock()
            }
        }
        group.leave()
    }
    thread.stackSize = 16 << 20
    group.enter()
    thread.start()
}
group.wait()

let known = FidelityLoop.knownDifferences()
let folders = ["pages", "wide-pages", "extra-pages", "fixtures"]
func cell(_ outcome: FidelityLoop.Outcome, _ folder: String) -> String {
    guard let total = outcome.total[folder] else { return "–" }
    let identical = outcome.identical[folder] ?? 0
    return "\(identical)/\(total) (\(String(format: "%.1f", 100 * Double(identical) / Double(total)))%)"
}
var lines = ["| probe | pages | wide-pages | extra-pages | fixtures | vs known list |", "| --- | --- | --- | --- | --- | --- |"]
var regressions = 0, fixes = 0
var totalsIdentical: [String: Int] = [:], totals: [String: Int] = [:]
for probe in probes.sorted() {
    guard let outcome = outcomes[probe] else { lines.append("| \(probe) | error: \(failures[probe] ?? "?") | | | | |"); continue }
    let differing = Set(outcome.differing.map(\.id))
    let listed = Set(known[probe] ?? [])
    let newDifferences = differing.subtracting(listed).sorted()
    let nowIdentical = listed.subtracting(differing).sorted()
    regressions += newDifferences.count
    fixes += nowIdentical.count
    var status = "as listed"
    if !newDifferences.isEmpty || !nowIdentical.isEmpty {
        status = [newDifferences.isEmpty ? nil : "new: \(newDifferences.prefix(6).joined(separator: ", "))\(newDifferences.count > 6 ? "…" : "")",
                  nowIdentical.isEmpty ? nil : "now identical: \(nowIdentical.count)"].compactMap { $0 }.joined(separator: "; ")
    }
    lines.append("| `\(probe)` | " + folders.map { cell(outcome, $0) }.joined(separator: " | ") + " | \(status) |")
    for folder in folders {
        totalsIdentical[folder, default: 0] += outcome.identical[folder] ?? 0
        totals[folder, default: 0] += outcome.total[folder] ?? 0
    }
}
let allIdentical = totalsIdentical.values.reduce(0, +), all = totals.values.reduce(0, +)
lines.append("| **all** | " + folders.map { folder in
    guard let total = totals[folder], total > 0 else { return "–" }
    return "\(totalsIdentical[folder] ?? 0)/\(total) (\(String(format: "%.1f", 100 * Double(totalsIdentical[folder] ?? 0) / Double(total)))%)"
}.joined(separator: " | ") + " | \(allIdentical)/\(all) |")

try? FileManager.default.createDirectory(atPath: outFolder, withIntermediateDirectories: true)
var differencesText = ""
for probe in probes.sorted() {
    for difference in outcomes[probe]?.differing ?? [] {
        for part in difference.differences {
            let line: [String: Any] = ["probe": probe, "id": difference.id, "page": difference.page, "path": part.path,
                                       "simulator": OracleComparison.describe(part.simulator, limit: 2000),
                                       "webkit": OracleComparison.describe(part.webKit, limit: 2000)]
            if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]) {
                differencesText += String(decoding: data, as: UTF8.self) + "\n"
            }
        }
    }
}
let elapsed = Date().timeIntervalSince(started)
let summary = lines.joined(separator: "\n") + "\n"
try? differencesText.write(toFile: "\(outFolder)/differences.jsonl", atomically: true, encoding: .utf8)
try? summary.write(toFile: "\(outFolder)/summary.md", atomically: true, encoding: .utf8)
print(summary)
print("\(all) cases in \(String(format: "%.0f", elapsed)) s with \(jobs) thread(s); every difference with its path and both values: \(outFolder)/differences.jsonl")
if updateKnown {
    do {
        try FidelityLoop.writeKnownDifferences(probes.compactMap { outcomes[$0] })
        print("wrote \(FidelityLoop.knownDifferencesURL.path)")
    } catch {
        FileHandle.standardError.write(Data("preprocess-fidelity: error: cannot write the known differences: \(error)\n".utf8)); exit(1)
    }
    exit(failures.isEmpty ? 0 : 1)
}
if regressions > 0 || fixes > 0 || !failures.isEmpty {
    print("\(regressions) case(s) differ that known-differences.json does not list, \(fixes) listed case(s) now give WebKit's answer"
          + (fixes > 0 && regressions == 0 ? ": run `make fidelity UPDATE=1` to shrink the list" : ""))
    exit(1)
}
