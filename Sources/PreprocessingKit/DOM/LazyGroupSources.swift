import Foundation
import JavaScriptEngine

/// The DOM's lazy groups as JavaScriptCore sources, each converted once per process, when a page
/// first loads it (a group no script of this process needs is never converted). Pages of a suite
/// run on worker threads one at a time per machine, but the table is shared by the process, so it
/// is locked.
final class LazyGroupSources: @unchecked Sendable {
    struct Unknown: Error, CustomStringConvertible {
        var name: String
        var description: String { "the DOM has no lazy group named '\(name)'" }
    }

    private let groups: [String: (firstLine: Int, text: String)]
    private let sourceURL: String
    private var converted: [String: JavaScriptSource] = [:]
    private let lock = NSLock()

    init(_ groups: [(name: String, firstLine: Int, source: String)], sourceURL: String) {
        self.groups = Dictionary(groups.map { ($0.name, ($0.firstLine, $0.source)) }, uniquingKeysWith: { first, _ in first })
        self.sourceURL = sourceURL
    }

    func source(named name: String) -> JavaScriptSource? {
        lock.lock()
        defer { lock.unlock() }
        if let source = converted[name] { return source }
        guard let group = groups[name] else { return nil }
        let source = JavaScriptSource(group.text, sourceURL: sourceURL, firstLine: group.firstLine)
        converted[name] = source
        return source
    }
}
