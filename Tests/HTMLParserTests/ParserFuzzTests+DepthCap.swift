import Foundation
import Testing
@testable import HTMLParser

/// The depth cap family: every html5lib tree-construction input, and real pages, parsed under
/// a prefix that has already brought the stack of open elements to WebKit's cap (512) or near
/// it, so that every insertion mode, foster parenting, the adoption agency, templates and
/// foreign content run where the cap takes elements off the stack. The other fuzzing never
/// nests that deep, so it never meets the cap.
///
/// `make test` runs every input under every kind of nesting at the cap itself (where the
/// inputs that crashed the parser all crashed), as documents; `make fuzz`
/// (`PREPROCESS_SIM_PARSER_FUZZ_ROUNDS` set) every depth from cap − 2 to cap + 2, as
/// documents and as `div` fragments.
extension ParserFuzzTests {
    /// What the prefix nests.
    enum Nesting: String, CaseIterable, Sendable {
        case blocks, lists, formatting, templates, tables, svg, mathml

        /// Markup that opens `count` elements (one more than `count` where a unit opens more
        /// than one element and `count` falls inside it, filled up with `div`s).
        func prefix(opening count: Int) -> String {
            switch self {
            case .blocks: return String(repeating: "<div>", count: count)
            case .lists: return String(repeating: "<ul><li>", count: count / 2) + String(repeating: "<div>", count: count % 2)
            case .formatting:
                // Twelve names in turn: the Noah's Ark clause keeps at most three of a kind.
                let names = ["b", "i", "u", "s", "em", "strong", "small", "big", "tt", "code", "font", "strike"]
                return (0..<count).map { "<\(names[$0 % names.count])>" }.joined()
            case .templates: return String(repeating: "<template>", count: count)
            case .tables:
                // A table opens four elements: table, the implied tbody, tr, td.
                return String(repeating: "<table><tr><td>", count: count / 4) + String(repeating: "<div>", count: count % 4)
            case .svg: return "<svg>" + String(repeating: "<g>", count: max(0, count - 1))
            case .mathml: return "<math>" + String(repeating: "<mrow>", count: max(0, count - 1))
            }
        }
    }

    /// The stack depths the prefixes bring a document to (html and body included).
    static var depthCapOffsets: [Int] { rounds > 4_000 ? [-2, -1, 0, 1, 2] : [0] }

    static func depthCapInputs() -> [(name: String, units: [UInt16])] {
        var inputs: [(String, [UInt16])] = []
        for file in (try? HTML5Lib.treeFiles()) ?? [] {
            for test in (try? HTML5Lib.treeTests(in: file)) ?? [] { inputs.append((test.id, Array(test.data.utf16))) }
        }
        // Real pages, whole: every tenth of the corpus, in name order.
        let pages = HTML5Lib.repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/pages")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []).sorted()
        for (index, name) in names.enumerated() where index % 10 == 0 {
            guard let data = FileManager.default.contents(atPath: pages.appendingPathComponent("\(name)/source.html").path) else { continue }
            inputs.append(("page \(name)", Array(String(decoding: data, as: UTF8.self).utf16)))
        }
        return inputs
    }

    /// The deepest element, counting a template's contents as its children (a tree printed in
    /// html5lib's format, minus the `content` lines).
    static func elementDepth(_ tree: FlatTree) -> Int {
        var deepest = 0
        var stack: [(node: Int32, depth: Int)] = [(tree.resultRoot, 0)]
        while let (parent, depth) = stack.popLast() {
            var child = tree.node(parent).firstChild
            while child >= 0 {
                let record = tree.node(child)
                if record.kind == .element {
                    deepest = max(deepest, depth + 1)
                    stack.append((child, depth + 1))
                    if record.extra >= 0 { stack.append((record.extra, depth + 1)) }
                }
                child = record.nextSibling
            }
        }
        return deepest
    }

    static func elementCount(_ tree: FlatTree) -> Int {
        (0..<tree.nodeCount).reduce(0) { $0 + (tree.node(Int32($1)).kind == .element ? 1 : 0) }
    }

