import Foundation

/// What a case must produce. Each field is checked only when present; with no `diagnostics`
/// or `diagnosticsInclude`, a case fails on any error diagnostic.
public struct CaseExpectations: Codable, Equatable, Sendable {
    /// `completionFunction` was (or was not) called.
    public var completed: Bool?
    /// The results dictionary, exactly (numbers compare by value).
    public var results: PropertyListValue?
    /// A subset the results must contain: listed keys with matching values, recursively.
    public var resultsContain: PropertyListValue?
    /// Matchers per key path (`title`, `meta.author`, `images[0]`).
    public var keys: [String: ValueMatcher]?
    /// The codes of every error and warning, exactly (order and repeats ignored).
    public var diagnostics: [String]?
    /// Codes that must be among the diagnostics (others allowed).
    public var diagnosticsInclude: [String]?
    public var finalize: FinalizeExpectations?
    /// `true` compares the whole transcript (without timings) with the case's snapshot file;
    /// a list compares only those top-level parts (`results`, `diagnostics`, `finalize`, …).
    public var snapshot: SnapshotSelection?

    public init() {}

    /// Checking these needs the page after finalize: its HTML, elements looked up in it, or a
    /// snapshot of the transcript's finalize part.
    var readFinalizedHTML: Bool {
        if finalize?.html != nil || finalize?.htmlContains != nil || !(finalize?.elements ?? []).isEmpty { return true }
        switch snapshot {
        case .none?, nil: return false
        case .all?: return true
        case .parts(let parts)?: return parts.contains { $0 == "finalize" || $0 == "finalize.html" }
        }
    }

    func merged(over base: CaseExpectations) -> CaseExpectations {
        var merged = self
        merged.completed = completed ?? base.completed
        merged.results = results ?? base.results
        merged.resultsContain = resultsContain ?? base.resultsContain
        merged.keys = keys ?? base.keys
        merged.diagnostics = diagnostics ?? base.diagnostics
        merged.diagnosticsInclude = diagnosticsInclude ?? base.diagnosticsInclude
        merged.finalize = finalize ?? base.finalize
        merged.snapshot = snapshot ?? base.snapshot
        return merged
    }
}

/// What finalize must have done.
public struct FinalizeExpectations: Codable, Equatable, Sendable {
    public var called: Bool?
    /// alert() messages, in order.
    public var alerts: [String]?
    /// Navigation URLs, in order.
    public var navigations: [String]?
    /// Console message texts, in order.
    public var console: [String]?
    /// Elements of the page after finalize (the final HTML, parsed again).
    public var elements: [ElementExpectation]?
    /// `document.documentElement.outerHTML` after finalize, exactly.
    public var html: String?
    /// Strings the final HTML must contain.
    public var htmlContains: [String]?

    public init() {}
}

/// `{"selector": "#status", "text": "Saved"}`, `{"selector": "a", "attribute": "href", "value": {"regex": "^https:"}}`,
/// `{"selector": ".ad", "exists": false}`.
public struct ElementExpectation: Codable, Equatable, Sendable {
    public var selector: String
    public var exists: Bool?
    /// Matches the element's `textContent`.
    public var text: ValueMatcher?
    public var attribute: String?
    /// Matches the attribute's value (`{"type": "null"}` for an absent attribute).
    public var value: ValueMatcher?

    public init(selector: String, exists: Bool? = nil, text: ValueMatcher? = nil, attribute: String? = nil, value: ValueMatcher? = nil) {
        self.selector = selector
        self.exists = exists
        self.text = text
        self.attribute = attribute
        self.value = value
    }

    /// What the case's process must look up after finalize for this expectation.
    var probe: ElementProbe { ElementProbe(selector: selector, attribute: attribute) }
}

/// `["results", "finalize"]` or `true` (everything but timings) or `false`.
public enum SnapshotSelection: Codable, Equatable, Sendable {
    case none
    case all
    case parts([String])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { self = flag ? .all : .none; return }
        self = .parts(try container.decode([String].self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .none: try container.encode(false)
        case .all: try container.encode(true)
        case .parts(let parts): try container.encode(parts)
        }
    }
}

/// A check on one value. Written as a plain JSON value it means `equals`; as an object, any
/// mix of `equals`, `regex`, `type`, `nonEmpty`, `range` ([min, max], inclusive), `absent`.
public struct ValueMatcher: Codable, Equatable, Sendable {
    public var equals: PropertyListValue?
    /// An ICU regular expression that must match somewhere in the string.
    public var regex: String?
    /// string, number, integer, boolean, array, dictionary, null, date, data.
    public var type: String?
    public var nonEmpty: Bool?
    public var range: [Double]?
    /// The key is missing (true) or present (false).
    public var absent: Bool?

    public init(equals: PropertyListValue? = nil, regex: String? = nil, type: String? = nil,
                nonEmpty: Bool? = nil, range: [Double]? = nil, absent: Bool? = nil) {
        self.equals = equals
        self.regex = regex
        self.type = type
        self.nonEmpty = nonEmpty
        self.range = range
        self.absent = absent
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case equals, regex, type, nonEmpty, range, absent }

