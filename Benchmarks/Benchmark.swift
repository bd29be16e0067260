import Foundation
import HTMLParser
import PreprocessingKit

struct BenchmarkOptions {
    var outputPath = "bench-results.json"
    var quick = false
    var usePeer = true
    var maxScalingMegabytes = 50
}

/// Runs every measurement in turn and collects them into a `BenchmarkReport`.
struct Benchmark {
    var options: BenchmarkOptions

    func log(_ message: String) {
        FileHandle.standardError.write(Data("[bench] \(message)\n".utf8))
    }

    func run() throws -> BenchmarkReport {
        let layout = try BenchmarkLayout.find()
        defer { try? FileManager.default.removeItem(atPath: layout.workFolder) }
        FileManager.default.createFile(atPath: layout.walkScript, contents: Data(WalkDOMScript.source.utf8))
        let scripts = [(name: "probe", path: layout.probeScript), (name: "walk-dom", path: layout.walkScript)]
        var sharedPages = CaseList.sharedPages(layout)
        var extraPages = CaseList.largeExtraPages(layout)
        if options.quick { sharedPages = Array(sharedPages.prefix(12)); extraPages = Array(extraPages.prefix(2)) }
        let pageCases = CaseList.cases(group: "pages", pages: sharedPages, scripts: scripts)
        let extraCases = CaseList.cases(group: "extra", pages: extraPages, scripts: scripts)
        var report = BenchmarkReport(repository: layout.repository, shared: layout.shared)
        report.machine = BenchmarkReport.Machine.current()

        // 1. Every case in one worker process (one Simulator), stage by stage; its peak memory.
        log("in-process: \(pageCases.count) shared-page cases and \(extraCases.count) extra-page cases")
        let (pagesResult, pagesChild) = try runWorker(WorkerPlan(cases: pageCases), layout: layout, name: "pages")
        let (extraResult, extraChild) = try runWorker(WorkerPlan(cases: extraCases), layout: layout, name: "extra")
        report.cases = pagesResult.cases + extraResult.cases
        report.memory.suiteWorkerPeakMegabytes = pagesChild.peakResidentMegabytes
        report.memory.extraWorkerPeakMegabytes = extraChild.peakResidentMegabytes
        report.inProcessMilliseconds = ["pages": pagesResult.milliseconds, "extra": extraResult.milliseconds]

        // 2. The jsdom peer over the same cases, in one batch.
        if options.usePeer, let peer = JSDOMPeer.find(shared: layout.shared) {
            log("jsdom peer: \(pageCases.count + extraCases.count) cases in batch mode")
            let outcome = peer.run(pageCases + extraCases, workFolder: layout.workFolder, name: "peer")
            report.peer = .init(available: true, batchMilliseconds: outcome.batchMilliseconds,
                                processMilliseconds: outcome.processMilliseconds,
                                peakResidentMegabytes: outcome.peakResidentMegabytes, error: outcome.error,
                                cases: outcome.cases.mapValues { $0.total }, completed: outcome.cases.mapValues { $0.completed })
            if !options.quick {
                // One page per process, as a developer runs a single check.
                let single = pageCases.first { $0.pagePath.contains("/pages/") } ?? pageCases[0]
                var samples: [Double] = []
                for _ in 0..<5 {
                    let child = runChild(peer.node, [peer.script, "--page", single.pagePath, "--url", single.url, "--script", layout.probeScript],
                                         workFolder: layout.workFolder, discardOutput: true)
                    samples.append(child.milliseconds)
                }
                report.peer?.singleProcessMilliseconds = Distribution(samples).median
                // The same case as a process of ours: the page, URL and script jsdom just ran.
                var ours: [Double] = []
                for _ in 0..<10 {
                    let child = runChild(layout.simulator, ["run", "--script", layout.probeScript, "--page", single.pagePath, "--url", single.url],
                                         workFolder: layout.workFolder, discardOutput: true)
                    if child.status == 0 { ours.append(child.milliseconds) }
                }
                report.coldCase = .init(page: single.pagePath, runs: ours.count, milliseconds: Distribution(ours),
                                        jsdomMilliseconds: Distribution(samples).median)
            }
        } else {
            log("jsdom peer not available (install nodejs and node-jsdom); ratios are left out")
            report.peer = .init(available: false, batchMilliseconds: 0, processMilliseconds: 0, peakResidentMegabytes: 0,
                                error: "node or node-jsdom is not installed", cases: [:], completed: [:])
        }

        // 3. Whole-process start-up of `preprocess-sim run` on a small page.
        let smallPage = layout.repository + "/Pages/daringfireball-colophon.html"
        let startupRuns = options.quick ? 5 : 20
        log("start-up: \(startupRuns) runs of preprocess-sim run")
        var startup: [Double] = []
        var startupPeak = 0.0
        for _ in 0..<startupRuns {
            let child = runChild(layout.simulator, ["run", "--script", layout.probeScript, "--page", smallPage],
                                 workFolder: layout.workFolder, discardOutput: true)
            if child.status == 0 { startup.append(child.milliseconds) }
            startupPeak = max(startupPeak, child.peakResidentMegabytes)
        }
        report.startup = .init(page: smallPage, runs: startup.count, milliseconds: Distribution(startup), peakResidentMegabytes: startupPeak)

        // 4. The shared pages × 2 scripts as a suite, `preprocess-sim test --jobs 2`.
        report.suite = try runSuite(layout: layout, pages: sharedPages, scripts: scripts)

        // 5. Leak check: 1,000 runs in one process.
        let leakRuns = options.quick ? 200 : 1000
        log("leak check: \(leakRuns) runs in one process")
        let leakPlan = WorkerPlan(cases: pageCases.filter { $0.scriptName == "probe" }, totalRuns: leakRuns,
                                  sampleAfter: [50, 100, leakRuns / 4, leakRuns / 2, leakRuns * 3 / 4, leakRuns], measureBareParse: false)
        let (leakResult, _) = try runWorker(leakPlan, layout: layout, name: "leak")
        report.memory.leakSamples = leakResult.samples
        report.memory.leakRuns = leakRuns

        // 6. Scaling: one page repeated to 10 KB … 50 MB.
        report.scaling = try runScaling(layout: layout, sharedPages: sharedPages)

        // 7. Decoding a 2 MB Shift_JIS page against parsing it.
        report.legacyDecoding = measureShiftJISDecoding(shared: report.shared)
        report.evaluateTargets()
        return report
    }

