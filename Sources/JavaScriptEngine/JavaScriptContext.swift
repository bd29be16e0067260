import CJavaScriptCore
import Foundation

// Ownership rules of the JavaScriptCore wrapper, in one place:
// - `JavaScriptVirtualMachine` owns a JSContextGroupRef (one JSC VM: heap, code cache, watchdog).
//   Contexts made from the same machine share compiled code, so the DOM bundle is compiled once
//   per process, not once per page.
// - `JavaScriptContext` owns a JSGlobalContextRef and keeps its machine alive.
// - `JavaScriptValue` protects its JSValueRef from the garbage collector for as long as the Swift
//   object lives, and keeps its context alive. Raw refs never leave this folder.
// - JSStringRef is only created inside `withJSString` / read by `string(from:)`, which release it,
//   or held by a `JavaScriptSource` (a text evaluated again and again, such as the DOM bundle),
//   which releases it in deinit; an OpaqueJSString is immutable, so contexts share it.
// - A parsed script (JSScriptRef, `keepParsed`) is owned by its machine, which also holds the
//   source whose ASCII copy the script points into, and releases the script in deinit.
// - A Swift closure exposed as a JS function is boxed in the function object's private data and
//   released by the class finalizer; the box holds its context `unowned`, so no cycle keeps a
//   context alive, and there is no global registry.
// - Every call that can throw goes through `trying`, which owns the exception out-parameter.

/// A script's text and URL converted to JavaScriptCore strings once, for a script every page
/// evaluates (the DOM bundle): converting its 400 KB cost about 1 ms per page.
public final class JavaScriptSource: @unchecked Sendable {
    // Immutable after init; JavaScriptCore's strings are safe to share between contexts and threads.
    fileprivate let text: JSStringRef
    fileprivate let url: JSStringRef
    /// The line number of the text's first line (a program that continues another's numbering).
    fileprivate let firstLine: Int32

    public init(_ text: String, sourceURL: String, firstLine: Int = 1) {
        self.text = text.withCString { JSStringCreateWithUTF8CString($0) }!
        self.url = sourceURL.withCString { JSStringCreateWithUTF8CString($0) }!
        self.firstLine = Int32(firstLine)
    }

    private let asciiLock = NSLock()
    private var asciiMade = false
    private var ascii: UnsafeMutableBufferPointer<CChar>?

    /// The text as ASCII bytes that live as long as this source (a parsed script keeps a pointer
    /// to them), made on first use; nil when the text is not ASCII.
    fileprivate func asciiText() -> UnsafeMutableBufferPointer<CChar>? {
        asciiLock.lock()
        defer { asciiLock.unlock() }
        if !asciiMade {
            asciiMade = true
            let capacity = JSStringGetMaximumUTF8CStringSize(text)
            let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: capacity)
            let written = JSStringGetUTF8CString(text, buffer.baseAddress, capacity)
            let bytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<max(written - 1, 0)])
            if bytes.allSatisfy({ $0 >= 0 }) { ascii = bytes } else { buffer.deallocate() }
        }
        return ascii
    }

    deinit {
        JSStringRelease(text)
        JSStringRelease(url)
        ascii?.baseAddress.map { $0.deallocate() }
    }
}

