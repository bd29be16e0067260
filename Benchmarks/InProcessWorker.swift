import Foundation
import HTMLParser
import PreprocessingKit

/// Runs cases inside one process with one `Simulator` (one JavaScript VM, so the DOM bundle is
/// compiled once), as a suite worker does, and measures every stage.
enum InProcessWorker {
    static func run(_ plan: WorkerPlan) -> WorkerResult {
        let simulator = Simulator()
        var measurements: [CaseMeasurement] = []
        var samples: [MemorySample] = []
        let started = nowMilliseconds()
        let runs = plan.totalRuns ?? plan.cases.count
        var scripts: [String: String] = [:]
        for index in 0..<runs {
            let benchmarkCase = plan.cases[index % plan.cases.count]
            let source = scripts[benchmarkCase.scriptPath] ?? (try? String(contentsOfFile: benchmarkCase.scriptPath, encoding: .utf8)) ?? ""
            scripts[benchmarkCase.scriptPath] = source
            let measurement = measure(benchmarkCase, scriptSource: source, simulator: simulator,
                                      bareParse: plan.measureBareParse && plan.totalRuns == nil)
            // As a suite worker does once it has answered (CaseWorker): between cases, off their
            // clocks (the prepared realm's cost is the case's `build.bundle.prepared`).
            simulator.prepareForNextRun()
            if plan.totalRuns == nil { measurements.append(measurement) } else if index < plan.cases.count { measurements.append(measurement) }
            if plan.sampleAfter.contains(index + 1) {
                samples.append(MemorySample(runs: index + 1, residentMegabytes: ProcessMemory.residentMegabytes))
            }
        }
        return WorkerResult(cases: measurements, peakResidentMegabytes: ProcessMemory.peakResidentMegabytes,
                            samples: samples, milliseconds: nowMilliseconds() - started)
    }

    static func measure(_ benchmarkCase: BenchmarkCase, scriptSource: String, simulator: Simulator, bareParse: Bool) -> CaseMeasurement {
        var stages: [String: Double] = [:]
        var errors: [String] = []
        let caseStart = nowMilliseconds()
        let loaded: LoadedPage
        do {
            var options = PageLoadOptions()
            options.url = benchmarkCase.url
            (loaded, stages["read"]) = try timed { try PageLoader.load(path: benchmarkCase.pagePath, options: options) }
        } catch {
            return CaseMeasurement(id: benchmarkCase.id, bytes: 0, stages: [:], total: 0, completed: false, errors: ["\(error)"])
        }
        let arguments = (try? PropertyListValue(json: Data(benchmarkCase.finalizeArgumentsJSON.utf8))) ?? .dictionary([:])
        let handler = BuiltInHandlers.make("finalize-args", finalizeArguments: arguments) ?? NoFinalizeHandler()
        let request = RunRequest(scriptPath: benchmarkCase.scriptPath, scriptSource: scriptSource, page: loaded,
                                 handler: handler, handlerName: "finalize-args")
        let transcript = simulator.run(request)
        let (_, serialise) = timed { JSONReport.render(transcript) }
        let total = nowMilliseconds() - caseStart
        let timings = transcript.timings
        // The parser runs on its own thread while the DOM bundle is evaluated: `parse` is its own
        // time, and `build` leaves out only what the build thread spent waiting for it, so the
        // stages add up to more than the case's wall time by the overlap.
        let parse = timings["build.parse"] ?? 0
        stages["parse"] = parse
        stages["build"] = (timings["load"] ?? 0) + (timings["build"] ?? 0) - (timings["build.parse.wait"] ?? parse)
        stages["script"] = (timings["inject"] ?? 0) + (timings["run"] ?? 0)
        stages["handler"] = (timings["convert"] ?? 0) + (timings["handler"] ?? 0)
        stages["finalize"] = timings["finalize"] ?? 0
        stages["serialise"] = serialise
        for diagnostic in transcript.diagnostics where diagnostic.severity == .error {
            errors.append("\(diagnostic.code): \(diagnostic.message)")
        }
        var measurement = CaseMeasurement(id: benchmarkCase.id, bytes: loaded.byteCount, stages: stages, total: total,
                                          completed: transcript.completed, errors: errors)
        measurement.steps = timings
        if bareParse {
            measurement.bareParse = timed { HTMLParser.parseDocument(loaded.html).nodeCount }.1
        }
        return measurement
    }
}
