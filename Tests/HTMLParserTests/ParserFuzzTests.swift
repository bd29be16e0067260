import Foundation
import Testing
@testable import HTMLParser

/// Seeded fuzzing: thousands of mutations of the html5lib inputs and of real pages
/// (truncations, random code units including NULs and lone surrogates, spliced markup), and
/// hostile shapes (100,000-deep nesting, 100,000 attributes). Every input must give a tree
/// whose links are consistent and whose every range is in bounds, and that prints.
@Suite struct ParserFuzzTests {
    /// SplitMix64: the same seed gives the same inputs on every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Markup that reaches the parser's corners, spliced into inputs.
    static let pieces: [String] = [
        "<table>", "</table>", "<tr>", "<td>", "</td>", "<caption>", "<colgroup><col>", "<tbody>", "<p>", "</p>",
        "<svg>", "</svg>", "<math>", "<mi>", "<mglyph>", "<annotation-xml encoding=text/html>", "<foreignObject>",
        "<desc>", "<template>", "</template>", "<select>", "<option>", "<optgroup>", "<hr>", "<frameset>",
        "<frame>", "<noscript>", "<plaintext>", "<textarea>", "<title>", "<script>", "</script>", "<style>",
        "<!--", "-->", "<![CDATA[", "]]>", "<!DOCTYPE html>", "<!doctype html public \"-//W3C//DTD HTML 4.01//\">",
        "&#x110000;", "&#11111111111;", "&#0;", "&#xD800;", "&amp", "&notin;", "&", "<", "</", ">", "\"", "'",
        "<a href=x>", "</a>", "<b>", "</b>", "<i>", "<nobr>", "<form>", "</form>", "<li>", "<dd>", "<h1>",
        "<button>", "<ruby><rt>", "<image>", "<isindex>", "<menuitem>", "<search>", "<dialog>", "</br>",
        "<body>", "</body>", "<html>", "</html>", "<head>", "</head>", "<base>", "<meta charset=x>", "\0", "\r\n",
        "\u{FEFF}", "<xmp>", "<iframe>", "<noembed>", "<listing>\n",
    ]

    static func seedInputs() -> [[UInt16]] {
        var inputs: [[UInt16]] = []
        for file in (try? HTML5Lib.treeFiles()) ?? [] {
            for test in (try? HTML5Lib.treeTests(in: file)) ?? [] { inputs.append(Array(test.data.utf16)) }
        }
        // Pieces of real pages.
        let pages = HTML5Lib.repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/pages")
        for name in ["002", "wikipedia-2", "msn", "qq", "yahoo-4", "salon-1", "cnet-svg-classes", "nytimes-3"] {
            guard let data = FileManager.default.contents(atPath: pages.appendingPathComponent("\(name)/source.html").path) else { continue }
            let units = Array(String(decoding: data, as: UTF8.self).utf16)
            var start = 0
            while start < units.count, inputs.count < 2_000 {
                inputs.append(Array(units[start..<min(units.count, start + 12_000)]))
                start += 40_000
            }
        }
        return inputs
    }

