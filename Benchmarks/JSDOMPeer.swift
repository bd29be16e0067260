import Foundation

/// Runs cases through `../shared/peer/jsdom_peer.js` in batch mode (one Node process, a fresh
/// JSDOM per case) and reads its per-case timings.
struct JSDOMPeer {
    let script: String
    let node: String

    /// The peer, when `node` and Debian's `node-jsdom` are installed; nil otherwise.
    static func find(shared: String) -> JSDOMPeer? {
        let script = shared + "/peer/jsdom_peer.js"
        guard FileManager.default.fileExists(atPath: script),
              FileManager.default.fileExists(atPath: "/usr/share/nodejs/jsdom/package.json") else { return nil }
        for node in ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"] where FileManager.default.isExecutableFile(atPath: node) {
            return JSDOMPeer(script: script, node: node)
        }
        return nil
    }

    struct Outcome {
        /// Per case id: total milliseconds and the per-phase timings the peer printed.
        var cases: [String: (total: Double, timing: [String: Double], completed: Bool)]
        /// The whole batch, from the peer's summary (excludes Node's start and loading jsdom).
        var batchMilliseconds: Double
        /// The whole process: start, loading jsdom, every case.
        var processMilliseconds: Double
        var peakResidentMegabytes: Double
        var error: String?
    }

    func run(_ cases: [BenchmarkCase], workFolder: String, name: String) -> Outcome {
        let batchPath = "\(workFolder)/\(name).jsonl"
        var lines = ""
        for benchmarkCase in cases {
            var line: [String: Any] = ["id": benchmarkCase.id, "page": benchmarkCase.pagePath, "url": benchmarkCase.url,
                                       "script": benchmarkCase.scriptPath, "finalize_json": benchmarkCase.finalizeArgumentsJSON]
            // The probe has no finalize, so the simulator serialises nothing after it; neither does the peer.
            line["html_mode"] = benchmarkCase.scriptName == "probe" ? "none" : "full"
            let data = (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])) ?? Data()
            lines += String(decoding: data, as: UTF8.self) + "\n"
        }
        FileManager.default.createFile(atPath: batchPath, contents: Data(lines.utf8))
        let child = runChild(node, [script, "--batch", batchPath], workFolder: workFolder)
        var outcome = Outcome(cases: [:], batchMilliseconds: 0, processMilliseconds: child.milliseconds,
                              peakResidentMegabytes: child.peakResidentMegabytes)
        for line in String(decoding: child.standardOutput, as: UTF8.self).split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = object["id"] as? String else { continue }
            let timing = (object["timing"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue }
            outcome.cases[id] = (timing["total_ms"] ?? 0, timing, object["completed"] as? Bool ?? false)
        }
        for line in String(decoding: child.standardError, as: UTF8.self).split(separator: "\n") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
               object["summary"] as? Bool == true {
                outcome.batchMilliseconds = (object["batch_ms"] as? NSNumber)?.doubleValue ?? 0
            }
        }
        if child.status != 0 {
            outcome.error = "jsdom peer exited with \(child.status): \(String(String(decoding: child.standardError, as: UTF8.self).suffix(500)))"
        }
        return outcome
    }
}
