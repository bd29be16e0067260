import Foundation
import JavaScriptEngine

/// The page's task loop on the virtual clock, one for every caller: a run's phases (`Exchange`)
/// and the REPL. What goes wrong in a task is handed to the caller, which reports it its own way
/// (a diagnostic in a transcript, a line in the REPL).
enum PageEventLoop {
    /// How a drain ended.
    enum Ending: Equatable {
        /// `done` became true; tasks due at that moment ran too.
        case completed
        /// Nothing was left to run.
        case idle
        /// Only `setInterval` timers were left when the virtual-time budget ran out.
        case onlyIntervals
        /// A timeout or request was still pending when the virtual-time budget ran out.
        case budget
        /// A task ran past the CPU time limit.
        case stopped
    }

    /// What a task did that its caller reports.
    enum Problem {
        /// A timer or event callback threw (or ran past the CPU time limit: `error.timedOut`).
        case taskThrew(JavaScriptError)
        /// A promise was rejected and nothing handled it.
        case unhandledRejection(JavaScriptError)
    }

    /// Runs tasks, one per call so that microtasks run between them, until `done` (then the
    /// tasks already due at that moment, so the loop is idle), or nothing is left, or `budget`
    /// milliseconds of virtual time have passed.
    static func drain(_ page: PageContext, budget: Double, until done: () -> Bool,
                      report: (Problem) -> Void) -> Ending {
        let start = (try? page.virtualTime()) ?? 0
        var deadline = start + budget
        var completed = false
        while true {
            if !completed && done() {
                completed = true
                deadline = (try? page.virtualTime()) ?? deadline
            }
            do {
                guard try page.runNextTask(budgetMilliseconds: deadline) else { break }
            } catch {
                report(.taskThrew(error))
                if error.timedOut { return .stopped }
            }
            takeRejections(page, report: report)
        }
        takeRejections(page, report: report)
        if completed || done() { return .completed }
        switch (try? page.pendingWork()) ?? .none {
        case .none: return .idle
        case .onlyIntervals: return .onlyIntervals
        case .tasks: return .budget
        }
    }

    /// Hands over the promises rejected with no handler since the last call.
    static func takeRejections(_ page: PageContext, report: (Problem) -> Void) {
        let rejections = page.unhandledRejections
        guard !rejections.isEmpty else { return }
        page.unhandledRejections.removeAll()
        for rejection in rejections { report(.unhandledRejection(rejection)) }
    }
}