/// JavaScriptCore's parsed scripts (`JSScriptRef`, declared in its JSScriptRefPrivate.h, which
/// the GTK build exports but does not install), looked up at run time: without them a source is
/// evaluated from its text every time, as before.
struct ParsedScriptFunctions {
    typealias Create = @convention(c) (JSContextGroupRef?, JSStringRef?, Int32, UnsafePointer<CChar>?, Int,
                                       UnsafeMutablePointer<JSStringRef?>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    typealias Evaluate = @convention(c) (JSContextRef?, OpaquePointer?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    typealias Release = @convention(c) (OpaquePointer?) -> Void
    let create: Create
    let evaluate: Evaluate
    let release: Release

    static let shared: ParsedScriptFunctions? = {
        let library = dlopen(nil, RTLD_NOW)
        guard let create = dlsym(library, "JSScriptCreateReferencingImmortalASCIIText"),
              let evaluate = dlsym(library, "JSScriptEvaluate"),
              let release = dlsym(library, "JSScriptRelease") else { return nil }
        return ParsedScriptFunctions(create: unsafeBitCast(create, to: Create.self),
                                     evaluate: unsafeBitCast(evaluate, to: Evaluate.self),
                                     release: unsafeBitCast(release, to: Release.self))
    }()
}

/// One JavaScriptCore virtual machine (a context group): shared heap and code cache, and the
/// watchdog that stops scripts running longer than `executionTimeLimit`.
///
/// One thread at a time: the watchdog's state (the running call's budget, why it stopped) is
/// the machine's, so two threads evaluating in contexts of one machine stop each other's
/// scripts. `Simulator` serialises its runs; code that also builds pages on its machine must
/// take turns with them.
public final class JavaScriptVirtualMachine {
    let group: JSContextGroupRef
    fileprivate let watchdog = Watchdog()

    public init() {
        _ = Self.engineOptions
        group = JSContextGroupCreate()
    }

    /// JavaScriptCore reads its options from `JSC_*` environment variables once, when the first
    /// VM is made. A page lives for milliseconds in a realm of its own, so most of its code never
    /// repays the optimizing (DFG) compiler, which compiles on a background thread code thrown
    /// away with the page; but a script that walks a big page runs the DOM's loops hundreds of
    /// thousands of times, and there it pays. So the DFG starts only for code 30 times hotter
    /// than JavaScriptCore's default asks (1,000 → 30,000). Measured on 2 cores against the
    /// default and against no DFG at all: wikipedia-2's DOM walk 407–412 ms (default 422–546,
    /// none 664–691), the median probe case and the `--jobs 2` suite within noise of the best.
    /// A user's own `JSC_*` settings win: they are set through JavaScriptCore's options API
    /// only when the environment does not name them. Not with `setenv`: another thread may be
    /// reading the environment then (a dispatch thread starting `ProcessInfo`'s copy of it), and
    /// `setenv` can move the environment's array under the reader (a test process crashed so).
    ///
    /// Traps are polled, not signalled. The watchdog's timer fires on wall-clock time even after
    /// the script it was armed for has returned; with signal-based traps JavaScriptCore then
    /// keeps interrupting the thread that holds the engine's lock until it reaches a trap check,
    /// and a thread that holds it while waiting for input (paused at `debugger;`, the REPL) spins
    /// at full CPU and never finishes its read. Polled traps are checked only where JavaScript
    /// runs, so a timer that fires in between costs nothing.
    ///
    /// A context group's heap is a small one, which JavaScriptCore first collects after 1 MB of
    /// allocation. Making a realm with the DOM and a median page allocates 3–4 MB, nearly all of
    /// it live until the page is released, so a one-page process collected twice (1–3 ms each,
    /// logged with `JSC_logGC=1`) to free almost nothing. The first collection waits for 8 MB;
    /// after it the heap grows and is collected as JavaScriptCore decides, and a process that
    /// runs page after page collects between pages anyway.
    private static let engineOptions: Void = {
        func userLeft(_ option: String) -> Bool { getenv("JSC_" + option) == nil }
        if userLeft("thresholdForOptimizeAfterWarmUp") { _ = jsc_options_set_int("thresholdForOptimizeAfterWarmUp", Int32(optimizeAfterWarmUp)) }
        if userLeft("usePollingTraps") { _ = jsc_options_set_boolean("usePollingTraps", 1) }
        if userLeft("smallHeapSize") { _ = jsc_options_set_uint("smallHeapSize", 8 << 20) }
    }()

    /// The values JavaScriptCore runs with for the options `engineOptions` sets (for tests).
    static func engineOptionValues() -> (optimizeAfterWarmUp: Int, pollingTraps: Bool, smallHeapSize: Int) {
        var threshold: Int32 = 0, polling: Int32 = 0, size: UInt32 = 0
        _ = jsc_options_get_int("thresholdForOptimizeAfterWarmUp", &threshold)
        _ = jsc_options_get_boolean("usePollingTraps", &polling)
        _ = jsc_options_get_uint("smallHeapSize", &size)
        return (Int(threshold), polling != 0, Int(size))
    }

    /// How many times hotter than JavaScriptCore's default (1,000) code must run before the
    /// optimizing compiler takes it (engineOptions).
    nonisolated(unsafe) private static var optimizeAfterWarmUp = 30_000

    /// For a process that runs page after page while others run theirs on the same cores (a
    /// suite's workers): the optimizing compiler starts only for code 150 times hotter than
    /// JavaScriptCore's default. Its work on one page's code is thrown away with the page, and
    /// there is no idle core to do it on: the shared pages × 2 scripts suite with `--jobs 2`
    /// took 2.06 s (median of 5) against 2.51 s at 30 times, the same as with no optimizing
    /// compiler at all (2.08 s); with `--jobs 1` the three were within noise. Call it before
    /// the first machine is made; a user's own `JSC_thresholdForOptimizeAfterWarmUp` wins.
    public static func optimizeLaterForSharedCores() {
        optimizeAfterWarmUp = 150_000
    }

    /// The sources this machine keeps parsed (`keepParsed`), each with its script; the source
    /// is held so that the text its script points into lives as long as the script.
    private var parsedScripts: [ObjectIdentifier: (source: JavaScriptSource, script: OpaquePointer)] = [:]

    /// Keeps `source` parsed for this machine's later evaluations of it. Each evaluation of a
    /// text copies it and hashes the copy to find the compiled code (0.5–0.6 ms for the 427 KB
    /// DOM core, 11% of making a realm); a parsed script holds the text once, its hash computed
    /// once. Making one parses the text in full (8–14 ms for the core), so a process that makes
    /// realm after realm asks for it, not a process that makes one. Does nothing for a text
    /// that is not ASCII, does not parse, continues another's line numbering (a parsed script
    /// numbers its lines from 1 whatever line it is told it starts on), or when JavaScriptCore
    /// lacks the functions.
    public func keepParsed(_ source: JavaScriptSource) {
        guard source.firstLine == 1, parsedScripts[ObjectIdentifier(source)] == nil,
              let functions = ParsedScriptFunctions.shared, let text = source.asciiText() else { return }
        // A text that does not parse gives no script (its error is found when it is evaluated).
        let script = functions.create(group, source.url, source.firstLine, text.baseAddress, text.count, nil, nil)
        if let script { parsedScripts[ObjectIdentifier(source)] = (source, script) }
    }

    /// The script `keepParsed` made for `source`, if any.
    func parsedScript(for source: JavaScriptSource) -> OpaquePointer? {
        parsedScripts[ObjectIdentifier(source)]?.script
    }

    deinit {
        if let functions = ParsedScriptFunctions.shared {
            for (_, entry) in parsedScripts { functions.release(entry.script) }
        }
        if let placeholder = placeholderContext {
            if let function = placeholderFunction { JSValueUnprotect(placeholder, function) }
            if let drainFunction { JSValueUnprotect(placeholder, drainFunction) }
            JSGlobalContextRelease(placeholder)
        }
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }

    private var placeholderContext: JSGlobalContextRef?
    private var placeholderFunction: JSObjectRef?

    /// A do-nothing function that belongs to a context of its own, which lives as long as the
    /// machine. A context's unhandled-rejection callback is a strong root; pointing it here
    /// before the context is released lets the page's global object be collected.
    var detachedFunction: JSObjectRef? {
        if placeholderFunction == nil {
            let context = JSGlobalContextCreateInGroup(group, nil)!
            placeholderContext = context
            let source = JSStringCreateWithUTF8CString("(function () {})")
            defer { JSStringRelease(source) }
            if let value = JSEvaluateScript(context, source, nil, nil, 1, nil), let object = JSValueToObject(context, value, nil) {
                JSValueProtect(context, object)
                placeholderFunction = object
            }
        }
        return placeholderFunction
    }

    /// Collects garbage now, in full, before returning. A released page's global object is
    /// only garbage to JavaScriptCore, whose collector runs when allocation grows the heap; a
    /// process that builds page after page would grow by megabytes per page until it did.
    /// Collecting between pages keeps the heap at one page's size (and is cheap then: little
    /// is live).
    public func collectGarbage() {
        fullCollections += 1
        _ = detachedFunction
        if let context = placeholderContext { JSSynchronousGarbageCollectForDebugging(context) }
    }

    /// How many times `collectGarbage` ran (tests check that a simulator collects between runs).
    private(set) var fullCollections = 0

    /// The most memory (resident bytes of the whole process) scripts may take before the
    /// watchdog stops them; 0 for no limit. A script that allocates without end is stopped as
    /// it crosses this line, with `JavaScriptError.memoryLimitExceeded`, instead of the process
    /// being killed for running out of memory.
    public var memoryLimit = 0

    /// Arms the watchdog: the next script or call that runs longer than `seconds` of CPU time
    /// is terminated and reported as `JavaScriptError.timedOut`. JavaScriptCore calls the
    /// watchdog back every `Watchdog.tick` of CPU time the script runs, which is where the
    /// memory is looked at; returning false lets the script run another tick.
    func armExecutionTimeLimit(seconds: Double) {
        watchdog.stop = nil
        watchdog.deadline = Watchdog.threadCPUTime() + seconds
        watchdog.memoryLimit = memoryLimit
        watchdog.group = group
        JSContextGroupSetExecutionTimeLimit(group, min(seconds, Watchdog.tick), Watchdog.callback,
                                            Unmanaged.passUnretained(watchdog).toOpaque())
    }

    private var drainFunction: JSObjectRef?

    /// Runs the promise jobs (microtasks) the last call queued, inside a call of their own, so
    /// the watchdog's limit covers them. JavaScriptCore otherwise runs them when a call releases
    /// the engine's lock, each job a new entry into the engine with a fresh limit of its own:
    /// a job that queues the next one (`function f() { Promise.resolve().then(f) } f()`) never
    /// ended. Only while the caller holds the lock (`EngineInternals.LockHolder`), or the
    /// release would have run them already. Does nothing when JavaScriptCore lacks the function.
    func drainJobs() {
        guard EngineInternals.drainMicrotasks != nil else { return }
        _ = detachedFunction
        guard let context = placeholderContext else { return }
        if drainFunction == nil {
            drainFunction = JSObjectMakeFunctionWithCallback(context, nil) { ctx, _, _, _, _, _ in
                // A C API callback runs with the lock dropped; the drain needs it.
                if let ctx, let group = JSContextGetGroup(ctx), let drain = EngineInternals.drainMicrotasks {
                    let holder = EngineInternals.LockHolder(group)
                    drain(UnsafeRawPointer(group))
                    holder?.release()
                }
                return JSValueMakeUndefined(ctx)
            }
            if let drainFunction { JSValueProtect(context, drainFunction) }
        }
        guard let drainFunction else { return }
        _ = JSObjectCallAsFunction(context, drainFunction, nil, 0, nil, nil)
    }
}

/// JavaScriptCore's own functions past the C API, which the library exports but the GTK headers
/// do not declare, looked up at run time (`dlsym`); each is nil when the library lacks it.
enum EngineInternals {
    static let library = dlopen("libjavascriptcoregtk-4.1.so.0", RTLD_NOW | RTLD_NOLOAD) ?? dlopen(nil, RTLD_NOW)

    static func function<T>(_ symbol: String, as type: T.Type) -> T? {
        guard let library, let address = dlsym(library, symbol) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// `JSC::VM::drainMicrotasks()`: runs the queued promise jobs, in the caller's entry into
    /// the engine when there is one.
    static let drainMicrotasks = function("_ZN3JSC2VM15drainMicrotasksEv", as: (@convention(c) (UnsafeRawPointer) -> Void).self)

    /// `JSC::JSLockHolder::JSLockHolder(VM&)` and `~JSLockHolder()`: the engine's lock, held
    /// across several C API calls, or taken again inside a C API callback (which runs with it
    /// dropped) for a call past the C API.
    final class LockHolder {
        private typealias Take = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
        private typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
        private static let functions: (take: Take, release: Release)? = {
            guard let take = EngineInternals.function("_ZN3JSC12JSLockHolderC1ERNS_2VME", as: Take.self),
                  let release = EngineInternals.function("_ZN3JSC12JSLockHolderD1Ev", as: Release.self) else { return nil }
            return (take, release)
        }()

        /// A JSLockHolder is one RefPtr<VM>; 64 bytes leave room to spare.
        private let storage = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        private var held = true

        /// Takes the lock of `group`'s VM (a JSContextGroupRef is the VM, APICast.h); nil when
        /// the library lacks the functions.
        init?(_ group: JSContextGroupRef) {
            guard let functions = Self.functions else { storage.deallocate(); return nil }
            functions.take(storage, UnsafeRawPointer(group))
        }

        /// Releases the lock: when no other holder is left, JavaScriptCore runs the queued
        /// promise jobs now.
        func release() {
            guard held else { return }
            held = false
            Self.functions?.release(storage)
        }

        deinit {
            release()
            storage.deallocate()
        }
    }
}

/// Decides, each tick of a script's CPU time, whether it must stop: its time is up, or the
/// process holds more memory than allowed.
final class Watchdog {
    enum Stop { case time, memory }

    /// CPU seconds between two looks.
    static let tick = 0.05
    /// Why the watchdog stopped the last script, if it did.
    var stop: Stop?
    /// The thread's CPU time (`threadCPUTime`) at which the running call, or the budget of
    /// `withExecutionBudget`, is spent. CPU time, not ticks counted: a budget covers many calls,
    /// each shorter than a tick.
    var deadline = 0.0
    var memoryLimit = 0
    var group: JSContextGroupRef?
    /// How many `trying` calls are under way (native functions called from scripts nest them),
    /// plus one for a running `withExecutionBudget`.
    var depth = 0
    /// The depth of the calls that own the limit: 0, or 1 inside `withExecutionBudget`, whose
    /// calls share its budget. Deeper calls are made by native functions a script called.
    var budgetDepth = 0
    /// The budget of the running `withExecutionBudget`, for its message.
    var budgetSeconds = 0.0

    var remaining: Double { deadline - Self.threadCPUTime() }

    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func shouldStop() -> Bool {
        if remaining <= 1e-9 { stop = .time; return true }
        if memoryLimit > 0, ResidentMemory.bytes() > memoryLimit { stop = .memory; return true }
        return false
    }

    /// JavaScriptCore's execution-time-limit callback. A callback that lets the script go on
    /// must set the limit again itself: this build does not restart the timer otherwise.
    static let callback: JSShouldTerminateCallback = { _, opaque in
        guard let opaque else { return true }
        let watchdog = Unmanaged<Watchdog>.fromOpaque(opaque).takeUnretainedValue()
        if watchdog.shouldStop() { return true }
        if let group = watchdog.group {
            JSContextGroupSetExecutionTimeLimit(group, min(watchdog.remaining, Watchdog.tick), Watchdog.callback, opaque)
        }
        return false
    }
}

/// The process's resident memory, from `/proc/self/statm` (a few microseconds).
public enum ResidentMemory {
    public static func bytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 127) }
        guard count > 0 else { return 0 }
        // "size resident shared …" in pages: the second field.
        let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// An error thrown by JavaScript, or the termination of a script by the time limit.
public struct JavaScriptError: Error, CustomStringConvertible, Equatable, Sendable {
    public var name: String
    public var message: String
    public var sourceURL: String?
    public var line: Int?
    public var column: Int?
    public var stack: String?
    /// True when the watchdog stopped the script, not the script itself.
    public var timedOut: Bool
    /// The watchdog stopped it because the process took more memory than allowed.
    public var memoryLimitExceeded = false

    public var description: String { "\(name): \(message)" }
}

/// A JavaScript global object (a page's `window`) and the API to run code in it.
public final class JavaScriptContext {
    public let machine: JavaScriptVirtualMachine
    let ref: JSGlobalContextRef
    /// CPU seconds a single top-level evaluation or call may run.
    public var executionTimeLimit: Double = 5

    public init(machine: JavaScriptVirtualMachine = JavaScriptVirtualMachine()) {
        self.machine = machine
        ref = JSGlobalContextCreateInGroup(machine.group, nil)
        let source = JSStringCreateWithUTF8CString("Date.prototype.getTime")
        defer { JSStringRelease(source) }
        dateGetTime = JSEvaluateScript(ref, source, nil, nil, 1, nil).flatMap { JSValueToObject(ref, $0, nil) }
        if let dateGetTime { JSValueProtect(ref, dateGetTime) }
    }

    /// `Date.prototype.getTime` as the realm made it, before any script could replace it:
    /// reading a Date's time the way JavaScriptCore's own bridge does, whatever the page did.
    /// A raw protected ref, not a `JavaScriptValue`: a value holds its context, and the context
    /// holding the value would keep every page alive.
    private var dateGetTime: JSObjectRef?

    /// A Date's milliseconds since 1970 (NaN for an invalid Date or a value that is no Date).
    public func dateMilliseconds(_ date: JavaScriptValue) -> Double {
        guard let dateGetTime, let time = try? JavaScriptValue(dateGetTime, in: self).call([], this: date), time.isNumber else { return .nan }
        return time.numberValue
    }

    /// Set when an unhandled-rejection callback was installed (it must be detached on release).
    var hasRejectionCallback = false

    deinit {
        // The callback is held by a strong handle, a GC root that would keep this global
        // object (and the whole page) alive forever: point it at the machine's placeholder.
        if hasRejectionCallback, let function = machine.detachedFunction {
            JSGlobalContextSetUnhandledRejectionCallback(ref, function, nil)
        }
        if let dateGetTime { JSValueUnprotect(ref, dateGetTime) }
        JSGlobalContextRelease(ref)
    }

    /// The global object (`globalThis`).
    public var globalObject: JavaScriptValue {
        JavaScriptValue(JSContextGetGlobalObject(ref), in: self)
    }

    /// Asks the collector to run; used between cases that share a machine.
    public func collectGarbage() {
        JSGarbageCollect(ref)
    }

    // MARK: Evaluating

    /// Evaluates `source` as a classic script. `sourceURL` names it in stacks and errors.
    @discardableResult
    public func evaluate(_ source: String, sourceURL: String? = nil, startingLine: Int = 1) throws(JavaScriptError) -> JavaScriptValue {
        try withJSString(source) { (script) throws(JavaScriptError) in
            try withOptionalJSString(sourceURL) { (url) throws(JavaScriptError) in
                try trying { exception in
                    JSEvaluateScript(ref, script, nil, url, Int32(startingLine), exception)
                        .map { JavaScriptValue($0, in: self) }
                }
            }
        }
    }

    /// Evaluates a source made once for many contexts (no text conversion per call; no copy of
    /// the text either when the machine keeps it parsed).
    public func evaluate(_ source: JavaScriptSource) throws(JavaScriptError) -> JavaScriptValue {
        if let script = machine.parsedScript(for: source), let functions = ParsedScriptFunctions.shared {
            return try trying { exception in
                functions.evaluate(ref, script, nil, exception).map { JavaScriptValue($0, in: self) }
            }
        }
        return try trying { exception in
            JSEvaluateScript(ref, source.text, nil, source.url, source.firstLine, exception).map { JavaScriptValue($0, in: self) }
        }
    }

    /// Checks `source` for syntax errors without running it.
    public func checkSyntax(_ source: String, sourceURL: String? = nil) throws(JavaScriptError) {
        try withJSString(source) { (script) throws(JavaScriptError) in
            try withOptionalJSString(sourceURL) { (url) throws(JavaScriptError) in
                var exception: JSValueRef?
                if !JSCheckScriptSyntax(ref, script, url, 1, &exception), let exception {
                    throw error(from: exception)
                }
            }
        }
    }

    // MARK: Making values

    public func string(_ value: String) -> JavaScriptValue {
        withJSString(value) { JavaScriptValue(JSValueMakeString(ref, $0), in: self) }
    }

    public func number(_ value: Double) -> JavaScriptValue {
        JavaScriptValue(JSValueMakeNumber(ref, value), in: self)
    }

    public func boolean(_ value: Bool) -> JavaScriptValue {
        JavaScriptValue(JSValueMakeBoolean(ref, value), in: self)
    }

    /// A string made from UTF-16 code units as they are (lone surrogates included).
    public func string(utf16 units: UnsafeBufferPointer<UInt16>) -> JavaScriptValue {
        let string = JSStringCreateWithCharacters(units.baseAddress, units.count)!
        defer { JSStringRelease(string) }
        return JavaScriptValue(JSValueMakeString(ref, string), in: self)
    }

    /// An `Int32Array` over a copy of `bytes` (whose count is a multiple of 4), which the
    /// array owns: one allocation and one copy, however many elements.
    public func makeInt32Array(copying bytes: UnsafeRawBufferPointer) throws(JavaScriptError) -> JavaScriptValue {
        let count = max(bytes.count, 4)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        if let base = bytes.baseAddress, bytes.count > 0 { storage.copyMemory(from: base, byteCount: bytes.count) }
        return try trying { exception in
            let array = JSObjectMakeTypedArrayWithBytesNoCopy(ref, kJSTypedArrayTypeInt32Array, storage, bytes.count,
                                                              { bytes, _ in bytes?.deallocate() }, nil, exception)
            if array == nil { storage.deallocate() }
            return array.map { JavaScriptValue($0, in: self) }
        }
    }

    public var undefined: JavaScriptValue { JavaScriptValue(JSValueMakeUndefined(ref), in: self) }
    public var null: JavaScriptValue { JavaScriptValue(JSValueMakeNull(ref), in: self) }

    /// Parses JSON text (UTF-8 bytes) into a value in one call; nil if it is not JSON.
    public func parseJSON(_ utf8: [UInt8]) -> JavaScriptValue? {
        var bytes = utf8
        bytes.append(0)
        let string = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                JSStringCreateWithUTF8CString($0)
            }
        }
        defer { JSStringRelease(string) }
        guard let value = JSValueMakeFromJSONString(ref, string) else { return nil }
        return JavaScriptValue(value, in: self)
    }

