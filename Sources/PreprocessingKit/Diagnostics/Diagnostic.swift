/// A finding about a run, a page, a script or a configuration, printed compiler-style as
/// `file:line:column: severity: message [code]`.
///
/// `code` is stable: tests, suites and users match on it. Every code, with its severity, is a
/// case of `DiagnosticCode`; a diagnostic is made from one.
public struct Diagnostic: Codable, Equatable, Hashable, Sendable {
    public enum Severity: String, Codable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var code: String
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?

    /// A diagnostic with its code's severity, or `severity` where the code's documentation
    /// says it varies (`preprocessing-file-not-found` is a warning when `--script` names the file).
    public init(_ code: DiagnosticCode, _ message: String, severity: Severity? = nil,
                file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.severity = severity ?? code.severity
        self.code = code.rawValue
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: error: message [code]`; the place is left out where there is none.
    public var formatted: String {
        var place = ""
        if let file {
            place = file
            if let line {
                place += ":\(line)"
                if let column { place += ":\(column)" }
            }
            place += ": "
        }
        return "\(place)\(severity.rawValue): \(message) [\(code)]"
    }
}
