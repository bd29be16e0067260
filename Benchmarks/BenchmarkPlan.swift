import Foundation
import PreprocessingKit

/// Where things are: the repository, `../shared` beside it (the CI layout), the binaries and
/// a scratch folder.
struct BenchmarkLayout {
    var repository: String
    var shared: String
    var simulator: String
    var benchmark: String
    var workFolder: String

    static func find() throws -> BenchmarkLayout {
        let environment = ProcessInfo.processInfo.environment
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        // <repo>/.build/<triple>/release/preprocess-bench, or run from the repository itself.
        var repository = FileManager.default.currentDirectoryPath
        var candidate = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                repository = candidate.path
                break
            }
            candidate.deleteLastPathComponent()
        }
        let shared = environment["PREPROCESS_SIM_SHARED"]
            ?? URL(fileURLWithPath: repository).deletingLastPathComponent().appendingPathComponent("shared").path
        guard FileManager.default.fileExists(atPath: shared + "/corpus/pages") else {
            throw BenchmarkError("cannot find the shared corpus at \(shared)/corpus/pages (set PREPROCESS_SIM_SHARED)")
        }
        let binaries = URL(fileURLWithPath: executable).deletingLastPathComponent().path
        let simulator = environment["PREPROCESS_SIM_EXECUTABLE"] ?? binaries + "/preprocess-sim"
        guard FileManager.default.isExecutableFile(atPath: simulator) else {
            throw BenchmarkError("cannot find preprocess-sim next to the benchmark (\(simulator)); build it with swift build -c release")
        }
        let workFolder = NSTemporaryDirectory() + "preprocess-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        return BenchmarkLayout(repository: repository, shared: shared, simulator: simulator, benchmark: executable,
                               workFolder: workFolder)
    }

    var probeScript: String { repository + "/Tests/PreprocessingKitTests/Fixtures/oracle/page-basics/probe.js" }
    var walkScript: String { workFolder + "/" + WalkDOMScript.fileName }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum CaseList {
    /// The finalize argument both sides hand to finalize.
    static let finalizeArguments = #"{"alert":"saved","elements":1}"#

    /// Every shared page (`pages/*/source.html`), sorted by name.
    static func sharedPages(_ layout: BenchmarkLayout) -> [String] {
        let folder = layout.shared + "/corpus/pages"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { "\(folder)/\($0)/source.html" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// The large extra pages: over 500 KB, or with more than 50 iframes (from `extra-pages/index.tsv`).
    static func largeExtraPages(_ layout: BenchmarkLayout) -> [String] {
        let folder = layout.shared + "/corpus/extra-pages"
        guard let index = try? String(contentsOfFile: folder + "/index.tsv", encoding: .utf8) else { return [] }
        var pages: [String] = []
        // The index has CRLF line ends, and "\r\n" is one Character: split on either.
        let lines = index.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
              let nameColumn = header.firstIndex(of: "name"), let sizeColumn = header.firstIndex(of: "size_bytes"),
              let iframeColumn = header.firstIndex(of: "iframes") else { return [] }
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > max(nameColumn, sizeColumn, iframeColumn) else { continue }
            if (Int(fields[sizeColumn]) ?? 0) > 500_000 || (Int(fields[iframeColumn]) ?? 0) > 50 {
                pages.append("\(folder)/\(fields[nameColumn])")
            }
        }
        return pages.sorted()
    }

    static func cases(group: String, pages: [String], scripts: [(name: String, path: String)]) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        for page in pages {
            // The URL the simulator's loader finds (saved-from comment, canonical link); the peer gets the same.
            let url = (try? PageLoader.load(path: page))?.url ?? "https://example.com/"
            let name = page.hasSuffix("/source.html") ? URL(fileURLWithPath: page).deletingLastPathComponent().lastPathComponent
                                                      : URL(fileURLWithPath: page).lastPathComponent
            for script in scripts {
                cases.append(BenchmarkCase(id: "\(group)/\(name)/\(script.name)", group: group, pagePath: page,
                                           scriptPath: script.path, scriptName: script.name, url: url,
                                           finalizeArgumentsJSON: finalizeArguments))
            }
        }
        return cases
    }
}

/// Runs a plan in a child process (`preprocess-bench --worker PLAN RESULT`), so its peak memory
/// is its own and one measurement cannot disturb the next.
func runWorker(_ plan: WorkerPlan, layout: BenchmarkLayout, name: String) throws -> (WorkerResult, ChildRun) {
    let planPath = "\(layout.workFolder)/\(name).plan.json"
    let resultPath = "\(layout.workFolder)/\(name).result.json"
    try JSONEncoder().encode(plan).write(to: URL(fileURLWithPath: planPath))
    let child = runChild(layout.benchmark, ["--worker", planPath, resultPath], workFolder: layout.workFolder)
    guard child.status == 0, let data = FileManager.default.contents(atPath: resultPath) else {
        throw BenchmarkError("worker \(name) failed (\(child.status)): \(String(decoding: child.standardError.suffix(800), as: UTF8.self))")
    }
    return (try JSONDecoder().decode(WorkerResult.self, from: data), child)
}
