import Foundation
import Testing
@testable import HTMLParser

/// Markup that meets WebKit's depth cap in the shapes the depth cap fuzz family found
/// (`ParserFuzzTests+DepthCap.swift`), against WebKit's own answers
/// (`Fixtures/webkit-depth-cap/cases.jsonl`, recorded by `Tests/record-webkit-depth-cap.py`).
///
/// Where WebKit builds a tree, the parser builds the same one. Where WebKit's web process
/// crashes or hangs (it re-enters "in select in table" or "close the cell" for an element the cap took
/// off the stack, without end), there is no tree to match: the parser's rule is that popping
/// until an element that is no longer open pops nothing (`popUntil`), and the tree it gives
/// must be whole and consistent.
@Suite struct DepthCapTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let name: String
        let shape: String
        let html: String
        let webkit: String?
        let outcome: String
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let url = HTML5Lib.fixtures.appendingPathComponent("webkit-depth-cap/cases.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }()

    /// html5lib's tree format with each line's indentation written as its depth, as the
    /// recording script writes WebKit's trees.
    static func numbered(_ printed: String) -> String {
        printed.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("| ") else { return String(line) }
            let body = line.dropFirst(2)
            let content = body.drop { $0 == " " }
            return "\((body.count - content.count) / 2) \(content)"
        }.joined(separator: "\n")
    }

    @Test func theFixtureHoldsEveryShape() {
        #expect(Self.cases.count >= 8)
        #expect(Set(Self.cases.map(\.shape)).count >= 3)
        #expect(Self.cases.contains { $0.webkit == nil } && Self.cases.contains { $0.webkit != nil })
    }

    @Test(arguments: cases)
    func markupAtTheDepthCapGivesWebKitsTree(_ testCase: Case) throws {
        let tree = HTMLParser.parseDocument(testCase.html)
        #expect(ParserFuzzTests.check(tree) == nil)
        let printed = HTML5LibTreeFormat.document(tree)
        #expect(printed.contains("| <html>"))
        if let webkit = testCase.webkit {
            let ours = Self.numbered(printed)
            #expect(ours == webkit, "first difference at line \(zip(ours.split(separator: "\n"), webkit.split(separator: "\n")).prefix { $0 == $1 }.count + 1)")
        } else {
            #expect(testCase.outcome.hasPrefix("no tree: "))
        }
    }
}
