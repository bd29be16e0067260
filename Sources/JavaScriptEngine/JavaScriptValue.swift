import CJavaScriptCore

/// A JavaScript value, protected from the garbage collector while this object lives.
public final class JavaScriptValue {
    public let context: JavaScriptContext
    let ref: JSValueRef

    init(_ ref: JSValueRef, in context: JavaScriptContext) {
        self.ref = ref
        self.context = context
        JSValueProtect(context.ref, ref)
    }

    deinit {
        JSValueUnprotect(context.ref, ref)
    }

    private var ctx: JSGlobalContextRef { context.ref }

    // MARK: Type

    public var isUndefined: Bool { JSValueIsUndefined(ctx, ref) }
    public var isNull: Bool { JSValueIsNull(ctx, ref) }
    public var isBoolean: Bool { JSValueIsBoolean(ctx, ref) }
    public var isNumber: Bool { JSValueIsNumber(ctx, ref) }
    public var isString: Bool { JSValueIsString(ctx, ref) }
    public var isSymbol: Bool { JSValueIsSymbol(ctx, ref) }
    public var isObject: Bool { JSValueIsObject(ctx, ref) }
    public var isArray: Bool { JSValueIsArray(ctx, ref) }
    public var isDate: Bool { JSValueIsDate(ctx, ref) }
    public var isFunction: Bool {
        guard let object = objectRef else { return false }
        return JSObjectIsFunction(ctx, object)
    }

    private var objectRef: JSObjectRef? {
        guard isObject else { return nil }
        return JSValueToObject(ctx, ref, nil)
    }

    // MARK: Conversions

    /// The value as a JavaScriptCore string. An object's conversion runs its `toString` or
    /// `valueOf`, under the watchdog like any other call.
    private func stringCopy() -> JSStringRef? {
        guard isObject else { return JSValueToStringCopy(ctx, ref, nil) }
        return context.attempting { exception in JSValueToStringCopy(ctx, ref, exception) }
    }

    /// `String(value)`; a value whose conversion throws (or is stopped) gives "".
    public var stringValue: String {
        guard let string = stringCopy() else { return "" }
        return JavaScriptContext.string(consuming: string)
    }

    /// The length, in UTF-16 code units, of the value as a string (without copying it out).
    public var stringLength: Int {
        guard let string = stringCopy() else { return 0 }
        defer { JSStringRelease(string) }
        return JSStringGetLength(string)
    }

    /// The value as a string's UTF-16 code units, exactly (lone surrogates kept, unlike
    /// `stringValue`): what the HTML parser reads `innerHTML` input as.
    public var utf16Units: [UInt16] {
        guard let string = stringCopy() else { return [] }
        defer { JSStringRelease(string) }
        let length = JSStringGetLength(string)
        guard length > 0, let characters = JSStringGetCharactersPtr(string) else { return [] }
        return Array(UnsafeBufferPointer(start: characters, count: length))
    }

    public var numberValue: Double {
        guard isObject else { return JSValueToNumber(ctx, ref, nil) }
        return context.attempting { exception in JSValueToNumber(ctx, ref, exception) } ?? .nan
    }
    public var booleanValue: Bool { JSValueToBoolean(ctx, ref) }

    /// `JSON.stringify(value)`, nil where it has no JSON (undefined, functions), throws or is
    /// stopped (a `toJSON` runs under the watchdog).
    public func jsonString(indent: UInt32 = 0) -> String? {
        guard let string = context.attempting({ exception in JSValueCreateJSONString(ctx, ref, indent, exception) }) else { return nil }
        return JavaScriptContext.string(consuming: string)
    }

    /// `JSON.stringify(value)`, nil where it has no JSON; throws what a `toJSON` threw, or the
    /// watchdog's stop.
    public func json(indent: UInt32 = 0) throws(JavaScriptError) -> String? {
        // Wrapped once more: no JSON (undefined, a function) is an answer here, not a failure.
        let made: JSStringRef? = try context.trying { exception in .some(JSValueCreateJSONString(ctx, ref, indent, exception)) }
        guard let string = made else { return nil }
        return JavaScriptContext.string(consuming: string)
    }

    // MARK: Properties and calls

