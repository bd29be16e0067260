import Foundation
import JavaScriptEngine

/// Runs preprocessing exchanges. One simulator keeps one JavaScript virtual machine, so the DOM
/// code is compiled once however many pages it runs.
///
/// ```swift
/// let page = try PageLoader.load(path: "Pages/article.html")
/// let transcript = Simulator().run(RunRequest(scriptPath: "Scripts/ShareScript.js", page: page,
///                                             selection: .text("quick brown fox", occurrence: 1)))
/// print(transcript.results ?? .null)
/// ```
public final class Simulator {
    public let machine: JavaScriptVirtualMachine

    /// A new machine unless `machine` is given.
    public init(machine: JavaScriptVirtualMachine? = nil) {
        PageContext.convertBundleInBackground()
        self.machine = machine ?? JavaScriptVirtualMachine()
    }

    /// True once a run has released a page that no collection has freed since: the next run
    /// collects first, unless `collectIdleGarbage` did it in between.
    private var garbagePending = false
    private let runLock = NSLock()
    /// The realm `prepareForNextRun` made for the next run; a realm serves one page only.
    private var preparedRealm: PageContext.PreparedRealm?

    public func run(_ request: RunRequest) -> Transcript { run(request, parsing: nil) }

    /// `run`, from the page's parse when it was started before (`Preparing.run`).
    func run(_ request: RunRequest, parsing: BackgroundParse?) -> Transcript {
        // One run at a time per simulator: its virtual machine (the watchdog, the microtask
        // queue drained when control returns to Swift) must not be shared by two threads at once.
        runLock.lock()
        defer { runLock.unlock() }
        // Before, not after, a run: a one-run process (`preprocess-sim run`) never pays for it.
        if garbagePending { machine.collectGarbage() }
        garbagePending = true
        var exchange = Exchange(request: request)
        let prepared = preparedRealm
        preparedRealm = nil
        exchange.runStages(machine: machine, prepared: prepared, parsing: parsing)
        exchange.finishTrace()
        return exchange.transcript
    }

    /// Frees the pages of earlier runs now, so that the next run starts without collecting:
    /// for a process that waits between runs (a suite worker once it has answered, while its
    /// parent reads the answer and sends the next case; watch mode between edits), the
    /// collection then costs no case its time. Does nothing when there is nothing to free.
    public func collectIdleGarbage() {
        runLock.lock()
        defer { runLock.unlock() }
        guard garbagePending else { return }
        machine.collectGarbage()
        garbagePending = false
    }

    /// What a process that waits between runs does while it waits: `collectIdleGarbage`, then
    /// a realm with the DOM core evaluated for the next run (`PageContext.PreparedRealm`), so
    /// the next case starts without making one (its transcript's `build.bundle.prepared` says
    /// what that cost). A realm that fails to build is left to the run, which reports it.
    public func prepareForNextRun() {
        collectIdleGarbage()
        runLock.lock()
        defer { runLock.unlock() }
        // A process that makes realm after realm keeps the core parsed (JavaScriptVirtualMachine.keepParsed).
        machine.keepParsed(PageContext.bundle)
        if preparedRealm == nil { preparedRealm = try? PageContext.PreparedRealm(machine: machine) }
    }

    /// A simulator being made on another thread, with its first run's realm (the engine
    /// started, the DOM core evaluated), for a process about to run a page: that is most of a
    /// one-page process's time, and none of it depends on the page, so the process reads its
    /// script and page meanwhile (`preprocess-sim run`). `run` parses the page on its own thread
    /// while the simulator is made, and runs it when the simulator is ready.
    public final class Preparing: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        // Written once by the preparing thread before `ready` is signalled, read after waiting on it.
        private var made: Simulator?

        public init() {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let simulator = Simulator()
                simulator.preparedRealm = try? PageContext.PreparedRealm(machine: simulator.machine)
                made = simulator
                ready.signal()
            }
        }

        /// The simulator, once it is made (at once after the first call).
        public var simulator: Simulator {
            ready.wait()
            ready.signal()
            return made!
        }

        /// Runs `request` on the simulator, its page parsed while the simulator is made (unless
        /// the page is too large for the request's memory limit, which the run reports).
        public func run(_ request: RunRequest) -> Transcript {
            let parsing = Exchange.pageFitsMemoryLimit(request)
                ? BackgroundParse(html: request.page.html, onThisThread: true, asXML: XMLDocumentKind.isXML(request.page.mimeType),
                                  modeLocked: request.page.parsesWithoutQuirks)
                : nil
            return simulator.run(request, parsing: parsing)
        }
    }
}