    static func mutate(_ input: [UInt16], _ random: inout Generator) -> [UInt16] {
        var units = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = units.isEmpty ? 0 : Int.random(in: 0...units.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: // truncate
                units.removeSubrange(position...)
            case 1: // random code units: controls, NUL, lone surrogates, markup characters
                let alphabet: [UInt16] = [0, 0x09, 0x0A, 0x0D, 0x20, 0x26, 0x3C, 0x3E, 0x2F, 0x3D, 0x22, 0x27, 0x21, 0x2D,
                                          0x5D, 0x3F, 0x61, 0x41, 0xD800, 0xDC00, 0xFFFD, 0xFFFF, 0x9D, 0x0B]
                for _ in 0..<Int.random(in: 1...16, using: &random) {
                    units.insert(Bool.random(using: &random) ? alphabet.randomElement(using: &random)!
                                 : UInt16.random(in: 0...0xFFFF, using: &random), at: min(position, units.count))
                }
            case 2: // splice a piece of markup
                units.insert(contentsOf: pieces.randomElement(using: &random)!.utf16, at: position)
            case 3: // delete a range
                let end = min(units.count, position + Int.random(in: 1...64, using: &random))
                if position < end { units.removeSubrange(position..<end) }
            case 4: // repeat a range
                let end = min(units.count, position + Int.random(in: 1...32, using: &random))
                if position < end { units.insert(contentsOf: Array(units[position..<end]), at: end) }
            default: // flip case
                if position < units.count, units[position] < 0x80 { units[position] ^= 0x20 }
            }
        }
        return units
    }

    /// The tree's invariants: links agree with each other, every node is reached once from the
    /// root, every range lies inside its buffer, and names exist.
    static func check(_ tree: FlatTree) -> String? {
        let count = tree.nodeCount
        var seen = Array(repeating: false, count: count)
        var stack: [Int32] = [tree.resultRoot]
        while let parent = stack.popLast() {
            let node = tree.node(parent)
            var previous: Int32 = -1
            var child = node.firstChild
            var children = 0
            while child >= 0 {
                guard child < count, !seen[Int(child)] else { return "node \(child) reached twice or out of range" }
                seen[Int(child)] = true
                let record = tree.node(child)
                guard record.parent == parent, record.previousSibling == previous else { return "node \(child) has wrong links" }
                switch record.kind {
                case .text, .comment, .cdataSection, .processingInstruction:
                    guard record.start >= 0, Int(record.start + record.count) <= tree.characters.count else { return "text \(child) out of range" }
                case .element:
                    guard record.name >= 0, Int(record.name) < tree.names.count else { return "element \(child) has no name" }
                    guard Int(record.start + record.count) <= tree.attributes.count else { return "attributes of \(child) out of range" }
                    for i in Int(record.start)..<Int(record.start + record.count) {
                        let attribute = tree.attributes[i]
                        guard Int(attribute.name) < tree.names.count,
                              Int(attribute.valueStart + attribute.valueLength) <= tree.characters.count else { return "attribute of \(child) out of range" }
                    }
                    stack.append(child)
                    if record.extra >= 0 { stack.append(record.extra) }
                case .doctype, .document, .documentFragment:
                    break
                }
                previous = child
                child = record.nextSibling
                children += 1
            }
            guard node.lastChild == previous else { return "node \(parent)'s last child is wrong" }
        }
        return nil
    }

    static func parse(_ units: [UInt16], fragment: Bool) -> FlatTree {
        var input = units
        HTMLInput.normalizeNewlines(&input)
        return input.withUnsafeBufferPointer { buffer in
            fragment ? HTMLParser.parseFragment(buffer, context: .init(localName: "td"))
                : HTMLParser.parseDocument(buffer)
        }
    }

    /// `make test` runs 4,000; `make fuzz` sets `PREPROCESS_SIM_PARSER_FUZZ_ROUNDS` (100,000).
    static let rounds = ProcessInfo.processInfo.environment["PREPROCESS_SIM_PARSER_FUZZ_ROUNDS"].flatMap(Int.init) ?? 4_000

    @Test func mutatedInputsAlwaysGiveAConsistentTree() throws {
        var random = Generator(state: 13)
        let seeds = Self.seedInputs()
        try #require(seeds.count > 1_500)
        var failures: [String] = []
        for round in 0..<Self.rounds {
            let input = Self.mutate(seeds.randomElement(using: &random)!, &random)
            let tree = Self.parse(input, fragment: round % 5 == 0)
            if let problem = Self.check(tree) {
                failures.append("round \(round): \(problem): \(String(decoding: input.prefix(200), as: UTF16.self).debugDescription)")
            }
            // It prints, and documents always have their html element.
            let printed = HTML5LibTreeFormat.document(tree)
            if round % 5 != 0, !printed.contains("| <html>") { failures.append("round \(round): no html element") }
        }
        print("parser fuzz: \(Self.rounds) inputs, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures.count) inputs:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Hostile shapes by name (made when a test asks, so test logs name them, not print them).
    static let hostileShapes: [String: () -> String] = [
        "100,000 nested divs": { String(repeating: "<div>", count: 100_000) + "x" },
        "50,000 unclosed span, b, i": { String(repeating: "<span><b><i>", count: 50_000) + "x" },
        "100,000 attributes": { "<div " + (0..<100_000).map { "a\($0)=\($0)" }.joined(separator: " ") + ">x</div>" },
        "5,000 nested tables and a frameset": { String(repeating: "<table><tr><td>", count: 5_000) + "<frameset>x" },
        "5,000 nested tables, then a table in a select": {
            String(repeating: "<table><tr><td>", count: 5_000) + "<form><select><option><optgroup><table><caption><frameset>x"
        },
        "50,000 distinct formatting elements": { (0..<50_000).map { "<b class=c\($0)>" }.joined() + "x" },
        "100,000 nested svg groups": { "<svg>" + String(repeating: "<g>", count: 100_000) },
        "200,000 characters of one text node": { "<p>" + String(repeating: "a", count: 200_000) },
        "an unterminated comment of 1 MB": { "<!--" + String(repeating: "-", count: 1_000_000) },
        "100,000 stray end tags": { String(repeating: "</div>", count: 100_000) },
        "100,000 nested templates": { String(repeating: "<template>", count: 100_000) },
    ]

    @Test(arguments: hostileShapes.keys.sorted())
    func hostileShapesParse(name: String) throws {
        let tree = HTMLParser.parseDocument(Self.hostileShapes[name]!())
        #expect(Self.check(tree) == nil, "\(name)")
        #expect(tree.nodeCount > 3, "\(name)")
    }

    @Test func anOutOfRangeCharacterReferenceIsTheReplacementCharacter() {
        let tree = HTMLParser.parseDocument("<p title='&#x110000;'>FOO&#11111111111;bar&#0;&#xD800;</p>")
        let printed = HTML5LibTreeFormat.document(tree)
        #expect(printed.contains("\"FOO\u{FFFD}bar\u{FFFD}\u{FFFD}\""))
        #expect(printed.contains("title=\"\u{FFFD}\""))
    }

    @Test func loneSurrogatesSurviveAsTheyAre() {
        let units: [UInt16] = Array("<p title=\"".utf16) + [0xD800] + Array("\">a".utf16) + [0xDC00] + Array("b".utf16)
        let tree = units.withUnsafeBufferPointer { HTMLParser.parseDocument($0) }
        #expect(tree.characters.contains(0xD800))
        #expect(tree.characters.contains(0xDC00))
    }
}
