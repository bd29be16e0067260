import Foundation

/// A place in a text file: 1-based line and column (columns count Unicode scalars, a tab is one).
public struct SourcePosition: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One `<key>`/value pair of a property-list dictionary, in file order.
public struct PlistEntry: Equatable, Sendable {
    public var key: String
    /// Where the `<key>` element starts; `nil` for binary property lists.
    public var keyPosition: SourcePosition?
    public var value: PlistValue

    public init(key: String, keyPosition: SourcePosition? = nil, value: PlistValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A property-list value as read from an `Info.plist`, keeping where each value starts so that
/// configuration diagnostics can point into the file.
///
/// Dictionaries keep their entries in file order (duplicates included, as written); lookups by
/// key return the last entry with that key, which is the one Foundation keeps.
/// Positions are `nil` for values read from binary property lists.
public indirect enum PlistValue: Equatable, Sendable {
    case string(String, at: SourcePosition?)
    case integer(Int, at: SourcePosition?)
    case real(Double, at: SourcePosition?)
    case boolean(Bool, at: SourcePosition?)
    case date(Date, at: SourcePosition?)
    case data(Data, at: SourcePosition?)
    case array([PlistValue], at: SourcePosition?)
    case dictionary([PlistEntry], at: SourcePosition?)

    /// Where the value's element starts (its opening tag).
    public var position: SourcePosition? {
        switch self {
        case .string(_, let at), .integer(_, let at), .real(_, let at), .boolean(_, let at),
             .date(_, let at), .data(_, let at), .array(_, let at), .dictionary(_, let at):
            return at
        }
    }

    /// The property-list element name of this value's type (`string`, `integer`, `dict`, …).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dict"
        }
    }

    /// The value for `key` when this is a dictionary (the last entry wins), else `nil`.
    public subscript(key: String) -> PlistValue? {
        entry(forKey: key)?.value
    }

    /// The entry for `key` when this is a dictionary (the last one wins), else `nil`.
    public func entry(forKey key: String) -> PlistEntry? {
        guard case .dictionary(let entries, _) = self else { return nil }
        return entries.last(where: { $0.key == key })
    }

    /// The dictionary's entries, or `nil` when this is not a dictionary.
    public var entries: [PlistEntry]? {
        if case .dictionary(let entries, _) = self { return entries }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    public var integerValue: Int? {
        if case .integer(let value, _) = self { return value }
        return nil
    }

    public var booleanValue: Bool? {
        if case .boolean(let value, _) = self { return value }
        return nil
    }

    /// Converts a Foundation property-list object (as `PropertyListSerialization` returns it)
    /// to a `PlistValue` without positions; `nil` for objects that are not property-list types.
    /// Foundation objects are read once, by `PropertyListValue` (the bridge's value), so numbers,
    /// booleans and dates are told apart the same way everywhere.
    public init?(foundationObject object: Any) {
        var problems: [String] = []
        guard let value = PropertyListValue(foundationObject: object, problems: &problems), problems.isEmpty else { return nil }
        self.init(value)
    }

    /// A value with no place in a file (positions `nil`, dictionary entries in key order);
    /// `nil` for NSNull, which no property list holds.
    public init?(_ value: PropertyListValue) {
        switch value {
        case .string(let string): self = .string(string, at: nil)
        case .integer(let number): self = .integer(number, at: nil)
        case .real(let number): self = .real(number, at: nil)
        case .boolean(let flag): self = .boolean(flag, at: nil)
        case .date(let date): self = .date(date, at: nil)
        case .data(let data): self = .data(data, at: nil)
        case .null: return nil
        case .array(let values):
            var converted: [PlistValue] = []
            for element in values {
                guard let value = PlistValue(element) else { return nil }
                converted.append(value)
            }
            self = .array(converted, at: nil)
        case .dictionary(let dictionary):
            var entries: [PlistEntry] = []
            for key in dictionary.keys.sorted() {
                guard let value = PlistValue(dictionary[key]!) else { return nil }
                entries.append(PlistEntry(key: key, value: value))
            }
            self = .dictionary(entries, at: nil)
        }
    }
}
