import Foundation
import JavaScriptEngine

/// `--ios VERSION`: the page's realm without what that Safari lacks, the script's syntax checked
/// against what that Safari parses, and the APIs a failing script reached named.
extension Exchange {
    /// Hides what Safari on the request's iOS version lacks (or, for `check --ios-report`,
    /// watches every API newer than iOS 8); nil when the request asks for neither.
    mutating func installIOSRealm(_ page: PageContext) -> IOSRealm? {
        let mode: IOSRealm.Mode
        if request.iOS != nil { mode = .hide } else if request.iOSAccessLog != nil { mode = .record } else { return nil }
        do {
            return try IOSRealm(page: page, mode: mode, version: request.iOS)
        } catch {
            diagnose(.internalError, "the simulator could not prepare the page as Safari on iOS \(request.iOS?.description ?? "") has it", error)
            return nil
        }
    }

    /// Syntax Safari on the request's iOS version cannot parse: that Safari skips the whole
    /// file, so the script is not run. Each feature is reported once, at its first use.
    mutating func checkIOSSyntax(_ source: String) throws(ExchangeEnded) {
        guard let version = request.iOS else { return }
        let unsupported = SyntaxFeatureScan.unsupported(in: source, on: version)
        guard !unsupported.isEmpty else { return }
        for (use, added) in unsupported {
            let needs = added.map { "needs iOS \($0)" } ?? "is in no Safari on iOS up to \(IOSCompatibility.newest) (\(IOSCompatibility.dataDescription))"
            diagnose(.iosSyntax, "\(use.feature.name) \(needs); Safari on iOS \(version) does not run this file and the extension receives nothing",
                     line: use.line, column: use.column)
        }
        throw ExchangeEnded()
    }

    /// Names the hidden APIs that explain the script's errors: a TypeError or ReferenceError on
    /// the line where a hidden API was reached, or naming it, gets an `ios-api-missing` just
    /// before it, at the place the API was reached.
    mutating func reportIOSAccesses(_ realm: IOSRealm) {
        let accesses = realm.takeAccesses()
        if let log = request.iOSAccessLog {
            log.uses += accesses.map { IOSAPIUse(api: $0.api, path: $0.path, added: IOSVersion($0.version), file: $0.file, line: $0.line, column: $0.column) }
        }
        guard let version = request.iOS, !accesses.isEmpty else { return }
        let errors: Set<String> = Set([DiagnosticCode.scriptThrew, .runThrew, .finalizeThrew, .taskThrew, .uncaughtException,
                                       .unhandledRejection, .pageScriptError].map(\.rawValue))
        var reported: Set<String> = []
        var index = 0
        while index < transcript.diagnostics.count {
            let error = transcript.diagnostics[index]
            guard errors.contains(error.code), error.message.contains("TypeError") || error.message.contains("ReferenceError") else {
                index += 1
                continue
            }
            let onLine = accesses.filter { $0.file == error.file && $0.line == error.line }
            let explaining = onLine.isEmpty ? accesses.filter { Self.message(error.message, names: $0.api) } : onLine
            for access in explaining where reported.insert("\(access.api)@\(access.file):\(access.line):\(access.column)").inserted {
                let added = access.version == "-" ? "in no release up to \(IOSCompatibility.newest)" : "added in \(access.version)"
                transcript.diagnostics.insert(Diagnostic(.iosAPIMissing, "\(access.api) is not in Safari on iOS \(version) (\(added))",
                                                         file: access.file, line: access.line,
                                                         column: Self.memberColumn(in: sources.files[access.file], line: access.line, column: access.column)), at: index)
                index += 1
            }
            index += 1
        }
    }

    /// JavaScriptCore places a property read at its `.` (`items.at` at the dot): the
    /// diagnostic points at the member's name instead, where the script's text is known.
    static func memberColumn(in text: String?, line: Int, column: Int) -> Int {
        guard let text else { return column }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return column }
        let units = Array(lines[line - 1].utf16)
        guard column >= 1, column <= units.count else { return column }
        if units[column - 1] == 0x2E { return column + 1 }
        if units[column - 1] == 0x3F, column < units.count, units[column] == 0x2E { return column + 2 }
        return column
    }

    /// Whether an error message names the API's last part as JavaScriptCore writes it
    /// (`'[].at' is undefined`, `structuredClone is not a function`, `Can't find variable: x`).
    static func message(_ message: String, names api: String) -> Bool {
        let name = api.split(separator: ".").last.map(String.init) ?? api
        var searchStart = message.startIndex
        while let found = message.range(of: name, range: searchStart..<message.endIndex) {
            let before = found.lowerBound == message.startIndex ? nil : message[message.index(before: found.lowerBound)]
            let after = found.upperBound == message.endIndex ? nil : message[found.upperBound]
            let isPart: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } ?? false }
            if !isPart(before) && !isPart(after) && (before == nil || ".' :".contains(before!)) { return true }
            searchStart = found.upperBound
        }
        return false
    }
}

/// One reach of a Web API or built-in newer than iOS 8 by a script (`check --ios-report`).
public struct IOSAPIUse: Equatable, Sendable {
    /// As the script writes it: `Array.prototype.at`.
    public let api: String
    /// The browser-compat-data entry.
    public let path: String
    /// The iOS version that added it; nil when no release in the data has it.
    public let added: IOSVersion?
    public let file: String
    public let line: Int
    public let column: Int
}

/// Collects what a run's script reached (`RunRequest.iOSAccessLog`).
public final class IOSAccessLog: @unchecked Sendable {
    public internal(set) var uses: [IOSAPIUse] = []
    public init() {}
}