    public func parseJSON(_ text: String) -> JavaScriptValue? { parseJSON(Array(text.utf8)) }

    public func makeObject() -> JavaScriptValue {
        JavaScriptValue(JSObjectMake(ref, nil, nil), in: self)
    }

    public func makeArray(_ elements: [JavaScriptValue]) throws(JavaScriptError) -> JavaScriptValue {
        let refs: [JSValueRef?] = elements.map { $0.ref }
        return try refs.withUnsafeBufferPointer { (buffer) throws(JavaScriptError) in
            try trying { exception in
                JSObjectMakeArray(ref, elements.count, buffer.baseAddress, exception).map { JavaScriptValue($0, in: self) }
            }
        }
    }

    /// A JS function that runs `body`. A Swift error thrown by `body` becomes a JS exception
    /// (an `Error` whose message is the error's description); a `JavaScriptError` is rethrown
    /// as the original JS exception where possible.
    public func makeFunction(name: String, _ body: @escaping ([JavaScriptValue]) throws -> JavaScriptValue?) -> JavaScriptValue {
        let box = FunctionBox(context: self, name: name, body: body)
        let object = JSObjectMake(ref, FunctionBox.jsClass, Unmanaged.passRetained(box).toOpaque())!
        return JavaScriptValue(object, in: self)
    }

