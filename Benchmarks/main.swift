import Foundation
import JavaScriptEngine
import PreprocessingKit

// `preprocess-bench`: the speed and memory benchmark, side by side with jsdom.
// `make bench` runs it; `preprocess-bench --help` lists the options. Benchmarks/README.md says
// what every figure means.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--worker", arguments.count == 3 {
    // A child: runs a plan in this process and writes what it measured.
    do {
        let plan = try JSONDecoder().decode(WorkerPlan.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        let result = InProcessWorker.run(plan)
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: arguments[2]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("preprocess-bench worker: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.first == "--profile", arguments.count >= 3 {
    // One page and one script, run N times in this process: the median of every stage and of
    // each build step. For profiling (`valgrind --tool=callgrind preprocess-bench --profile …`)
    // and for measuring one change without the whole benchmark.
    let runs = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 20) : 20
    // `--samples N`: JavaScriptCore's sampling profiler over the runs, the N functions most
    // often on top of the stack and the N most often anywhere on it (DOM functions with their file).
    let sampleRows = arguments.firstIndex(of: "--samples").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    guard let scriptSource = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
        FileHandle.standardError.write(Data("preprocess-bench: cannot read \(arguments[2])\n".utf8))
        exit(2)
    }
    let benchmarkCase = BenchmarkCase(id: "profile", group: "profile", pagePath: arguments[1], scriptPath: arguments[2],
                                      scriptName: "profile", url: "https://example.com/", finalizeArgumentsJSON: "{}")
    let simulator = Simulator()
    if sampleRows != nil, !SamplingProfile.start(simulator.machine) {
        FileHandle.standardError.write(Data("preprocess-bench: this JavaScriptCore has no sampling profiler\n".utf8))
    }
    var measurements: [CaseMeasurement] = []
    for _ in 0..<runs {
        measurements.append(InProcessWorker.measure(benchmarkCase, scriptSource: scriptSource, simulator: simulator, bareParse: true))
        simulator.prepareForNextRun()
    }
    if let sampleRows, let profile = SamplingProfile.take(simulator.machine, place: { PageContext.domSourcePlace(line: $0)?.file }) {
        let tiers = profile.tiers.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value * 100 / max(1, profile.samples))%" }
        print("\(profile.samples) samples (top frame: \(tiers.joined(separator: ", ")))")
        func row(_ entry: SamplingProfile.Entry) -> String {
            String(format: "%5.1f%% %5.1f%%  ", Double(entry.selfSamples) * 100 / Double(profile.samples),
                   Double(entry.totalSamples) * 100 / Double(profile.samples)) + entry.function + (entry.place.map { "  \($0)" } ?? "")
        }
        print(" self  total  by self")
        for entry in profile.entries.prefix(sampleRows) { print(row(entry)) }
        print(" self  total  by total")
        for entry in profile.entries.sorted(by: { $0.totalSamples > $1.totalSamples }).prefix(sampleRows) { print(row(entry)) }
    }
    func median(_ values: [Double]) -> Double { Distribution(values).median }
    let stageNames = Set(measurements.flatMap { $0.stages.keys }).sorted()
    for name in stageNames {
        print(name.padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%8.2f ms", median(measurements.map { $0.stages[name] ?? 0 })))
    }
    for name in Set(measurements.flatMap { ($0.steps ?? [:]).keys }).sorted() {
        print(("  " + name).padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%8.2f ms", median(measurements.map { $0.steps?[name] ?? 0 })))
    }
    print("total".padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%8.2f ms", median(measurements.map(\.total))))
    print("parse alone".padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%8.2f ms", median(measurements.compactMap(\.bareParse))))
    exit(measurements.allSatisfy(\.completed) ? 0 : 1)
}

if arguments.first == "--parser" {
    // The parse stage alone, every parser side by side (ParserComparison.swift).
    do {
        ParserComparison.run(layout: try BenchmarkLayout.find(), runs: arguments.count > 1 ? max(1, Int(arguments[1]) ?? 9) : 9)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("preprocess-bench: \(error)\n".utf8))
        exit(2)
    }
}

var options = BenchmarkOptions()
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    func value() -> String {
        index += 1
        guard index < arguments.count else { FileHandle.standardError.write(Data("\(argument) needs a value\n".utf8)); exit(2) }
        return arguments[index]
    }
    switch argument {
    case "--output", "-o": options.outputPath = value()
    case "--quick": options.quick = true
    case "--no-peer": options.usePeer = false
    case "--max-scaling-mb": options.maxScalingMegabytes = Int(value()) ?? options.maxScalingMegabytes
    case "--help", "-h":
        print("""
        usage: preprocess-bench [--output bench-results.json] [--quick] [--no-peer] [--max-scaling-mb N]
          --quick             fewer pages, runs and sizes (a smoke run, not for figures)
          --no-peer           skip the jsdom peer even when it is installed
          --max-scaling-mb N  largest page of the scaling series (default 50)
        preprocess-bench --profile PAGE SCRIPT [RUNS]
                              one page and script RUNS times in this process (default 20):
                              median per stage, for profiling one change
        Finds ../shared beside the repository (or PREPROCESS_SIM_SHARED) and preprocess-sim
        next to itself (or PREPROCESS_SIM_EXECUTABLE).
        """)
        exit(0)
    default:
        FileHandle.standardError.write(Data("preprocess-bench: unknown option \(argument) (see --help)\n".utf8))
        exit(2)
    }
    index += 1
}

do {
    let report = try Benchmark(options: options).run()
    print(report.table())
    try report.json().write(to: URL(fileURLWithPath: options.outputPath))
    print("Wrote \(options.outputPath)")
    // Missed targets are figures to read, not a failed command: the table marks them FAIL.
    exit(0)
} catch {
    FileHandle.standardError.write(Data("preprocess-bench: error: \(error)\n".utf8))
    exit(1)
}