    public func property(_ name: String) throws(JavaScriptError) -> JavaScriptValue {
        guard let object = objectRef else { return context.undefined }
        return try context.withJSString(name) { (key) throws(JavaScriptError) in
            // A getter that throws leaves no value (NULL) and the exception: `trying` throws it.
            try context.trying { exception in
                JSObjectGetProperty(ctx, object, key, exception).map { JavaScriptValue($0, in: context) }
            }
        }
    }

    public func property(at index: Int) throws(JavaScriptError) -> JavaScriptValue {
        guard let object = objectRef else { return context.undefined }
        return try context.trying { exception in
            JSObjectGetPropertyAtIndex(ctx, object, UInt32(index), exception).map { JavaScriptValue($0, in: context) }
        }
    }

    public func setProperty(_ name: String, _ value: JavaScriptValue, readOnly: Bool = false, enumerable: Bool = true) throws(JavaScriptError) {
        guard let object = objectRef else { return }
        var attributes = JSPropertyAttributes(kJSPropertyAttributeNone)
        if readOnly { attributes |= JSPropertyAttributes(kJSPropertyAttributeReadOnly) }
        if !enumerable { attributes |= JSPropertyAttributes(kJSPropertyAttributeDontEnum) }
        try context.withJSString(name) { (key) throws(JavaScriptError) in
            _ = try context.trying { exception -> Bool? in
                JSObjectSetProperty(ctx, object, key, value.ref, attributes, exception)
                return true
            }
        }
    }

    /// `name in value`; a proxy's `has` trap runs under the watchdog (false when stopped).
    public func hasProperty(_ name: String) -> Bool {
        guard let object = objectRef else { return false }
        return context.withJSString(name) { key in context.attempting { _ in JSObjectHasProperty(ctx, object, key) } ?? false }
    }

    /// The names of the object's enumerable properties, as `for…in` sees them (this is also how
    /// JavaScriptCore's Objective-C bridge reads a dictionary).
    /// A proxy's `ownKeys` and `getOwnPropertyDescriptor` traps run under the watchdog (no
    /// names when stopped).
    public var enumerablePropertyNames: [String] {
        guard let object = objectRef, let names = context.attempting({ _ in JSObjectCopyPropertyNames(ctx, object) }) else { return [] }
        defer { JSPropertyNameArrayRelease(names) }
        let count = JSPropertyNameArrayGetCount(names)
        var result: [String] = []
        result.reserveCapacity(count)
        for i in 0..<count {
            let name = JSPropertyNameArrayGetNameAtIndex(names, i)!
            JSStringRetain(name)
            result.append(JavaScriptContext.string(consuming: name))
        }
        return result
    }

    /// Calls the value as a function with `this` (undefined when nil).
    @discardableResult
    public func call(_ arguments: [JavaScriptValue] = [], this: JavaScriptValue? = nil) throws(JavaScriptError) -> JavaScriptValue {
        guard let function = objectRef, JSObjectIsFunction(ctx, function) else {
            throw JavaScriptError(name: "TypeError", message: "\(typeDescription) is not a function", sourceURL: nil,
                                  line: nil, column: nil, stack: nil, timedOut: false)
        }
        let thisObject = this.flatMap { $0.isObject ? JSValueToObject(ctx, $0.ref, nil) : nil }
        let refs: [JSValueRef?] = arguments.map { $0.ref }
        return try refs.withUnsafeBufferPointer { (buffer) throws(JavaScriptError) in
            try context.trying { exception in
                JSObjectCallAsFunction(ctx, function, thisObject, arguments.count, buffer.baseAddress, exception)
                    .map { JavaScriptValue($0, in: context) }
            }
        }
    }

    /// Calls the method `name` of this object.
    @discardableResult
    public func invoke(_ name: String, _ arguments: [JavaScriptValue] = []) throws(JavaScriptError) -> JavaScriptValue {
        try property(name).call(arguments, this: self)
    }

    /// Identity (`===` on objects).
    public func isSameValue(as other: JavaScriptValue) -> Bool {
        JSValueIsStrictEqual(ctx, ref, other.ref)
    }

    /// `typeof`-like description for messages.
    public var typeDescription: String {
        switch JSValueGetType(ctx, ref) {
        case kJSTypeUndefined: return "undefined"
        case kJSTypeNull: return "null"
        case kJSTypeBoolean: return "boolean"
        case kJSTypeNumber: return "number"
        case kJSTypeString: return "string"
        case kJSTypeSymbol: return "symbol"
        default: return isFunction ? "function" : "object"
        }
    }
}
