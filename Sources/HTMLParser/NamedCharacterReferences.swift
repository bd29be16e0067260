/// The named character references of the HTML standard, as a trie over their names.
/// https://html.spec.whatwg.org/multipage/named-characters.html
///
/// Built once per process from the generated `table` (entities.json). The tokenizer walks it
/// one input character at a time and remembers the longest name seen complete, which is the
/// "maximum number of characters possible" of the named character reference state.
struct NamedCharacterReferences: Sendable {
    /// Per trie node, the range of its edges in `edgeCharacters`/`edgeTargets`.
    private var edgeStart: [Int32] = []
    private var edgeCount: [Int32] = []
    private var edgeCharacters: [UInt16] = []
    private var edgeTargets: [Int32] = []
    /// Per node, the code points of the reference that ends there (0 when none).
    private var first: [UInt32] = []
    private var second: [UInt32] = []

    static let shared = NamedCharacterReferences(table: table)

    /// The root node's index.
    static let root: Int32 = 0

    init(table: String) {
        // Children per node, while building.
        var children: [[(UInt16, Int32)]] = [[]]
        var values: [(UInt32, UInt32)] = [(0, 0)]
        for entry in table.split(separator: " ") {
            guard let colon = entry.firstIndex(of: ":") else { continue }
            let name = entry[..<colon].utf16
            let points = entry[entry.index(after: colon)...].split(separator: ",").map { UInt32($0, radix: 16)! }
            var node = 0
            for unit in name {
                if let existing = children[node].first(where: { $0.0 == unit }) {
                    node = Int(existing.1)
                } else {
                    children.append([])
                    values.append((0, 0))
                    children[node].append((unit, Int32(children.count - 1)))
                    node = children.count - 1
                }
            }
            values[node] = (points[0], points.count > 1 ? points[1] : 0)
        }
        for (node, edges) in children.enumerated() {
            edgeStart.append(Int32(edgeCharacters.count))
            edgeCount.append(Int32(edges.count))
            for (unit, target) in edges.sorted(by: { $0.0 < $1.0 }) {
                edgeCharacters.append(unit)
                edgeTargets.append(target)
            }
            first.append(values[node].0)
            second.append(values[node].1)
        }
    }

    /// The node reached from `node` by `unit`, or nil when no name continues that way.
    @inline(__always)
    func step(_ node: Int32, _ unit: UInt16) -> Int32? {
        let start = Int(edgeStart[Int(node)])
        let end = start + Int(edgeCount[Int(node)])
        var i = start
        while i < end {
            let c = edgeCharacters[i]
            if c == unit { return edgeTargets[i] }
            if c > unit { return nil }
            i += 1
        }
        return nil
    }

    /// The code points of the reference whose name ends at `node`, if one does.
    @inline(__always)
    func value(at node: Int32) -> (UInt32, UInt32)? {
        let value = first[Int(node)]
        return value == 0 ? nil : (value, second[Int(node)])
    }
}