    /// Problems with a tree parsed under a prefix: the flat tree's own invariants, that it
    /// prints with its html element (when `prints`), and that past the prefix's own depth the
    /// tree gets at most one level deeper per element the rest of the input made.
    static func depthCapProblem(_ tree: FlatTree, fragment: Bool, prefixDepth: Int, prefixElements: Int, prints: Bool) -> String? {
        if let problem = check(tree) { return problem }
        if prints {
            // Line by line: each line of a tree 512 deep is a kilobyte of indentation.
            var hasHTML = false
            HTML5LibTreeFormat.forEachLine(of: tree) { line in hasHTML = hasHTML || line == "| <html>" }
            if !fragment, !hasHTML { return "no html element" }
        }
        let depth = elementDepth(tree)
        let allowed = prefixDepth + max(0, elementCount(tree) - prefixElements)
        if depth > allowed { return "an element at depth \(depth), more than the \(allowed) the cap allows" }
        return nil
    }

    static func parseUnderPrefix(_ units: [UInt16], fragment: Bool) -> FlatTree {
        var input = units
        HTMLInput.normalizeNewlines(&input)
        return input.withUnsafeBufferPointer { buffer in
            fragment ? HTMLParser.parseFragment(buffer, context: .init(localName: "div")) : HTMLParser.parseDocument(buffer)
        }
    }

    @Test func everyInputUnderEveryNestingAtTheDepthCapGivesAConsistentTree() throws {
        let inputs = Self.depthCapInputs()
        try #require(inputs.count > 1_700)
        let cap = HTMLParser.webKitMaximumDepth
        let modes = Self.rounds > 4_000 ? [false, true] : [false]
        let started = Date()
        var parsed = 0
        var seconds: [Nesting: Double] = [:]
        var failures: [String] = []
        for fragment in modes {
            // A fragment's stack starts with its own html element only.
            let rootEntries = fragment ? 1 : 2
            for nesting in Nesting.allCases {
                let nestingStarted = Date()
                defer { seconds[nesting, default: 0] += Date().timeIntervalSince(nestingStarted) }
                for offset in Self.depthCapOffsets {
                    let prefix = Array(nesting.prefix(opening: cap + offset - rootEntries).utf16)
                    let prefixTree = Self.parseUnderPrefix(prefix, fragment: fragment)
                    let prefixDepth = Self.elementDepth(prefixTree)
                    // The prefix alone: WebKit's rule lets an element made with its parent for
                    // the same token (a table's implied tbody and tr) go one level past the cap.
                    if prefixDepth > cap + 1 {
                        failures.append("\(nesting) at cap\(offset >= 0 ? "+" : "")\(offset): the prefix alone reaches depth \(prefixDepth)")
                    }
                    let prefixElements = Self.elementCount(prefixTree)
                    for (name, units) in inputs {
                        let tree = Self.parseUnderPrefix(prefix + units, fragment: fragment)
                        parsed += 1
                        // Printing costs more than parsing this deep: `make test` prints every
                        // eighth html5lib input's tree, `make fuzz` every tree.
                        let prints = Self.rounds > 4_000 || (parsed % 8 == 0 && !name.hasPrefix("page "))
                        if let problem = Self.depthCapProblem(tree, fragment: fragment, prefixDepth: max(prefixDepth, cap),
                                                              prefixElements: prefixElements, prints: prints) {
                            failures.append("\(fragment ? "fragment" : "document"), \(nesting) at cap\(offset >= 0 ? "+" : "")\(offset), \(name): \(problem)")
                        }
                    }
                }
            }
        }
        let perNesting = Nesting.allCases.map { "\($0) \(String(format: "%.1f", seconds[$0] ?? 0))" }.joined(separator: ", ")
        print("depth cap fuzz: \(inputs.count) inputs × \(Nesting.allCases.count) nestings × \(Self.depthCapOffsets.count) depths"
              + " × \(modes.count) modes = \(parsed) parses, \(failures.count) failures,"
              + " \(String(format: "%.1f", Date().timeIntervalSince(started))) s (\(perNesting))")
        #expect(failures.isEmpty, "\(failures.count) inputs:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