    func runSuite(layout: BenchmarkLayout, pages: [String], scripts: [(name: String, path: String)]) throws -> BenchmarkReport.Suite {
        let manifest: [String: Any] = [
            "version": 1,
            "scripts": scripts.map(\.path),
            // Explicit cases: every shared page is named source.html, so matrix ids would clash.
            "cases": pages.flatMap { page in
                scripts.map { script -> [String: Any] in
                    // Ids name snapshot files, so they take "." rather than "/" between page and script.
                    ["id": "\(URL(fileURLWithPath: page).deletingLastPathComponent().lastPathComponent).\(script.name)",
                     "script": script.path, "page": page]
                }
            },
            "allowOutside": true,
            "defaults": [
                "finalizeArguments": try JSONSerialization.jsonObject(with: Data(CaseList.finalizeArguments.utf8)),
                "expect": ["completed": true, "snapshot": false],
            ] as [String: Any],
        ]
        let manifestPath = layout.workFolder + "/bench.suite.json"
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: manifestPath))
        log("suite: preprocess-sim test --jobs 2 over \(pages.count * scripts.count) cases")
        let child = runChild(layout.simulator, ["test", manifestPath, "--jobs", "2"], workFolder: layout.workFolder)
        let text = String(decoding: child.standardOutput, as: UTF8.self)
        return .init(command: "preprocess-sim test bench.suite.json --jobs 2", cases: pages.count * scripts.count,
                     milliseconds: child.milliseconds, exitStatus: child.status,
                     summary: child.status > 1 ? String(String(decoding: child.standardError, as: UTF8.self).prefix(300))
                                               : String(text.split(separator: "\n").last ?? ""),
                     peakResidentMegabytes: child.peakResidentMegabytes)
    }

    /// Pages made by repeating the body of one shared page until the file reaches each size.
    func runScaling(layout: BenchmarkLayout, sharedPages: [String]) throws -> [BenchmarkReport.ScalingPoint] {
        let sizes = [10_000, 100_000, 1_000_000, 10_000_000, 50_000_000].filter { $0 <= options.maxScalingMegabytes * 1_000_000 }
        let source = sharedPages.first { $0.contains("/002/") } ?? sharedPages[0]
        let html = String(decoding: FileManager.default.contents(atPath: source) ?? Data(), as: UTF8.self)
        let bodyStart = html.range(of: "<body")?.lowerBound ?? html.startIndex
        let bodyOpenEnd = html[bodyStart...].firstIndex(of: ">").map { html.index(after: $0) } ?? bodyStart
        let bodyEnd = html.range(of: "</body>", options: .backwards)?.lowerBound ?? html.endIndex
        // A small head, then the page's body again and again (cut at the size; a cut tag or
        // character is what truncated pages look like anyway).
        let head = Array("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Scaling</title></head><body>".utf8)
        let body = Array(html[bodyOpenEnd..<bodyEnd].utf8)
        let tail = Array("</body></html>".utf8)
        var points: [BenchmarkReport.ScalingPoint] = []
        for size in options.quick ? Array(sizes.prefix(3)) : sizes {
            var page = head
            page.reserveCapacity(size)
            while page.count + tail.count < size {
                page += body.prefix(size - tail.count - page.count)
            }
            page += tail
            let path = "\(layout.workFolder)/scaling-\(size).html"
            FileManager.default.createFile(atPath: path, contents: Data(page))
            log("scaling: \(size / 1000) KB")
            let scalingCase = BenchmarkCase(id: "scaling/\(size)", group: "scaling", pagePath: path, scriptPath: layout.probeScript,
                                            scriptName: "probe", url: "https://example.com/scaling", finalizeArgumentsJSON: CaseList.finalizeArguments)
            let (result, child) = try runWorker(WorkerPlan(cases: [scalingCase]), layout: layout, name: "scaling-\(size)")
            let measured = result.cases.first
            points.append(.init(bytes: page.count, milliseconds: measured?.total ?? 0, stages: measured?.stages ?? [:],
                                bareParseMilliseconds: measured?.bareParse ?? 0,
                                peakResidentMegabytes: child.peakResidentMegabytes, completed: measured?.completed ?? false,
                                errors: measured?.errors ?? []))
            try? FileManager.default.removeItem(atPath: path)
        }
        return points
    }
}

