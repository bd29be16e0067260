import Foundation

/// A line diff (Myers' O(ND) algorithm) and its unified format, for `--diff` (the page's HTML
/// before and after finalize) and `--watch` (results since the last run).
///
/// ```swift
/// print(HTMLDiff.unified("<p>a</p>\n<p>b</p>", "<p>a</p>\n<p>c</p>", from: "before", to: "after"))
/// ```
/// prints
/// ```
/// --- before
/// +++ after
/// @@ -1,2 +1,2 @@
///  <p>a</p>
/// -<p>b</p>
/// +<p>c</p>
/// ```
public enum HTMLDiff {
    /// One line of the edit script.
    public enum Line: Equatable, Sendable {
        case same(String)
        case deleted(String)
        case inserted(String)
    }

    /// The edit script from `old` to `new`, split at newlines, with counts.
    public static func lines(_ old: String, _ new: String) -> (script: [Line], insertions: Int, deletions: Int) {
        let script = diff(split(old), split(new))
        var insertions = 0, deletions = 0
        for line in script {
            if case .inserted = line { insertions += 1 }
            if case .deleted = line { deletions += 1 }
        }
        return (script, insertions, deletions)
    }

    /// Unified diff text (`context` unchanged lines around each change); "" when equal.
    public static func unified(_ old: String, _ new: String, from oldName: String = "before", to newName: String = "after",
                               context: Int = 3, colours: Bool = false) -> String {
        let script = lines(old, new).script
        guard script.contains(where: { if case .same = $0 { return false } else { return true } }) else { return "" }
        let red = colours ? "\u{1B}[31m" : "", green = colours ? "\u{1B}[32m" : "", cyan = colours ? "\u{1B}[36m" : ""
        let reset = colours ? "\u{1B}[0m" : ""
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(script, context: context) {
            output += "\(cyan)@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@\(reset)\n"
            for line in script[hunk.lines] {
                switch line {
                case .same(let text): output += " \(text)\n"
                case .deleted(let text): output += "\(red)-\(text)\(reset)\n"
                case .inserted(let text): output += "\(green)+\(text)\(reset)\n"
                }
            }
        }
        return output
    }

    static func split(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// `start,count` as unified diffs write it (`start` is 0 for an empty side).
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    private struct Hunk {
        var lines: Range<Int>
        var oldStart: Int, oldCount: Int, newStart: Int, newCount: Int
    }

    /// Groups changes that are within `2 × context` lines of each other.
    private static func hunks(_ script: [Line], context: Int) -> [Hunk] {
        let changed = script.indices.filter { if case .same = script[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return [] }
        var groups: [Range<Int>] = []
        var start = max(0, changed[0] - context), end = min(script.count, changed[0] + context + 1)
        for index in changed.dropFirst() {
            if index - context <= end {
                end = min(script.count, index + context + 1)
            } else {
                groups.append(start..<end)
                start = max(0, index - context)
                end = min(script.count, index + context + 1)
            }
        }
        groups.append(start..<end)
        // Line numbers before each script index.
        var oldLine = 1, newLine = 1
        var oldAt: [Int] = [], newAt: [Int] = []
        oldAt.reserveCapacity(script.count + 1)
        newAt.reserveCapacity(script.count + 1)
        for line in script {
            oldAt.append(oldLine)
            newAt.append(newLine)
            switch line {
            case .same: oldLine += 1; newLine += 1
            case .deleted: oldLine += 1
            case .inserted: newLine += 1
            }
        }
        return groups.map { group in
            var oldCount = 0, newCount = 0
            for line in script[group] {
                switch line {
                case .same: oldCount += 1; newCount += 1
                case .deleted: oldCount += 1
                case .inserted: newCount += 1
                }
            }
            return Hunk(lines: group, oldStart: oldAt[group.lowerBound], oldCount: oldCount,
                        newStart: newAt[group.lowerBound], newCount: newCount)
        }
    }

    /// Myers' greedy shortest edit script. The common prefix and suffix are trimmed first, so a
    /// finalize that changes a few lines of a large page costs little; `V` is kept per step
    /// (2d + 1 entries at step d) for the walk back.
    static func diff(_ a: [String], _ b: [String]) -> [Line] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x0 = Array(a[prefix..<(a.count - suffix)]), y0 = Array(b[prefix..<(b.count - suffix)])
        var middle: [Line] = []
        let n = x0.count, m = y0.count
        if n == 0 {
            middle = y0.map { .inserted($0) }
        } else if m == 0 {
            middle = x0.map { .deleted($0) }
        } else {
            let maximum = n + m
            var v = [Int](repeating: 0, count: 2 * maximum + 2)
            var history: [[Int]] = []
            var found = false
            for d in 0...maximum {
                history.append(Array(v[(maximum - d)...(maximum + d + 1)]))
                for k in stride(from: -d, through: d, by: 2) {
                    var x: Int
                    if k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) {
                        x = v[maximum + k + 1]
                    } else {
                        x = v[maximum + k - 1] + 1
                    }
                    var y = x - k
                    while x < n && y < m && x0[x] == y0[y] { x += 1; y += 1 }
                    v[maximum + k] = x
                    if x >= n && y >= m { found = true; break }
                }
                if found { break }
            }
            // Walk back through the saved V arrays (history[d] holds V before step d, offset by d).
            var x = n, y = m
            var reversed: [Line] = []
            for d in stride(from: history.count - 1, through: 0, by: -1) {
                let saved = history[d]
                func value(_ k: Int) -> Int { saved[k + d] }
                let k = x - y
                let previousK: Int
                if d == 0 {
                    previousK = 0
                } else if k == -d || (k != d && value(k - 1) < value(k + 1)) {
                    previousK = k + 1
                } else {
                    previousK = k - 1
                }
                let previousX = d == 0 ? 0 : value(previousK)
                let previousY = previousX - previousK
                while x > previousX && y > previousY {
                    x -= 1; y -= 1
                    reversed.append(.same(x0[x]))
                }
                if d > 0 {
                    if x == previousX { y -= 1; reversed.append(.inserted(y0[y])) } else { x -= 1; reversed.append(.deleted(x0[x])) }
                }
            }
            middle = reversed.reversed()
        }
        return a[..<prefix].map { .same($0) } + middle + a[(a.count - suffix)...].map { .same($0) }
    }
}