    // MARK: The one path for exceptions

    /// Runs a JavaScriptCore call that reports failure through an exception out-parameter, and
    /// turns that exception into a `JavaScriptError`. The watchdog is armed for the call and
    /// the promise jobs it queued, which run before it returns.
    func trying<T>(_ call: (UnsafeMutablePointer<JSValueRef?>) -> T?) throws(JavaScriptError) -> T {
        let (result, thrown) = try watched(call)
        if let thrown { throw error(fromValue: thrown) }
        guard let result else {
            throw JavaScriptError(name: "InternalError", message: "JavaScriptCore returned no value",
                                  sourceURL: nil, line: nil, column: nil, stack: nil, timedOut: false)
        }
        return result
    }

    /// A call under the watchdog whose exception is not read (a conversion that gives a
    /// default when it fails: reading the exception could throw again); nil when it threw or
    /// was stopped.
    func attempting<T>(_ call: (UnsafeMutablePointer<JSValueRef?>) -> T?) -> T? {
        guard let (result, thrown) = try? watched(call), thrown == nil else { return nil }
        return result
    }

    /// The call with the watchdog armed, then the promise jobs it queued; throws only when the
    /// watchdog stopped it. The exception is held (protected) while the jobs run.
    private func watched<T>(_ call: (UnsafeMutablePointer<JSValueRef?>) -> T?) throws(JavaScriptError) -> (T?, JavaScriptValue?) {
        // Only the outermost call arms the watchdog: calls made from native functions while a
        // script runs must not reset or clear the running script's limit. Inside
        // `withExecutionBudget` the budget is armed already, and once spent every call fails.
        let watchdog = machine.watchdog
        let owner = watchdog.depth == watchdog.budgetDepth
        let limit = watchdog.depth == 0 ? executionTimeLimit : watchdog.budgetSeconds
        var lock: EngineInternals.LockHolder?
        if owner {
            if watchdog.depth == 0 {
                machine.armExecutionTimeLimit(seconds: executionTimeLimit)
                // Held so that releasing the lock at the end of the call runs no job: the jobs
                // run in `drainJobs`, under the limit.
                lock = EngineInternals.LockHolder(machine.group)
            } else if watchdog.stop == nil, watchdog.remaining <= 0 {
                watchdog.stop = .time
            }
            if watchdog.depth > 0, let stop = watchdog.stop { throw stopped(stop, limit: limit) }
        }
        watchdog.depth += 1
        defer {
            watchdog.depth -= 1
            if owner && watchdog.depth == 0 {
                // Released while the limit still holds: a job left queued by a stopped drain
                // is stopped too, not run without a limit.
                lock?.release()
                JSContextGroupClearExecutionTimeLimit(machine.group)
            }
        }
        var exception: JSValueRef?
        let result = call(&exception)
        let thrown = exception.map { JavaScriptValue($0, in: self) }
        if owner, watchdog.stop == nil { machine.drainJobs() }
        if owner, let stop = watchdog.stop {
            // A budget stays spent for the rest of its calls; a single call's limit ends with it.
            if watchdog.budgetDepth == 0 { watchdog.stop = nil }
            throw stopped(stop, limit: limit)
        }
        return (result, thrown)
    }

