import Foundation
import JavaScriptEngine

// Every call Swift makes into the DOM bundle's api, in one place: the members `install.js`
// declares, in its order (CONTRACT.md "api"; APIContractTests checks the three agree).
extension PageContext {
    public func setPhase(_ phase: String) throws(JavaScriptError) {
        try api.invoke("setPhase", [javaScript.string(phase)])
    }

    /// Selects the `occurrence`-th match of `text`; false if the page has no such text.
    public func selectText(_ text: String, occurrence: Int = 1) throws(JavaScriptError) -> Bool {
        try api.invoke("selectText", [javaScript.string(text), javaScript.number(Double(occurrence))]).booleanValue
    }

    public func selectElementContents(selector: String) throws(JavaScriptError) -> Bool {
        try api.invoke("selectElementContents", [javaScript.string(selector)]).booleanValue
    }

    /// Selects from character `startOffset` of the first element matching `startSelector` to
    /// character `endOffset` of the first matching `endSelector` (offsets into the element's
    /// text content); false if an element is missing, an offset is past its text, or the start
    /// is after the end.
    public func selectRange(startSelector: String, startOffset: Int, endSelector: String, endOffset: Int) throws(JavaScriptError) -> Bool {
        try api.invoke("selectRange", [javaScript.string(startSelector), javaScript.number(Double(startOffset)),
                                       javaScript.string(endSelector), javaScript.number(Double(endOffset))]).booleanValue
    }

    /// The events recorded since the last call (console, dialogs, navigations, unsupported APIs).
    public func takeEvents() throws(JavaScriptError) -> [PageEvent] {
        let json = try api.invoke("takeEvents").stringValue
        return decodedArray(json)
    }

    /// How a platform object (node, collection, window…) crosses the results bridge: its
    /// interface name and the own enumerable keys WebKit keeps of it; nil for any other value.
    func platformObjectView(_ value: JavaScriptValue) -> ResultConversion.PlatformObjectView? {
        guard value.isObject, let view = try? api.invoke("platformObjectView", [value]), view.isObject,
              let name = try? view.property("interfaceName").stringValue,
              let keys = try? view.property("keys") else { return nil }
        let count = Int((try? keys.property("length").numberValue) ?? 0)
        return ResultConversion.PlatformObjectView(
            interfaceName: name, keys: (0..<count).compactMap { try? keys.property(at: $0).stringValue })
    }

    /// `document.documentElement.outerHTML`.
    public func documentHTML() throws(JavaScriptError) -> String {
        try api.invoke("documentHTML").stringValue
    }

    /// How many of the page's parsed elements its scripts have reached so far (the document is
    /// built on demand: `DOM/js/CONTRACT.md`), of how many the parser made; (0, 0) for a page
    /// built at once.
    public func parsedElementCounts() throws(JavaScriptError) -> (made: Int, parsed: Int) {
        let counts = try api.invoke("parsedElementCounts")
        return (Int(try counts.property(at: 0).numberValue), Int(try counts.property(at: 1).numberValue))
    }

    /// Runs the next task (timer, animation frame, network answer) on the virtual clock if it is
    /// due at or before `budgetMilliseconds` (a virtual time, milliseconds since the page
    /// started); false when none is. Microtasks run when the call returns.
    public func runNextTask(budgetMilliseconds: Double) throws(JavaScriptError) -> Bool {
        try api.invoke("runNextTask", [javaScript.number(budgetMilliseconds)]).booleanValue
    }

    /// What the event loop still holds.
    public enum PendingWork: String, Sendable {
        /// No task: nothing could call back.
        case none
        /// Only `setInterval` timers.
        case onlyIntervals = "only-intervals"
        /// A timeout, animation frame, idle callback or network answer.
        case tasks
    }

    public func pendingWork() throws(JavaScriptError) -> PendingWork {
        PendingWork(rawValue: try api.invoke("pendingWork").stringValue) ?? .none
    }

    /// Milliseconds of virtual time since the page started.
    public func virtualTime() throws(JavaScriptError) -> Double {
        try api.invoke("virtualTime").numberValue
    }

    /// The network requests made since the last call (none reached the network).
    public func takeRequests() throws(JavaScriptError) -> [Transcript.Request] {
        let json = try api.invoke("takeRequests").stringValue
        return decodedArray(json)
    }

    /// A classic script of the page: inline (`src` nil) or external with a fixture.
    public struct PageScript: Decodable, Sendable {
        public var text: String
        public var src: String?
    }

    /// The page's classic scripts in document order (external ones only when a fixture has them).
    public func pageScripts() throws(JavaScriptError) -> [PageScript] {
        let json = try api.invoke("pageScripts").stringValue
        return decodedArray(json)
    }

    /// The page script at `index` of `pageScripts()` runs next: the parser's insertion point
    /// (where `document.write` puts its markup) is just after it.
    public func startPageScript(_ index: Int) throws(JavaScriptError) {
        try api.invoke("startPageScript", [javaScript.number(Double(index))])
    }

    /// Fires DOMContentLoaded and load, as a page whose scripts ran has seen.
    public func finishPageLoad() throws(JavaScriptError) {
        try api.invoke("finishPageLoad")
    }

    // MARK: The trace

    /// Starts recording trace events and finalize's DOM mutations (MutationLog.js).
    func startTrace(realStart: Double) throws(JavaScriptError) {
        try api.invoke("startTrace", [javaScript.number(realStart)])
    }

    /// The trace events recorded since the last call, as a JSON array.
    func takeTraceJSON() throws(JavaScriptError) -> String? {
        try api.invoke("takeTrace").stringValue
    }

    /// The DOM mutations recorded during finalize since the last call.
    public func takeMutations() throws(JavaScriptError) -> [DOMMutation] {
        let json = try api.invoke("takeMutations").stringValue
        return decodedArray(json)
    }

    /// Where the page's code is on the current stack (called from a native function JS called).
    func scriptCallerLocation() -> SourceLocation? {
        guard let json = try? api.invoke("scriptLocation").stringValue else { return nil }
        return try? JSONDecoder().decode(SourceLocation?.self, from: Data(json.utf8))
    }

    /// A JavaScript value as JavaScript holds it (functions, undefined, NaN and cycles shown).
    func describeForTrace(_ value: JavaScriptValue) -> String {
        guard let text = try? api.invoke("describeValue", [value]).stringValue else {
            return value.jsonString() ?? value.typeDescription
        }
        return text
    }
}

/// The array `json` holds, or none when it is not one: most pages record no events, requests or
/// mutations, and JSONDecoder's first use in a process (its type metadata and protocol lookups)
/// costs more than a one-page run's whole handler stage.
func decodedArray<Element: Decodable>(_ json: String) -> [Element] {
    if json == "[]" || json.isEmpty { return [] }
    return (try? JSONDecoder().decode([Element].self, from: Data(json.utf8))) ?? []
}
