import Foundation

/// One exchange to simulate: a script, a page, an optional selection, a request handler.
public struct RunRequest {
    public enum Selection: Equatable, Sendable {
        /// The `occurrence`-th (1-based) match of the text; white space matches any run of it.
        case text(String, occurrence: Int)
        /// The contents of the first element matching a CSS selector.
        case elementContents(selector: String)
        /// From character `startOffset` of the first element matching `startSelector` to
        /// character `endOffset` of the first matching `endSelector`; offsets count the
        /// characters of the element's text content (`--select-range "p@4..p@20"`).
        case range(startSelector: String, startOffset: Int, endSelector: String, endOffset: Int)
    }

    public var scriptPath: String
    /// The script's source; read from `scriptPath` when nil.
    public var scriptSource: String?
    public var page: LoadedPage
    public var selection: Selection?
    public var handler: NSExtensionRequestHandling
    public var handlerName: String
    /// CPU seconds `run` or `finalize` may run before it is stopped (`--timeout`).
    public var timeout: Double = 5
    /// Real seconds the handler may take to call `completeRequest`.
    public var handlerTimeout: Double = 10
    /// What the simulated user taps when the extension is an `SLComposeServiceViewController`
    /// (`--post`, the default, or `--cancel`).
    public var composeChoice: ComposeChoice = .post
    /// The memory the run may take, in MB (`--memory-limit`): a page too large to build within
    /// it is refused, a script that allocates past it is stopped, and results larger than a
    /// quarter of it are not converted. No real page comes near the default.
    public var memoryLimitMegabytes = RunRequest.defaultMemoryLimitMegabytes
    public static let defaultMemoryLimitMegabytes = 1024
    /// Virtual milliseconds timers may advance the clock before waiting gives up.
    public var virtualTimeBudget: Double = RunRequest.defaultVirtualTimeBudget
    /// A minute of virtual time, for a phase's timers and requests.
    public static let defaultVirtualTimeBudget: Double = 60_000
    public var confirmAnswer = false
    public var promptAnswer: String?
    public var cookie = ""
    /// A fixed start time and seeded randomness, so the same inputs give the same transcript
    /// (`--deterministic`); timings are left out of such transcripts.
    public var deterministic = false
    /// Where a deterministic run's clock starts (milliseconds since 1970; `--now`).
    public var now: Double = PageContext.defaultNow
    /// The seed of `Math.random` and `crypto.getRandomValues` (`--seed`).
    public var seed: UInt32 = 0
    /// What the offline network answers (`--fixture`, `--fixtures`).
    public var fixtures: [NetworkFixture] = []
    /// Run the page's own classic scripts before the preprocessing script (`--page-scripts`).
    public var pageScripts = false
    /// JavaScript evaluated in the page after it is built (and the selection made) and before
    /// the script is injected: `check` uses it to make `getSelection()` return null.
    public var preScript: String?
    /// Record the `--trace` timeline, finalize's DOM mutations and the page before finalize
    /// (`--trace`, `--diff`, `--html-out`).
    public var trace = false
    /// Serialise the page after finalize into the transcript (`finalize.html`). A suite case
    /// whose expectations, snapshot and reports never read it turns this off: serialising a
    /// whole page and carrying it to the suite's process was an eighth of such a case.
    /// `trace` records it whatever this says (its diff needs it).
    public var recordsFinalizedHTML = true
    /// `--inspect`: called before `run` and at each `debugger;` statement of the script, with an
    /// evaluator for that place. `debugger;` statements stop only when this is set (as in Safari,
    /// where they stop only with the Web Inspector attached).
    public var debuggerPause: ((DebuggerPause) -> Void)?
    /// `--ios VERSION`: the page as Safari on that iOS version has it (APIs it lacks hidden,
    /// syntax it cannot parse refused, its user agent); validated with `IOSCompatibility.validated`.
    public var iOS: IOSVersion?
    /// `--device`: the device Safari runs on; nil is the iPhone (`SimulatedDevice.iPhone`).
    public var device: SimulatedDevice?
    /// A layout viewport that ignores the page's viewport tag (`PageContext.Configuration.fixedLayoutViewport`):
    /// for cases recorded in a desktop WebKit window of that size; nil applies Safari's rule.
    public var fixedLayoutViewport: (width: Int, height: Int)?
    /// When set (and `iOS` is not), every reach of an API newer than iOS 8 by the script is
    /// recorded here (`check --ios-report`); nothing is hidden.
    public var iOSAccessLog: IOSAccessLog?

    public init(scriptPath: String, scriptSource: String? = nil, page: LoadedPage, selection: Selection? = nil,
                handler: NSExtensionRequestHandling = NoFinalizeHandler(), handlerName: String? = nil) {
        self.scriptPath = scriptPath
        self.scriptSource = scriptSource
        self.page = page
        self.selection = selection
        self.handler = handler
        self.handlerName = handlerName ?? String(describing: type(of: handler))
    }
}