    public init(from decoder: Decoder) throws {
        let value = try PropertyListValue(from: decoder)
        let matcherKeys = Set(CodingKeys.allCases.map(\.rawValue))
        guard case .dictionary(let fields) = value, !fields.isEmpty, fields.keys.allSatisfy(matcherKeys.contains) else {
            self.init(equals: value)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let regex = try container.decodeIfPresent(String.self, forKey: .regex)
        let range = try container.decodeIfPresent([Double].self, forKey: .range)
        if let range, range.count != 2 {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "range is [min, max]"))
        }
        if let regex, (try? NSRegularExpression(pattern: regex)) == nil {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "invalid regex \(regex)"))
        }
        self.init(equals: fields["equals"], regex: regex,
                  type: try container.decodeIfPresent(String.self, forKey: .type),
                  nonEmpty: try container.decodeIfPresent(Bool.self, forKey: .nonEmpty),
                  range: range, absent: try container.decodeIfPresent(Bool.self, forKey: .absent))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(equals, forKey: .equals)
        try container.encodeIfPresent(regex, forKey: .regex)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(nonEmpty, forKey: .nonEmpty)
        try container.encodeIfPresent(range, forKey: .range)
        try container.encodeIfPresent(absent, forKey: .absent)
    }

    /// Why `value` (nil: missing) does not match, or nil when it matches.
    public func mismatch(_ value: PropertyListValue?) -> String? {
        if let absent {
            if absent && value != nil { return "expected no value, found \(ValueText.describe(value))" }
            if !absent && value == nil { return "expected a value, found none" }
            if absent { return nil }
        }
        guard let value else { return "missing" }
        if let equals, !ValueText.same(equals, value) {
            return "expected \(ValueText.describe(equals)), found \(ValueText.describe(value))"
        }
        if let type, ValueText.typeName(value) != type, !(type == "number" && ValueText.number(value) != nil) {
            return "expected a \(type), found a \(ValueText.typeName(value)) \(ValueText.describe(value))"
        }
        if let regex {
            guard case .string(let text) = value else { return "expected a string matching /\(regex)/, found \(ValueText.describe(value))" }
            let expression = try? NSRegularExpression(pattern: regex)
            if expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                return "expected a match for /\(regex)/, found \(ValueText.describe(value))"
            }
        }
        if nonEmpty == true, ValueText.isEmpty(value) { return "expected a non-empty value, found \(ValueText.describe(value))" }
        if let range, range.count == 2 {
            guard let number = ValueText.number(value) else { return "expected a number in [\(range[0]), \(range[1])], found \(ValueText.describe(value))" }
            if number < range[0] || number > range[1] {
                return "expected a number in [\(ValueText.format(range[0])), \(ValueText.format(range[1]))], found \(ValueText.format(number))"
            }
        }
        return nil
    }
}

/// Comparing and printing result values.
enum ValueText {
    static func json(_ value: PropertyListValue?) -> String {
        guard let value else { return "(none)" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }

    static func describe(_ value: PropertyListValue?) -> String {
        guard let value else { return "nothing" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    static func number(_ value: PropertyListValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        default: return nil
        }
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func typeName(_ value: PropertyListValue) -> String {
        switch value {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "number"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .null: return "null"
        }
    }

    static func isEmpty(_ value: PropertyListValue) -> Bool {
        switch value {
        case .string(let text): return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case .array(let values): return values.isEmpty
        case .dictionary(let values): return values.isEmpty
        case .data(let data): return data.isEmpty
        case .null: return true
        default: return false
        }
    }

    /// Equality where 3 and 3.0 are the same number (JSON manifests cannot tell them apart).
    static func same(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
        if let left = number(lhs), let right = number(rhs) { return left == right }
        switch (lhs, rhs) {
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(same)
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        case (.date(let date), .string(let text)), (.string(let text), .date(let date)):
            return ISO8601DateFormatter.withFractionalSeconds.string(from: date) == text
        default:
            return lhs == rhs
        }
    }

    /// The key paths where `actual` does not contain `expected` (dictionaries: listed keys;
    /// arrays: same length, element by element; other values: equal).
    static func subsetMismatches(_ expected: PropertyListValue, _ actual: PropertyListValue?, path: String) -> [String] {
        guard let actual else { return ["\(path.isEmpty ? "results" : path): missing"] }
        switch (expected, actual) {
        case (.dictionary(let want), .dictionary(let have)):
            return want.keys.sorted().flatMap { key in
                subsetMismatches(want[key]!, have[key], path: path.isEmpty ? key : "\(path).\(key)")
            }
        case (.array(let want), .array(let have)):
            guard want.count == have.count else {
                return ["\(path): expected \(want.count) elements, found \(have.count)"]
            }
            return want.indices.flatMap { subsetMismatches(want[$0], have[$0], path: "\(path)[\($0)]") }
        default:
            return same(expected, actual) ? [] : ["\(path.isEmpty ? "results" : path): expected \(describe(expected)), found \(describe(actual))"]
        }
    }

    /// The value at `title`, `meta.author`, `images[0].src`; nil when any step is missing.
    static func value(at keyPath: String, in root: PropertyListValue?) -> PropertyListValue? {
        var current = root
        for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["), let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty {
                guard case .dictionary(let values)? = current else { return nil }
                current = values[String(name)]
            }
            for index in indices {
                guard case .array(let values)? = current, values.indices.contains(index) else { return nil }
                current = values[index]
            }
        }
        return current
    }
}
