import Foundation
import PreprocessingKit

/// The differential loop: every probe folder recorded from WebKit (`Fixtures/oracle/<probe>`)
/// run through the simulator and compared with what WebKit's `completionFunction` received.
/// `preprocess-fidelity` (`make fidelity`) prints and writes its figures; `FidelityFloorTests`
/// holds them to `known-differences.json`.
public enum FidelityLoop {
    /// One case that does not give WebKit's answer, with where the answers part.
    public struct Difference {
        public let probe: String
        public let id: String
        public let page: String
        public let differences: [OracleComparison.Difference]
    }

    /// One probe folder's outcome.
    public struct Outcome {
        public let probe: String
        /// Identical cases and all cases, per page folder (`pages`, `wide-pages`, …).
        public var identical: [String: Int] = [:]
        public var total: [String: Int] = [:]
        public var differing: [Difference] = []
        public var milliseconds = 0.0

        public var identicalCount: Int { identical.values.reduce(0, +) }
        public var totalCount: Int { total.values.reduce(0, +) }
    }

    /// Probe folders compared by `results` alone. `edge` is left to `EdgeFidelityTests`, which
    /// compares stages, errors and finalize as well.
    public static var probes: [String] {
        let folder = Paths.fixtures.appendingPathComponent("oracle")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // `edge` compares stages and errors too (EdgeFidelityTests); `documents` is compared by
        // DocumentKindTests, which undoes WebKitGTK's desktop image shrink (not iOS's) and gives
        // each document its recorded MIME type with its charset.
        return names.filter { name in
            name != "edge" && name != "documents"
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/cases.jsonl").path)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/output.jsonl").path)
        }.sorted()
    }

    /// The corpus folder a page comes from (`pages`, `wide-pages`, `extra-pages`), or `fixtures`.
    public static func pageFolder(_ page: String) -> String {
        for folder in ["wide-pages", "extra-pages", "pages"] where page.contains("/corpus/\(folder)/") { return folder }
        // Documents other than HTML pages, per kind (`documents/svg`, `documents/xhtml`, …).
        if let range = page.range(of: "/corpus/documents/"), let kind = page[range.upperBound...].split(separator: "/").first {
            return "documents/\(kind)"
        }
        return "fixtures"
    }

    /// Runs every case of `probe` on `simulator` (one simulator per thread).
    public static func run(probe: String, simulator: Simulator) throws -> Outcome {
        var outcome = Outcome(probe: probe)
        let start = DispatchTime.now().uptimeNanoseconds
        for oracleCase in try OracleFixtures.load(probe) {
            guard let page = oracleCase.pagePath, let script = oracleCase.scriptPath else { continue }
            let folder = pageFolder(oracleCase.input["page"] as? String ?? page)
            outcome.total[folder, default: 0] += 1
            let ours: Any
            do {
                // The MIME type the case was recorded with (the oracle's `mime`), as Safari would type the file.
                let loaded = try PageLoader.load(path: page, options: PageLoadOptions(url: oracleCase.url, contentType: oracleCase.input["mime"] as? String))
                var request = RunRequest(scriptPath: script, page: loaded, handler: NoFinalizeHandler())
                if let select = oracleCase.selectText { request.selection = .text(select, occurrence: 1) }
                ours = OracleFixtures.jsonObject(simulator.run(request).results)
            } catch {
                ours = "page not loaded: \(error)"
            }
            let differences = OracleComparison.differences(ours, oracleCase.results ?? NSNull())
            if differences.isEmpty {
                outcome.identical[folder, default: 0] += 1
            } else {
                outcome.differing.append(Difference(probe: probe, id: oracleCase.id, page: oracleCase.input["page"] as? String ?? page,
                                                    differences: differences))
            }
        }
        outcome.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return outcome
    }

    /// `known-differences.json`: for each probe, the ids of the cases that do not give WebKit's
    /// answer today. The floor test fails when a case outside the list differs (a regression)
    /// and when a listed case is identical (a fix: the list must shrink with it).
    public static let knownDifferencesURL = Paths.fixtures.appendingPathComponent("oracle/known-differences.json")

    public static func knownDifferences() -> [String: [String]] {
        guard let data = try? Data(contentsOf: knownDifferencesURL),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String]] else { return [:] }
        return object
    }

    public static func writeKnownDifferences(_ outcomes: [Outcome]) throws {
        var object = knownDifferences()
        for outcome in outcomes { object[outcome.probe] = outcome.differing.map(\.id).sorted() }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try (String(decoding: data, as: UTF8.self) + "\n").write(to: knownDifferencesURL, atomically: true, encoding: .utf8)
    }
}

/// Strict comparison of JSON values as `JSON.parse` gives them: numbers by value, booleans only
/// with booleans, `null` only with `null`, objects by their key sets.
public enum OracleComparison {
    public struct Difference {
        /// Where the values part: `images[3].width`, `""` for the whole value.
        public let path: String
        public let simulator: Any
        public let webKit: Any
    }

    public static func differences(_ ours: Any, _ theirs: Any, limit: Int = 50) -> [Difference] {
        var found: [Difference] = []
        // An explicit stack: probes return deep objects (tree fingerprints, chunk lists).
        var pending: [(path: String, ours: Any, theirs: Any)] = [("", ours, theirs)]
        while let (path, a, b) = pending.popLast(), found.count < limit {
            switch (a, b) {
            case let (x as [String: Any], y as [String: Any]):
                for key in Set(x.keys).union(y.keys).sorted().reversed() {
                    let child = path.isEmpty ? key : "\(path).\(key)"
                    pending.append((child, x[key] ?? Missing(), y[key] ?? Missing()))
                }
            case let (x as [Any], y as [Any]) where x.count == y.count:
                for index in stride(from: x.count - 1, through: 0, by: -1) {
                    pending.append(("\(path)[\(index)]", x[index], y[index]))
                }
            default:
                if !same(a, b) { found.append(Difference(path: path, simulator: a, webKit: b)) }
            }
        }
        return found
    }

    /// A key one side has and the other lacks.
    public struct Missing: CustomStringConvertible { public var description: String { "(missing)" } }

    static func isBoolean(_ value: Any) -> Bool {
        // Foundation on Linux parses JSON booleans as NSNumbers of type "c" (char).
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func same(_ a: Any, _ b: Any) -> Bool {
        if a is Missing || b is Missing { return false }
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if isBoolean(a) || isBoolean(b) {
            return isBoolean(a) && isBoolean(b) && (a as! NSNumber).boolValue == (b as! NSNumber).boolValue
        }
        if let x = a as? NSNumber, let y = b as? NSNumber { return x.doubleValue == y.doubleValue }
        if let x = a as? String, let y = b as? String { return x == y }
        if a is [Any] || b is [Any] || a is [String: Any] || b is [String: Any] { return false }
        return false
    }

    /// A value as compact JSON, for reports (long strings shortened).
    public static func describe(_ value: Any, limit: Int = 300) -> String {
        if value is Missing { return "(missing)" }
        let text: String
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]) {
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = "\(value)"
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
