import Foundation

/// A value of the dictionary an extension receives: what JavaScriptCore's JS → Foundation
/// conversion produces (NSString, NSNumber, NSDate, NSArray, NSDictionary, NSNull), kept as a
/// Swift value so it can be compared, snapshotted and printed.
///
/// `null` is NSNull: JavaScriptCore produces it for `null`, but it is not a property-list type.
public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
    case null

    /// The Foundation object a handler sees (NSString, NSNumber, NSDate, NSData, NSArray,
    /// NSDictionary, NSNull).
    public var foundationObject: Any {
        switch self {
        case .string(let value): return NSString(string: value)
        case .integer(let value): return NSNumber(value: value)
        case .real(let value): return NSNumber(value: value)
        case .boolean(let value): return NSNumber(value: value)
        case .date(let value): return value as NSDate
        case .data(let value): return value as NSData
        case .array(let values): return NSArray(array: values.map(\.foundationObject))
        case .dictionary(let values):
            let dictionary = NSMutableDictionary()
            for (key, value) in values { dictionary[NSString(string: key)] = value.foundationObject }
            return dictionary
        case .null: return NSNull()
        }
    }

    /// Reads a Foundation object graph (as a handler returns it). Types that a property list
    /// cannot hold are reported in `problems` with their key path and left out.
    public init?(foundationObject object: Any, path: String = "", problems: inout [String]) {
        switch object {
        case let value as String: self = .string(value)
        case let value as NSString: self = .string(value as String)
        case let value as Bool where !(object is NSNumber): self = .boolean(value)
        case let value as NSNumber:
            if CFNumberLike.isBoolean(value) {
                self = .boolean(value.boolValue)
            } else if CFNumberLike.isInteger(value) {
                self = .integer(value.intValue)
            } else {
                self = .real(value.doubleValue)
            }
        case let value as Int: self = .integer(value)
        case let value as Double: self = .real(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case is NSNull: self = .null
        case let values as [Any]:
            var items: [PropertyListValue] = []
            for (index, item) in values.enumerated() {
                if let converted = PropertyListValue(foundationObject: item, path: "\(path)[\(index)]", problems: &problems) {
                    items.append(converted)
                }
            }
            self = .array(items)
        case let values as NSArray:
            self.init(foundationObject: values.map { $0 }, path: path, problems: &problems)
        case let values as [String: Any]:
            var items: [String: PropertyListValue] = [:]
            for (key, item) in values {
                let itemPath = path.isEmpty ? key : "\(path).\(key)"
                if let converted = PropertyListValue(foundationObject: item, path: itemPath, problems: &problems) {
                    items[key] = converted
                }
            }
            self = .dictionary(items)
        case let values as NSDictionary:
            var items: [String: Any] = [:]
            for (key, item) in values {
                guard let key = key as? String ?? (key as? NSString).map({ $0 as String }) else {
                    problems.append("\(path): a dictionary key of type \(type(of: key)) is not a string")
                    continue
                }
                items[key] = item
            }
            self.init(foundationObject: items, path: path, problems: &problems)
        default:
            problems.append("\(path.isEmpty ? "value" : path): \(type(of: object)) is not a property-list type")
            return nil
        }
    }

    /// Reads JSON text (`--finalize-args '{…}'`).
    public init(json: Data) throws {
        let object = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        var problems: [String] = []
        guard let value = PropertyListValue(foundationObject: object, problems: &problems) else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        self = value
    }

    /// Reads an XML or binary property list; a binary one whose shared objects would take more
    /// than `expansionLimit` bytes once read throws `BinaryPlistShape.Refusal` instead.
    public init(propertyList: Data, expansionLimit: Int = 64 * 1_048_576) throws {
        if let refusal = BinaryPlistShape.refusal([UInt8](propertyList), limit: expansionLimit) { throw refusal }
        let object = try PropertyListSerialization.propertyList(from: propertyList, options: [], format: nil)
        var problems: [String] = []
        guard let value = PropertyListValue(foundationObject: object, problems: &problems) else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        self = value
    }

    public var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let values) = self { return values }
        return nil
    }

    /// True where the value or anything inside it is NSNull (not serialisable as a plist).
    public var containsNull: Bool {
        switch self {
        case .null: return true
        case .array(let values): return values.contains { $0.containsNull }
        case .dictionary(let values): return values.values.contains { $0.containsNull }
        default: return false
        }
    }
}

/// NSNumber's kind, which swift-corelibs-foundation exposes through `objCType`.
enum CFNumberLike {
    /// Foundation on Linux types a boolean NSNumber "c" (Objective-C's BOOL); "B" is C's bool.
    static func isBoolean(_ number: NSNumber) -> Bool {
        let code = String(cString: number.objCType)
        return code == "c" || code == "B"
    }

    static func isInteger(_ number: NSNumber) -> Bool {
        switch String(cString: number.objCType) {
        case "d", "f": return false
        default: return true
        }
    }
}

// MARK: JSON (transcripts, snapshots)

extension PropertyListValue: Codable {
    /// Encodes as plain JSON: dates as ISO 8601 strings, data as base64, NSNull as null;
    /// non-finite numbers as the strings "NaN", "Infinity", "-Infinity".
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value):
            if value.isNaN { try container.encode("NaN") } else if value.isInfinite {
                try container.encode(value > 0 ? "Infinity" : "-Infinity")
            } else if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int(value))
            } else { try container.encode(value) }
        case .boolean(let value): try container.encode(value)
        case .date(let value): try container.encode(ISO8601DateFormatter.withFractionalSeconds.string(from: value))
        case .data(let value): try container.encode(value.base64EncodedString())
        case .array(let values): try container.encode(values)
        case .dictionary(let values): try container.encode(values)
        case .null: try container.encodeNil()
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .boolean(value) }
        else if let value = try? container.decode(Int.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .real(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([PropertyListValue].self) { self = .array(value) }
        else { self = .dictionary(try container.decode([String: PropertyListValue].self)) }
    }
}

extension ISO8601DateFormatter {
    static let withFractionalSeconds: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
