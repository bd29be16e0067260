import Foundation
import JavaScriptEngine

/// Converts what a script passed to `completionFunction` the way JavaScriptCore's JS → Foundation
/// bridge does (DESIGN.md §1), and says what did not survive.
///
/// | JavaScript | extension receives |
/// | --- | --- |
/// | string | NSString |
/// | number, boolean | NSNumber (NaN and ±Infinity pass as NSNumber but no plist holds them) |
/// | Date | NSDate |
/// | Array | NSArray (`undefined`, functions and symbols inside become NSNull) |
/// | other objects (incl. functions) | NSDictionary of the enumerable properties |
/// | platform objects (nodes, collections, the window) | NSDictionary of the own enumerable properties (a node has none) |
/// | null | NSNull (not a property-list type) |
/// | undefined | nil (the key is absent) |
///
/// Every loss is a `not-plist-value` warning naming the key path.
///
/// Platform objects are what WebKit's own answers show: `JSON.stringify` keeps their own
/// enumerable properties only (`{}` for an element), and structured cloning refuses them
/// (DataCloneError). What a device's bridge makes of one is not observable here, so the
/// extension is given the JSON view and the script a warning: a node is never data.
enum ResultConversion {
    struct Outcome {
        var value: PropertyListValue?
        var diagnostics: [Diagnostic]
        /// The watchdog stopped the conversion (a getter, `toJSON` or proxy trap that ran past
        /// the budget); `value` holds what was converted before.
        var stopped: JavaScriptError?
    }

    /// A platform object as it crosses: its interface and the keys that cross with it.
    struct PlatformObjectView {
        var interfaceName: String
        var keys: [String]
    }

    /// Converts `value`; strings beyond `characterLimit` UTF-16 code units in all are not
    /// converted (an error diagnostic says so), which bounds the run's memory whatever a script
    /// hands over, and so are values nested deeper than `depthLimit`.
    ///
    /// The script's code the conversion runs (getters, proxy traps, `toString`) shares one
    /// budget of `seconds` CPU seconds, as run does: a getter that never returns stops the
    /// conversion there, and the rest is left out.
    static func convert(_ value: JavaScriptValue, file: String?, characterLimit: Int = .max, seconds: Double = 5,
                        platformObjectView: @escaping (JavaScriptValue) -> PlatformObjectView? = { _ in nil }) -> Outcome {
        var converter = Converter(file: file, characterLimit: characterLimit, platformObjectView: platformObjectView)
        let (converted, stopped) = value.context.withExecutionBudget(seconds: seconds) {
            converter.convert(value, path: "", inArray: false, depth: 0)
        }
        if let stopped {
            return Outcome(value: converted, diagnostics: converter.diagnostics, stopped: stopped)
        }
        if let platformObjects = converter.platformObjects {
            let more = platformObjects.count > 1 ? " (and \(platformObjects.count - 1) more DOM object\(platformObjects.count > 2 ? "s" : "") in the results)" : ""
            converter.warn(platformObjects.first, "is a DOM object (\(platformObjects.interfaceName)), not data\(more): WebKit cannot clone it (DataCloneError) and JSON keeps only its own enumerable properties, which is what the simulator hands on; pass its text, URL or attributes instead")
        }
        if let converted, converted.dictionaryValue == nil, converted != .null {
            converter.diagnostics.append(Diagnostic(.notPlistValue,
                "completionFunction received \(value.typeDescription == "object" ? "an array" : "a \(value.typeDescription)"), not an object; the extension receives it as-is, but handlers cast the results to a dictionary",
                file: file))
        }
        return Outcome(value: converted, diagnostics: converter.diagnostics)
    }

    /// Levels of arrays and objects converted; deeper values are left out with an error. No
    /// handler reads that deep, and Foundation's JSON writer refuses more than 512 levels in
    /// all (the transcript holds the results a few levels down).
    static let depthLimit = 256

    /// One conversion's state: what it found, how much text it took, where it is.
    struct Converter {
        let file: String?
        let characterLimit: Int
        let platformObjectView: (JavaScriptValue) -> PlatformObjectView?
        var diagnostics: [Diagnostic] = []
        var platformObjects: (first: String, interfaceName: String, count: Int)?
        var characters = 0
        var overLimit = false
        var tooDeep = false
        /// The budget ran out: nothing more is read.
        var stopped = false
        /// The arrays and objects being converted, outermost first: a value among them is a cycle.
        var visiting: [JavaScriptValue] = []

        init(file: String?, characterLimit: Int, platformObjectView: @escaping (JavaScriptValue) -> PlatformObjectView?) {
            self.file = file
            self.characterLimit = characterLimit
            self.platformObjectView = platformObjectView
        }

        mutating func warn(_ path: String, _ what: String) {
            diagnostics.append(Diagnostic(.notPlistValue, "\(path.isEmpty ? "the result" : "'\(path)'") \(what)", file: file))
        }

