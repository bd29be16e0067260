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

    public init(machine: JavaScriptVirtualMachine = JavaScriptVirtualMachine()) {
        self.machine = machine
    }

    /// Runs made so far; from the second on, the previous pages' garbage is collected first.
    private var runCount = 0
    private let runLock = NSLock()

    public func run(_ request: RunRequest) -> Transcript {
        // One run at a time per simulator: its virtual machine (the watchdog, the microtask
        // queue drained when control returns to Swift) must not be shared by two threads at once.
        runLock.lock()
        defer { runLock.unlock() }
        // Before, not after, a run: a one-run process (`preprocess-sim run`) never pays for it.
        if runCount > 0 { machine.collectGarbage() }
        runCount += 1
        var exchange = Exchange(request: request)
        exchange.runStages(machine: machine)
        exchange.finishTrace()
        return exchange.transcript
    }
}
