import Foundation
import Testing
@testable import HTMLParser

/// Every html5lib tree-construction test that applies to a parser with scripting on: the tree
/// must be the one WebKit builds, which is the suite's expected tree except where WebKit's
/// recorded answer (Fixtures/webkit-html5lib) says otherwise.
@Suite struct TreeConstructionTests {
    /// Tests this parser fails, each with the reason; a listed test that passes fails the
    /// suite, so the list cannot go stale.
    static let knownFailures: [String: String] = [:]

    static func files() -> [String] { (try? HTML5Lib.treeFiles()) ?? [] }

    static func tree(for test: HTML5Lib.TreeTest) -> String {
        if let fragment = test.fragment {
            let parts = fragment.split(separator: " ")
            let context: HTMLParser.FragmentContext
            if parts.count == 2 {
                context = .init(localName: String(parts[1]), namespace: parts[0] == "svg" ? .svg : .mathml)
            } else {
                context = .init(localName: fragment)
            }
            return HTML5LibTreeFormat.document(HTMLParser.parseFragment(test.data, context: context))
        }
        return HTML5LibTreeFormat.document(HTMLParser.parseDocument(test.data))
    }

    @Test(arguments: files())
    func buildsWebKitsTree(file: String) throws {
        let all = try HTML5Lib.treeTests(in: file)
        #expect(!all.isEmpty)
        let tests = all.filter { $0.script != "off" }
        var failures: [String] = []
        var unexpectedPasses: [String] = []
        for test in tests {
            let expected = HTML5Lib.webKitTrees[test.id] ?? test.document
            let actual = Self.tree(for: test)
            let known = Self.knownFailures[test.id]
            if actual == expected {
                if known != nil { unexpectedPasses.append(test.id) }
            } else if known == nil {
                failures.append("""
                \(test.id)\(test.fragment.map { " (fragment: \($0))" } ?? "")\(HTML5Lib.webKitTrees[test.id] != nil ? " [WebKit's tree]" : "")
                #data
                \(test.data)
                #expected
                \(expected)
                #actual
                \(actual)
                """)
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(tests.count) tests in \(file) build another tree:\n\n\(failures.joined(separator: "\n\n"))")
        #expect(unexpectedPasses.isEmpty, "listed as failing but pass (remove them from knownFailures): \(unexpectedPasses)")
    }

    @Test func everyApplicableTestHasWebKitsRecordedAnswer() throws {
        var applicable = 0
        for file in Self.files() {
            applicable += try HTML5Lib.treeTests(in: file).filter { $0.script != "off" }.count
        }
        #expect(applicable == 1765)
        #expect(HTML5Lib.webKitRecordedTests == applicable)
        #expect(HTML5Lib.webKitTrees.count == 28)
    }
}
