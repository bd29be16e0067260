import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Median, 90th percentile, maximum and sum of a list of milliseconds (nearest-rank, as the
/// jsdom peer computes its summary, so the two sides are comparable).
struct Distribution: Codable {
    var count: Int
    var median: Double
    var p90: Double
    var max: Double
    var sum: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        median = rank(0.5)
        p90 = rank(0.9)
        max = sorted.last ?? 0
        sum = sorted.reduce(0, +)
    }
}

/// Milliseconds since an arbitrary start, monotonic.
func nowMilliseconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e6
}

/// Runs `body` and returns its result with the milliseconds it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = nowMilliseconds()
    let value = try body()
    return (value, nowMilliseconds() - start)
}

enum ProcessMemory {
    /// A `/proc/self/status` field in kilobytes (`VmRSS`: resident now; `VmHWM`: peak resident).
    static func statusKilobytes(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "0") ?? 0
        }
        return 0
    }

    static var residentMegabytes: Double { Double(statusKilobytes("VmRSS")) / 1024 }
    static var peakResidentMegabytes: Double { Double(statusKilobytes("VmHWM")) / 1024 }
}

/// What a child process did: its wall time, its peak resident memory (from `wait4`'s rusage,
/// so it is the child's own figure) and what it printed.
struct ChildRun {
    var status: Int32
    var milliseconds: Double
    var peakResidentMegabytes: Double
    var standardOutput: Data
    var standardError: Data
}

/// Spawns `executable` with `arguments`, collects its output through files (no pipe buffer
/// limits, no reader threads) and waits for it with `wait4` to read its own peak RSS.
func runChild(_ executable: String, _ arguments: [String], workFolder: String, discardOutput: Bool = false) -> ChildRun {
    let token = UUID().uuidString
    let outPath = discardOutput ? "/dev/null" : "\(workFolder)/child-\(token).out"
    let errPath = discardOutput ? "/dev/null" : "\(workFolder)/child-\(token).err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = nowMilliseconds()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
        return ChildRun(status: -1, milliseconds: 0, peakResidentMegabytes: 0, standardOutput: Data(),
                        standardError: Data("cannot start \(executable): \(String(cString: strerror(spawned)))".utf8))
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = nowMilliseconds() - start
    let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    var output = Data(), error = Data()
    if !discardOutput {
        output = FileManager.default.contents(atPath: outPath) ?? Data()
        error = FileManager.default.contents(atPath: errPath) ?? Data()
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
    }
    return ChildRun(status: exitStatus, milliseconds: elapsed, peakResidentMegabytes: Double(usage.ru_maxrss) / 1024,
                    standardOutput: output, standardError: error)
}
