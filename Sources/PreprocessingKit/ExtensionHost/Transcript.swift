import Foundation

/// Everything one run of a preprocessing script produced: inputs, diagnostics, the results
/// dictionary, what the handler did, finalize's argument and effects, timings. Formatters and
/// suites read this value; nothing re-derives state from the page.
///
/// Its JSON form is the `--format json` output (schema in README.md, `version` 1).
public struct Transcript: Codable, Equatable, Sendable {
    public var version = 1
    public var page: PageSummary
    public var script: ScriptSummary
    public var selection: SelectionSummary?
    /// `completionFunction` was called.
    public var completed: Bool = false
    /// What the extension receives under `NSExtensionJavaScriptPreprocessingResultsKey`
    /// (null when completion was not called, or called with undefined).
    public var results: PropertyListValue?
    /// The value as JavaScript gave it (`JSON.stringify`), where it differs from `results`.
    public var resultsJSON: String?
    public var completionCalls: Int = 0
    public var diagnostics: [Diagnostic]
    /// Console messages of the run phase.
    public var console: [ConsoleMessage] = []
    /// alert/confirm/prompt of the run phase.
    public var dialogs: [Dialog] = []
    /// Navigations of the run phase (recorded, not performed).
    public var navigations: [Navigation] = []
    public var handler: HandlerSummary
    public var finalize: FinalizeSummary
    /// Milliseconds per stage (empty in deterministic runs, so that their JSON is identical).
    public var timings: [String: Double] = [:]
    /// Requests the page and the scripts made; none reached the network.
    public var requests: [Request] = []
    /// The virtual clock the run's timers and `Date` followed.
    public var clock: ClockSummary?
    /// The timeline of the exchange (`--trace`, `--diff`; absent otherwise).
    public var trace: [TraceEvent]?
    /// Exceptions the script (or code it `eval`ed) threw, with the source line and stack.
    public var exceptions: [ScriptException]?
    /// What finalize did to the DOM, as it happened (`--trace`, `--diff`; absent otherwise).
    public var mutations: [DOMMutation]?
    /// `document.documentElement.outerHTML` just before finalize (`--trace`, `--diff`), the
    /// left side of `--diff`; `finalize.html` is the right side.
    public var htmlBeforeFinalize: String?

    /// One request (fetch, XMLHttpRequest, beacon, image or script load), answered offline.
    public struct Request: Codable, Equatable, Sendable {
        /// "load" (page scripts), "run", "finalize".
        public var phase: String?
        /// "fetch", "xhr", "xhr-sync", "beacon", "img", "script".
        public var api: String
        public var method: String
        public var url: String
        /// "offline" (no fixture: failed as Safari fails offline), "fixture", "fixture-opaque",
        /// "cors-blocked", "aborted", "data-url", "blocked-scheme", "blocked-same-origin-mode".
        public var outcome: String?
        public var status: Int?
        public var crossOrigin: Bool?
        /// The Cookie header a same-origin request carried.
        public var cookie: String?
        /// Why CORS blocked it, in Safari's console words.
        public var corsProblem: String?
    }

    public struct ClockSummary: Codable, Equatable, Sendable {
        /// Fixed start time and seeded randomness.
        public var deterministic: Bool
        /// Milliseconds since 1970 at which the page's clock started (deterministic runs).
        public var start: Double?
        public var seed: UInt32?
        /// Virtual milliseconds that passed by the end of the run phase and of finalize.
        public var runEnded: Double
        public var finalizeEnded: Double?
    }

    public struct PageSummary: Codable, Equatable, Sendable {
        public var path: String
        public var url: String
        public var urlSource: String
        public var encoding: String
        public var encodingSource: String
        public var format: String
        public var byteCount: Int
        public var title: String?
        /// `--device`: the device and iOS version Safari ran on (`iPad Air 11-inch (M3), iOS 26.6`);
        /// absent without it (the newest iOS's iPhone).
        public var device: String?
    }

    public struct ScriptSummary: Codable, Equatable, Sendable {
        public var path: String
    }

    public struct SelectionSummary: Codable, Equatable, Sendable {
        public var requested: String
        public var found: Bool
    }

    public struct ConsoleMessage: Codable, Equatable, Sendable {
        public var level: String
        public var text: String
    }

    public struct Dialog: Codable, Equatable, Sendable {
        public var type: String
        public var message: String
        public var answer: PropertyListValue?
    }

    public struct Navigation: Codable, Equatable, Sendable {
        public var method: String
        public var url: String
    }

    public struct HandlerSummary: Codable, Equatable, Sendable {
        public var name: String
        /// The handler called `completeRequest` (or `cancelRequest`).
        public var completed: Bool = false
        public var cancelled: String?
        public var returnedItems: Int?
        public var finalizeArguments: PropertyListValue?
        /// The calls the handler made on the extension context and item providers.
        public var calls: [String] = []
    }

    public struct FinalizeSummary: Codable, Equatable, Sendable {
        public var called: Bool = false
        public var alerts: [String] = []
        public var dialogs: [Dialog] = []
        public var console: [ConsoleMessage] = []
        public var navigations: [Navigation] = []
        public var error: String?
        /// `document.documentElement.outerHTML` after finalize (null when finalize did not run,
        /// or when the run was asked not to record it: `RunRequest.recordsFinalizedHTML`).
        public var html: String?
    }

    /// True when no diagnostic is an error.
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}
