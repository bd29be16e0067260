import Foundation
import PreprocessingKit

/// `run --watch`: runs, then polls the modification times of the script, page, plist and
/// fixtures every 200 ms and runs again when one changes, clearing the screen on a terminal
/// and saying what changed in the results since the last run. Runs until interrupted.
struct WatchMode {
    let command: RunCommand
    var interval: TimeInterval = 0.2
    /// Stops after this many runs (tests); nil runs until the process is interrupted.
    var maximumRuns: Int?

    init(command: RunCommand, maximumRuns: Int? = nil) {
        self.command = command
        self.maximumRuns = maximumRuns
    }

    func run(output: Output) -> Int32 {
        // Ctrl-C and kill must stop the loop even when the parent started us with them blocked.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        var stamps = modificationTimes()
        var previous: Transcript?
        var runs = 0
        var lastCode = PreprocessSim.ExitCode.success
        var changedFiles: [String] = []
        while true {
            if output.isTerminal { output.write("\u{1B}[2J\u{1B}[H") }
            runs += 1
            let header = changedFiles.isEmpty
                ? "watch: run \(runs)"
                : "watch: run \(runs) after a change to \(changedFiles.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))"
            output.write(header + " at \(Self.clock())\n")
            let (code, transcript) = command.executeOnce(output: output)
            lastCode = code
            if let transcript {
                if let previous {
                    output.write("\n" + Self.changes(from: previous, to: transcript, colours: output.isTerminal))
                }
                previous = transcript
            }
            output.write("watch: waiting for changes to \(command.watchedFiles.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")) (Ctrl-C stops)\n")
            if let maximumRuns, runs >= maximumRuns { return lastCode }
            // Poll until something changes.
            while true {
                Thread.sleep(forTimeInterval: interval)
                let now = modificationTimes()
                if now != stamps {
                    changedFiles = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }.sorted()
                    stamps = now
                    break
                }
            }
        }
    }

    /// Modification time (and size, as saves within one clock tick happen) of every watched file.
    func modificationTimes() -> [String: String] {
        var stamps: [String: String] = [:]
        for path in command.watchedFiles {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            stamps[path] = "\(date)/\(size)"
        }
        return stamps
    }

    /// What differs between two runs' results, diagnostics, handler and finalize, as a unified
    /// diff of their JSON (timings and clock left out: they change every run).
    static func changes(from old: Transcript, to new: Transcript, colours: Bool) -> String {
        let diff = HTMLDiff.unified(comparable(old), comparable(new), from: "previous run", to: "this run", context: 2, colours: colours)
        return diff.isEmpty ? "watch: the results are the same as the last run's\n" : "watch: changes since the last run:\n" + diff
    }

    static func comparable(_ transcript: Transcript) -> String {
        var copy = transcript
        copy.timings = [:]
        copy.clock = nil
        copy.trace = nil
        copy.htmlBeforeFinalize = nil
        copy.finalize.html = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(copy)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func clock() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}
