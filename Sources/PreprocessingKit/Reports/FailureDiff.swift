import Foundation

/// A line diff between an expected and an actual text, for failure messages and the HTML report.
public enum FailureDiff {
    public enum Line: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The lines of both texts aligned by a longest common subsequence (after trimming the
    /// common head and tail, so large equal documents stay cheap).
    public static func lines(expected: String, actual: String) -> [Line] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])
        var middle: [Line]
        if oldMiddle.count * newMiddle.count > 4_000_000 {
            // Too large to align: show the whole changed block.
            middle = oldMiddle.map(Line.removed) + newMiddle.map(Line.added)
        } else {
            middle = align(oldMiddle, newMiddle)
        }
        return old[0..<head].map(Line.same) + middle + old[(old.count - tail)...].map(Line.same)
    }

    static func align(_ old: [String], _ new: [String]) -> [Line] {
        let rows = old.count, columns = new.count
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i * (columns + 1) + j] = old[i] == new[j]
                    ? lengths[(i + 1) * (columns + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (columns + 1) + j], lengths[i * (columns + 1) + j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, old[i] == new[j] {
                result.append(.same(old[i])); i += 1; j += 1
            } else if i < rows, j == columns || lengths[(i + 1) * (columns + 1) + j] >= lengths[i * (columns + 1) + j + 1] {
                // Removals before additions, as unified diffs print them.
                result.append(.removed(old[i])); i += 1
            } else {
                result.append(.added(new[j])); j += 1
            }
        }
        return result
    }

    /// `- expected` / `+ actual` lines with `context` unchanged lines around each change.
    public static func unified(expected: String, actual: String, context: Int = 2) -> String {
        let diff = lines(expected: expected, actual: actual)
        let changed = diff.indices.filter { if case .same = diff[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var shown = Set<Int>()
        for index in changed { for near in max(0, index - context)...min(diff.count - 1, index + context) { shown.insert(near) } }
        var output: [String] = []
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0, index > previous + 1 { output.append("  …") }
            switch diff[index] {
            case .same(let text): output.append("  " + text)
            case .removed(let text): output.append("- " + text)
            case .added(let text): output.append("+ " + text)
            }
            previous = index
        }
        return output.joined(separator: "\n")
    }
}
