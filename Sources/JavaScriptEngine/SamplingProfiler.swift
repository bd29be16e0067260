import CJavaScriptCore
import Foundation

/// JavaScriptCore's sampling profiler, for finding where the DOM's JavaScript spends a page's
/// time (`preprocess-bench --profile … --samples`). The machine's JavaScript thread is stopped
/// about once a millisecond and its stack recorded, every context of the machine alike.
///
/// The two functions are exported by the library but not declared by the GTK headers, so they
/// are looked up at run time (`dlsym`); without them `start` answers false.
public struct SamplingProfile: Sendable {
    /// One function's share of the samples.
    public struct Entry: Sendable {
        /// The function's name (`(program)` for a script's top level, `(native)` when the engine
        /// gives none).
        public var function: String
        /// The file the function is in, when `place` could tell.
        public var place: String?
        /// Samples with this function on top of the stack.
        public var selfSamples: Int
        /// Samples with this function anywhere on the stack (counted once per sample).
        public var totalSamples: Int
    }

    public var samples: Int
    /// Functions by self samples, most first.
    public var entries: [Entry]
    /// Samples by the tier running the top frame: `LLInt` (the interpreter), `Baseline`, `DFG`,
    /// `FTL`, or another category for native code.
    public var tiers: [String: Int]

    private typealias Enable = @convention(c) (JSContextGroupRef?) -> Bool
    private typealias Take = @convention(c) (JSContextGroupRef?) -> JSStringRef?

    /// Starts sampling `machine`; false when the library lacks the profiler.
    public static func start(_ machine: JavaScriptVirtualMachine) -> Bool {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "JSContextGroupEnableSamplingProfiler") else { return false }
        return unsafeBitCast(symbol, to: Enable.self)(machine.group)
    }

    /// The samples taken since `start` (or the last `take`), summarised by function. `place`
    /// names the file of a source line (`nil` when it cannot tell): each page evaluates the DOM
    /// again, as a source of its own, so a function is known by its name and its file.
    public static func take(_ machine: JavaScriptVirtualMachine, place: (Int) -> String?) -> SamplingProfile? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "JSContextGroupTakeSamplesFromSamplingProfiler"),
              let ref = unsafeBitCast(symbol, to: Take.self)(machine.group) else { return nil }
        let json = JavaScriptContext.string(consuming: ref)
        guard let root = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let traces = root["traces"] as? [[String: Any]] else { return nil }
        var selfCounts: [Frame: Int] = [:]
        var totalCounts: [Frame: Int] = [:]
        var tiers: [String: Int] = [:]
        for trace in traces {
            guard let frames = trace["frames"] as? [[String: Any]], let top = frames.first else { continue }
            let described = frames.map { json in
                let line = json["line"] as? Int ?? 0
                return Frame(name: (json["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "(native)",
                             place: line > 0 && line < Int(UInt32.max) ? place(line) : nil)
            }
            selfCounts[described[0], default: 0] += 1
            tiers[top["category"] as? String ?? "?", default: 0] += 1
            for frame in Set(described) { totalCounts[frame, default: 0] += 1 }
        }
        let entries = totalCounts.map { Entry(function: $0.key.name, place: $0.key.place,
                                              selfSamples: selfCounts[$0.key] ?? 0, totalSamples: $0.value) }
            .sorted { ($0.selfSamples, $1.function) > ($1.selfSamples, $0.function) }
        return SamplingProfile(samples: traces.count, entries: entries, tiers: tiers)
    }

    private struct Frame: Hashable {
        var name: String
        var place: String?
    }
}
