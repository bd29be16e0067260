import Foundation

/// `check --ios-report`: the lowest iOS version whose Safari runs a script, and why: the syntax
/// its tokens use and the built-ins and Web APIs it reached when run on a blank page (through
/// finalize, with the echo handler), each with the version that brought it.
///
/// ```swift
/// let report = IOSReport.make(scriptPath: "Scripts/ShareScript.js")
/// print(report.text)
/// // Scripts/ShareScript.js: works on iOS 8.0 and later …
/// ```
///
/// A reach counts even where the script tests for the API first (`if (Array.prototype.at)`):
/// the report is the version on which every path of the script that ran has what it uses.
public struct IOSReport: Equatable, Sendable {
    /// One thing the script needs.
    public struct Requirement: Equatable, Sendable {
        /// `optional chaining (?.)`, `Array.prototype.at`.
        public let name: String
        public let path: String
        /// nil: in no release of the data.
        public let added: IOSVersion?
        public let file: String
        public let line: Int
        public let column: Int
    }

    public let scriptPath: String
    /// Every requirement newer than iOS 8, newest first (then in source order).
    public let requirements: [Requirement]
    /// The lowest version that has them all; nil when one is in no release of the data.
    public let lowest: IOSVersion?
    /// Diagnostics of the recording run that mean the script failed anyway (a syntax error, a
    /// throw): the report then says so instead of a version.
    public let failures: [Diagnostic]

    /// - Parameter scriptPath: the script, named in the report as given.
    public static func make(scriptPath path: String, simulator: Simulator = Simulator(), timeout: Double = 5) -> IOSReport {
        let source = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        guard let source else {
            return IOSReport(scriptPath: path, requirements: [], lowest: nil,
                             failures: [Diagnostic(.scriptUnreadable, "cannot read the preprocessing script", file: path)])
        }
        var requirements: [Requirement] = []
        var seen: Set<String> = []
        for use in SyntaxFeatureScan.features(in: source) where seen.insert(use.feature.path).inserted {
            guard let availability = IOSCompatibility.version(of: use.feature.path) else { continue }
            let added: IOSVersion?
            if case .added(let version) = availability { added = version } else { added = nil }
            if let added, added <= IOSCompatibility.oldest { continue }
            requirements.append(Requirement(name: use.feature.name, path: use.feature.path, added: added,
                                            file: path, line: use.line, column: use.column))
        }
        var failures: [Diagnostic] = []
        if let blank = try? PageLoader.load(data: Data(ScriptCheck.blankPageHTML.utf8), path: "<blank page>",
                                            options: PageLoadOptions(url: "https://example.com/")) {
            var request = RunRequest(scriptPath: path, scriptSource: source, page: blank, handler: EchoHandler())
            request.timeout = timeout
            let log = IOSAccessLog()
            request.iOSAccessLog = log
            let transcript = simulator.run(request)
            failures = transcript.diagnostics.filter { $0.severity == .error && $0.code != DiagnosticCode.missingFinalize.rawValue }
            for use in log.uses where use.file == path && seen.insert(use.path).inserted {
                requirements.append(Requirement(name: use.api, path: use.path, added: use.added, file: use.file, line: use.line,
                                                column: Exchange.memberColumn(in: source, line: use.line, column: use.column)))
            }
        }
        // Newest first; what no release has, first of all.
        let ordered = requirements.enumerated().sorted { a, b in
            let left = a.element.added ?? IOSVersion(999), right = b.element.added ?? IOSVersion(999)
            return left != right ? left > right : a.offset < b.offset
        }.map(\.element)
        let lowest: IOSVersion? = ordered.contains { $0.added == nil } ? nil
            : IOSCompatibility.release(for: ordered.first?.added ?? IOSCompatibility.oldest)
        return IOSReport(scriptPath: path, requirements: ordered, lowest: lowest, failures: failures)
    }

    /// The report as `check --ios-report --format json` prints it: `{script, lowest, data,
    /// requirements: [{name, entry, added, file, line, column}], failures}` (`lowest` and `added`
    /// null where no release in the data has it).
    public var json: String {
        struct Out: Encodable {
            struct Item: Encodable { let name, entry: String; let added: String?; let file: String; let line, column: Int }
            let script: String
            let lowest: String?
            let data: String
            let requirements: [Item]
            let failures: [Diagnostic]
        }
        let out = Out(script: scriptPath, lowest: failures.isEmpty ? lowest?.description : nil, data: IOSCompatibility.dataDescription,
                      requirements: requirements.map { .init(name: $0.name, entry: $0.path, added: $0.added?.description, file: $0.file, line: $0.line, column: $0.column) },
                      failures: failures)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(out) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The report as `check --ios-report` prints it.
    public var text: String {
        var lines: [String] = []
        if !failures.isEmpty {
            lines.append("\(scriptPath): the script fails on a blank page even on current Safari, so no iOS version runs it:")
            lines += failures.map { "  " + $0.formatted }
        } else if let lowest {
            let deciding = requirements.first
            let why = deciding.map { ": \($0.name) needs iOS \($0.added ?? lowest)" } ?? ": nothing it uses is newer than iOS 8, the first with app extensions"
            lines.append("\(scriptPath): works on iOS \(lowest) and later\(why)")
        } else {
            let never = requirements.filter { $0.added == nil }.map(\.name).joined(separator: ", ")
            lines.append("\(scriptPath): no iOS release in the data runs it: \(never) is in none up to \(IOSCompatibility.newest)")
        }
        for requirement in requirements {
            let version = requirement.added.map { "iOS \($0)" } ?? "none"
            lines.append("  \(version.padding(toLength: 9, withPad: " ", startingAt: 0)) \(requirement.name)  \(requirement.file):\(requirement.line):\(requirement.column)")
        }
        lines.append("(\(IOSCompatibility.dataDescription); APIs as the script reached them on a blank page)")
        return lines.joined(separator: "\n") + "\n"
    }
}