        mutating func convert(_ value: JavaScriptValue, path: String, inArray: Bool, depth: Int) -> PropertyListValue? {
            if stopped { return nil }
            if value.isUndefined {
                if inArray { warn(path, "is undefined; the extension receives NSNull"); return .null }
                warn(path, "is undefined; the key is missing in the dictionary the extension receives")
                return nil
            }
            if value.isNull {
                warn(path, "is null; the extension receives NSNull, which is not a property-list type (serialising it fails)")
                return .null
            }
            if value.isBoolean { return .boolean(value.booleanValue) }
            if value.isNumber {
                let number = value.numberValue
                if !number.isFinite {
                    warn(path, "is \(number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity"); NSNumber holds it but no property list can")
                }
                return .real(number)
            }
            if value.isString { return convertString(value, path: path, inArray: inArray) }
            if value.isSymbol {
                warn(path, "is a symbol; the extension receives \(inArray ? "NSNull" : "nothing")")
                return inArray ? .null : nil
            }
            if value.isFunction {
                warn(path, "is a function; it does not cross to the extension")
                return inArray ? .null : nil
            }
            if value.isDate {
                let milliseconds = value.context.dateMilliseconds(value)
                if milliseconds.isNaN { warn(path, "is an invalid Date"); return .null }
                return .date(Date(timeIntervalSince1970: milliseconds / 1000))
            }
            return convertContainer(value, path: path, inArray: inArray, depth: depth)
        }

        mutating func convertString(_ value: JavaScriptValue, path: String, inArray: Bool) -> PropertyListValue? {
            let length = value.stringLength
            if characters > characterLimit - length {
                if !overLimit {
                    overLimit = true
                    diagnostics.append(Diagnostic(.resultsTooLarge,
                        "the results hold more than \(characterLimit / 1_048_576) M characters of text (at '\(path)'); the simulator converts at most a quarter of --memory-limit, and leaves out the rest",
                        file: file))
                }
                return inArray ? .null : nil
            }
            characters += length
            return .string(value.stringValue)
        }

        /// Arrays and objects: cycles cut, nesting bounded, platform objects as WebKit's JSON.
        mutating func convertContainer(_ value: JavaScriptValue, path: String, inArray: Bool, depth: Int) -> PropertyListValue? {
            if visiting.contains(where: { $0.isSameValue(as: value) }) {
                warn(path, "refers back to an object that contains it (a cycle); the property list cannot hold it")
                return inArray ? .null : nil
            }
            if depth >= ResultConversion.depthLimit {
                if !tooDeep {
                    tooDeep = true
                    diagnostics.append(Diagnostic(.resultsTooDeep,
                        "the results nest arrays and objects deeper than \(ResultConversion.depthLimit) levels (at '\(path.prefix(80))…'); the simulator converts \(ResultConversion.depthLimit) levels and leaves out the rest",
                        file: file))
                }
                return inArray ? .null : nil
            }
            visiting.append(value)
            defer { visiting.removeLast() }
            if value.isArray {
                let length: Int
                do {
                    length = Int(exactly: try value.property("length").numberValue) ?? 0
                } catch {
                    stopped = stopped || error.timedOut
                    length = 0
                }
                var items: [PropertyListValue] = []
                items.reserveCapacity(min(length, 1 << 16))
                for index in 0..<length {
                    let element: JavaScriptValue
                    do { element = try value.property(at: index) } catch {
                        if error.timedOut { stopped = true; break }
                        element = value.context.undefined
                    }
                    items.append(convert(element, path: "\(path)[\(index)]", inArray: true, depth: depth + 1) ?? .null)
                    if stopped { break }
                }
                return .array(items)
            }
            let keys: [String]
            if let view = platformObjectView(value) {
                keys = view.keys
                if platformObjects == nil { platformObjects = (path, view.interfaceName, 0) }
                platformObjects!.count += 1
            } else {
                keys = value.enumerablePropertyNames
            }
            var entries: [String: PropertyListValue] = [:]
            for key in keys {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                let child: JavaScriptValue
                do { child = try value.property(key) } catch {
                    if error.timedOut { stopped = true; break }
                    warn(childPath, "could not be read: \(error)")
                    continue
                }
                if let converted = convert(child, path: childPath, inArray: false, depth: depth + 1) {
                    entries[key] = converted
                }
                if stopped { break }
            }
            return .dictionary(entries)
        }
    }

    /// Builds the JavaScript value finalize receives from a Foundation dictionary (the reverse
    /// bridge: NSDate → Date, NSNull → null, NSData → an empty object as JavaScriptCore makes it).
    static func javaScriptValue(_ value: PropertyListValue, in context: JavaScriptContext) throws(JavaScriptError) -> JavaScriptValue {
        switch value {
        case .string(let string): return context.string(string)
        case .integer(let number): return context.number(Double(number))
        case .real(let number): return context.number(number)
        case .boolean(let flag): return context.boolean(flag)
        case .date(let date):
            let dateConstructor = try context.globalObject.property("Date")
            return try context.evaluate("(function (ms) { return new Date(ms); })").call([context.number(date.timeIntervalSince1970 * 1000)], this: dateConstructor)
        case .data: return context.makeObject()
        case .null: return context.null
        case .array(let values): return try context.makeArray(values.map { (value) throws(JavaScriptError) in try javaScriptValue(value, in: context) })
        case .dictionary(let values):
            let object = context.makeObject()
            for key in values.keys.sorted() {
                try object.setProperty(key, try javaScriptValue(values[key]!, in: context))
            }
            return object
        }
    }
}