    /// The error for a call the watchdog stopped.
    private func stopped(_ stop: Watchdog.Stop, limit: Double) -> JavaScriptError {
        if stop == .memory {
            return JavaScriptError(name: "MemoryLimitError",
                                   message: "the process took more than \(machine.memoryLimit / 1_048_576) MB and the script was stopped",
                                   sourceURL: nil, line: nil, column: nil, stack: nil, timedOut: true, memoryLimitExceeded: true)
        }
        return JavaScriptError(name: "TimeoutError",
                               message: "script ran longer than \(Self.formatSeconds(limit)) and was stopped",
                               sourceURL: nil, line: nil, column: nil, stack: nil, timedOut: true)
    }

    /// Runs `body` with one budget of `seconds` CPU seconds for all the JavaScript its calls
    /// run (getters, `toJSON`, proxy traps, the promise jobs they queue), where each call would
    /// otherwise have a limit of its own: converting a value reads it property by property, and
    /// a thousand getters that each stop just short of the limit would take a thousand limits.
    /// Once the budget is spent, every call in `body` fails at once with the timeout, and
    /// `stopped` says so. Inside a running script (a native function's work), the script's
    /// own limit applies instead.
    public func withExecutionBudget<T>(seconds: Double, _ body: () -> T) -> (value: T, stopped: JavaScriptError?) {
        let watchdog = machine.watchdog
        guard watchdog.depth == 0 else { return (body(), nil) }
        machine.armExecutionTimeLimit(seconds: seconds)
        watchdog.budgetSeconds = seconds
        let lock = EngineInternals.LockHolder(machine.group)
        watchdog.depth = 1
        watchdog.budgetDepth = 1
        let value = body()
        if watchdog.stop == nil { machine.drainJobs() }
        let stop = watchdog.stop
        watchdog.stop = nil
        watchdog.depth = 0
        watchdog.budgetDepth = 0
        lock?.release()
        JSContextGroupClearExecutionTimeLimit(machine.group)
        return (value, stop.map { stopped($0, limit: seconds) })
    }

