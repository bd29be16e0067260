import Foundation

/// One script on one page, as both the simulator and the jsdom peer run it.
struct BenchmarkCase: Codable {
    /// `<group>/<page name>/<script name>`, the key both sides' results are matched on.
    var id: String
    /// `pages` (the shared corpus), `extra` (the large extra pages), `scaling`, `startup`.
    var group: String
    var pagePath: String
    var scriptPath: String
    var scriptName: String
    /// The URL both sides give the page (the one the simulator's loader found).
    var url: String
    /// The dictionary the handler hands to finalize, as JSON.
    var finalizeArgumentsJSON: String
}

/// What a worker process is asked to do.
struct WorkerPlan: Codable {
    var cases: [BenchmarkCase]
    /// Runs the case list round-robin until this many runs have been made (the leak check);
    /// nil runs each case once.
    var totalRuns: Int?
    /// Records resident memory after these run counts (1-based).
    var sampleAfter: [Int] = []
    /// Also time the HTML parser on its own for each case (not part of the case's time).
    var measureBareParse = true
}

/// One case's figures, in milliseconds.
struct CaseMeasurement: Codable {
    var id: String
    var bytes: Int
    /// Per stage: read (read + decode), parse (the HTML parser writing the flat tree), build (JS document: bundle,
    /// JSON.parse, node creation), script (inject + run), handler (conversion + handler),
    /// finalize (finalize + its HTML), serialise (the JSON transcript).
    var stages: [String: Double]
    /// Wall time of the whole case (every stage).
    var total: Double
    /// The parse stage alone (`HTMLParser.parseDocument`: the decoded text to the flat tree),
    /// outside the case's time.
    var bareParse: Double?
    /// The transcript's own timings (`build.bundle`, `build.parse`, `run`, …), finer than `stages`.
    var steps: [String: Double]?
    var completed: Bool
    var errors: [String]
}

struct MemorySample: Codable {
    var runs: Int
    var residentMegabytes: Double
}

struct WorkerResult: Codable {
    var cases: [CaseMeasurement]
    var peakResidentMegabytes: Double
    var samples: [MemorySample]
    var milliseconds: Double
}