extension Benchmark {
    /// A real Shift_JIS page (`extra-pages/chardet`) repeated to 2 MB: the median of 5 decodes
    /// (`TextEncodingRegistry.decode`, glibc iconv) against the median of 5 parses
    /// of the decoded text.
    func measureShiftJISDecoding(shared: String) -> BenchmarkReport.LegacyDecoding? {
        let source = shared + "/corpus/extra-pages/chardet/SHIFT_JIS__10e.org.html"
        guard let page = FileManager.default.contents(atPath: source), !page.isEmpty else {
            log("Shift_JIS decoding: \(source) is missing; skipped")
            return nil
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(2_100_000)
        while bytes.count < 2_000_000 { bytes.append(contentsOf: page) }
        log("Shift_JIS decoding: \(bytes.count) bytes")
        var decodeTimes: [Double] = []
        var parseTimes: [Double] = []
        var text = ""
        for _ in 0..<5 {
            let (decoded, milliseconds) = timed { TextEncodingRegistry.decode(bytes, as: "Shift_JIS") }
            text = decoded.text
            decodeTimes.append(milliseconds)
        }
        for _ in 0..<5 {
            parseTimes.append(timed { HTMLParser.parseDocument(text).nodeCount }.1)
        }
        return .init(source: source, bytes: bytes.count, decodeMilliseconds: Distribution(decodeTimes).median,
                     parseMilliseconds: Distribution(parseTimes).median)
    }
}