    public static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// A thrown or rejected value as a `JavaScriptError` (name, message, place, stack).
    public func error(fromValue value: JavaScriptValue) -> JavaScriptError {
        error(from: value.ref)
    }

    func error(from exception: JSValueRef) -> JavaScriptError {
        let value = JavaScriptValue(exception, in: self)
        guard value.isObject else {
            return JavaScriptError(name: "Error", message: value.stringValue, sourceURL: nil, line: nil,
                                   column: nil, stack: nil, timedOut: false)
        }
        func text(_ key: String) -> String? {
            guard let property = try? value.property(key), !property.isUndefined else { return nil }
            return property.stringValue
        }
        func integer(_ key: String) -> Int? {
            guard let property = try? value.property(key), property.isNumber else { return nil }
            return Int(property.numberValue)
        }
        let name = text("name") ?? "Error"
        let message = text("message") ?? value.stringValue
        return JavaScriptError(name: name, message: message, sourceURL: text("sourceURL"),
                               line: integer("line"), column: integer("column"), stack: text("stack"),
                               timedOut: false)
    }

    // MARK: Strings

    func withJSString<T, Failure: Error>(_ string: String, _ body: (JSStringRef) throws(Failure) -> T) throws(Failure) -> T {
        let ref: JSStringRef
        if string.utf8.count > 4096 && !Self.containsNUL(string) {
            // Large texts (the DOM bundle, scripts, pages): JavaScriptCore converts UTF-8 in C,
            // several times faster than building a UTF-16 array here. Embedded NULs would end a
            // C string, so those take the UTF-16 path.
            ref = string.withCString { JSStringCreateWithUTF8CString($0) }!
        } else {
            let utf16 = Array(string.utf16)
            ref = utf16.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, utf16.count) }!
        }
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// Whether `string` has a U+0000, found with `memchr` over its UTF-8 storage (the generic
    /// `contains` walked the 500 KB DOM bundle byte by byte on every page).
    static func containsNUL(_ string: String) -> Bool {
        if let found = string.utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, buffer.count) != nil
        }) {
            return found
        }
        return string.utf8.contains(0)
    }

    func withOptionalJSString<T, Failure: Error>(_ string: String?, _ body: (JSStringRef?) throws(Failure) -> T) throws(Failure) -> T {
        guard let string else { return try body(nil) }
        return try withJSString(string) { (ref) throws(Failure) in try body(ref) }
    }

    /// Reads a JSStringRef through UTF-16 (embedded NULs survive; lone surrogates become U+FFFD)
    /// and releases it.
    static func string(consuming ref: JSStringRef) -> String {
        defer { JSStringRelease(ref) }
        let length = JSStringGetLength(ref)
        guard length > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
        return decodedString(utf16: UnsafeBufferPointer(start: characters, count: length))
    }

    /// UTF-16 to UTF-8, lone surrogates as U+FFFD, a byte at a time to `emit`: the one loop
    /// behind both of `decodedString`'s passes (inlined, each pass is a plain loop).
    @inline(__always)
    static func transcode(utf16 units: UnsafeBufferPointer<UInt16>, _ emit: (UInt8) -> Void) {
        let count = units.count
        var i = 0
        while i < count {
            let unit = units[i]
            i += 1
            if unit < 0x80 {
                emit(UInt8(unit))
            } else if unit < 0x800 {
                emit(UInt8(0xC0 | (unit >> 6)))
                emit(UInt8(0x80 | (unit & 0x3F)))
            } else if unit & 0xFC00 == 0xD800, i < count, units[i] & 0xFC00 == 0xDC00 {
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
                emit(UInt8(0xF0 | (scalar >> 18)))
                emit(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
                emit(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                emit(UInt8(0x80 | (scalar & 0x3F)))
            } else {
                let scalar: UInt16 = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
                emit(UInt8(0xE0 | (scalar >> 12)))
                emit(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                emit(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
    }

    /// The UTF-8 length of `decodedString(utf16:)`'s result.
    static func utf8Count(utf16 units: UnsafeBufferPointer<UInt16>) -> Int {
        var length = 0
        transcode(utf16: units) { _ in length += 1 }
        return length
    }

    /// UTF-16 to a String, lone surrogates as U+FFFD. A plain loop to UTF-8: the standard
    /// library's generic transcoding took 70 of a 200 MB result's 90 seconds. Two passes, the
    /// first to count: the bytes are written once, into the String's own storage, so a 50 MB
    /// page's HTML costs 50 MB, not a 75 MB reserve and then a 50 MB copy.
    static func decodedString(utf16 units: UnsafeBufferPointer<UInt16>) -> String {
        if units.count < 256 { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: utf8Count(utf16: units)) { utf8 in
            var written = 0
            transcode(utf16: units) { byte in
                utf8[written] = byte
                written += 1
            }
            return written
        }
    }
}

/// The storage of a Swift closure exposed as a JS function, owned by the function object.
private final class FunctionBox {
    unowned let context: JavaScriptContext
    let name: String
    let body: ([JavaScriptValue]) throws -> JavaScriptValue?

    init(context: JavaScriptContext, name: String, body: @escaping ([JavaScriptValue]) throws -> JavaScriptValue?) {
        self.context = context
        self.name = name
        self.body = body
    }

    static let jsClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafePointer(strdup("NativeFunction"))
        definition.callAsFunction = { ctx, function, _, argumentCount, arguments, exception in
            guard let function, let opaque = JSObjectGetPrivate(function) else { return JSValueMakeUndefined(ctx) }
            let box = Unmanaged<FunctionBox>.fromOpaque(opaque).takeUnretainedValue()
            let context = box.context
            var values: [JavaScriptValue] = []
            values.reserveCapacity(argumentCount)
            for i in 0..<argumentCount { values.append(JavaScriptValue(arguments![i]!, in: context)) }
            do {
                return try box.body(values)?.ref ?? JSValueMakeUndefined(ctx)
            } catch let error as JavaScriptError {
                exception?.pointee = context.makeErrorObject(name: error.name, message: error.message)
                return nil
            } catch {
                exception?.pointee = context.makeErrorObject(name: "Error", message: "\(error)")
                return nil
            }
        }
        definition.finalize = { object in
            guard let object, let opaque = JSObjectGetPrivate(object) else { return }
            Unmanaged<FunctionBox>.fromOpaque(opaque).release()
        }
        return JSClassCreate(&definition)
    }()
}

extension JavaScriptContext {
    fileprivate func makeErrorObject(name: String, message: String) -> JSValueRef? {
        let messageValue = string(message)
        var exception: JSValueRef?
        let refs: [JSValueRef?] = [messageValue.ref]
        let object = refs.withUnsafeBufferPointer { JSObjectMakeError(ref, 1, $0.baseAddress, &exception) }
        if let object, name != "Error" {
            let nameValue = string(name)
            withJSString("name") { JSObjectSetProperty(ref, object, $0, nameValue.ref, 0, nil) }
        }
        return object
    }
}
