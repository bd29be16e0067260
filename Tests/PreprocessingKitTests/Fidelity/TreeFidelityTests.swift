import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// The tree as WebKit builds it: `document.all`, white space around trailing comments, and the
/// html5lib trees WebKit gives. (The tree probes' whole results are FidelityFloorTests'.)
@Suite(.serialized) struct TreeFidelityTests {
    // Whole results of the probes `tree`, `selectors`, `urls-forms`, `encoding`, `tree-shape` and
    // `tree-shape-wide` are held case by case by FidelityFloorTests (known-differences.json).

    // MARK: document.all

    @Test func documentAllIsUndetectableYetCountsEveryElement() throws {
        let html = "<!doctype html><title>t</title><p id=a>x</p><p name=b>y</p>"
        #expect(try SimulatorHarness.evaluate("typeof document.all", html: html) == "undefined")
        #expect(try SimulatorHarness.evaluate("document.all ? 'truthy' : 'falsy'", html: html) == "falsy")
        #expect(try SimulatorHarness.evaluate("document.all == null", html: html) == "true")
        #expect(try SimulatorHarness.evaluate("document.all === undefined", html: html) == "false")
        #expect(try SimulatorHarness.evaluate("'all' in document", html: html) == "true")
        // html, head, title, body, p, p
        #expect(try SimulatorHarness.evaluate("document.all.length", html: html) == "6")
        #expect(try SimulatorHarness.evaluate("document.all[4].id", html: html) == "a")
        #expect(try SimulatorHarness.evaluate("document.all.item(0).nodeName", html: html) == "HTML")
        #expect(try SimulatorHarness.evaluate("document.all.namedItem('a').textContent", html: html) == "x")
    }

    @Test func documentAllFollowsTreeChanges() throws {
        let html = "<!doctype html><p>x</p>"
        let after = try SimulatorHarness.evaluate(
            "(document.all.length, document.body.appendChild(document.createElement('div')), document.all.length + ':' + document.all[document.all.length - 1].nodeName)",
            html: html)
        // html, head, body, p, then the new div
        #expect(after == "5:DIV")
    }

    // MARK: parser corrections

    @Test func whitespaceBetweenTrailingCommentsJoinsOneTextNodeInBody() throws {
        // gumbo makes one text node per run between the comments; WebKit appends to the last one.
        let html = "<!doctype html><body><div></div>\n</body>\n</html>\n<!--a-->\n<!--b-->\n"
        let count = try SimulatorHarness.evaluate("document.body.childNodes.length", html: html)
        #expect(count == "2")
        let last = try SimulatorHarness.evaluate("JSON.stringify(document.body.lastChild.data)", html: html)
        // before </body>, after it, after </html>, and between and after the comments
        #expect(last == "\"\\n\\n\\n\\n\\n\"")
    }

    // MARK: html5lib trees

    /// Our tree of each html5lib document in the `.tree.txt` format, compared with the expected
    /// tree (scripting off unless the test says otherwise; Safari parses with scripting on, so
    /// `<noscript>` cases differ by design). Records which documents differ.
    @Test func html5libTreesMatchTheExpectedTreesExceptDocumentedOnes() throws {
        let folder = Paths.shared.appendingPathComponent("corpus/extra-pages/html5lib-tests")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".tree.txt") }.sorted()
        try #require(!names.isEmpty)
        // Differences decided and documented in docs/fidelity-tree.md: WebKit parses with
        // scripting on, so noscript content is raw text there and in the simulator.
        let knownDifferences: Set<String> = ["noscript01-009", "noscript01-013"]
        var differing: [String] = []
        for name in names {
            let base = String(name.dropLast(".tree.txt".count))
            let html = try String(contentsOf: folder.appendingPathComponent(base + ".html"), encoding: .utf8)
            let expected = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            let ours = try SimulatorHarness.evaluate("(\(Self.treeSerializer))(document)", html: html)
                .trimmingCharacters(in: .newlines)
            if ours != expected {
                differing.append(base)
                if !knownDifferences.contains(base) { print("html5lib \(base):\n--- ours\n\(ours)\n--- expected\n\(expected)") }
            }
        }
        print("html5lib trees: \(names.count - differing.count)/\(names.count) identical; differing: \(differing)")
        #expect(Set(differing).subtracting(knownDifferences).isEmpty, "undocumented differences: \(differing)")
    }

    /// html5lib's tree format: `| ` then two spaces a level; attributes sorted, one level in;
    /// template contents under `content`.
    static let treeSerializer = #"""
    function (doc) {
      var lines = [];
      function pad(depth) { return "| " + new Array(depth + 1).join("  "); }
      function prefix(node) {
        if (node.namespaceURI === "http://www.w3.org/2000/svg") return "svg ";
        if (node.namespaceURI === "http://www.w3.org/1998/Math/MathML") return "math ";
        return "";
      }
      function walk(node, depth) {
        for (var child = node.firstChild; child; child = child.nextSibling) {
          if (child.nodeType === 1) {
            lines.push(pad(depth) + "<" + prefix(child) + child.localName + ">");
            var attributes = Array.prototype.slice.call(child.attributes).map(function (a) {
              var name = a.prefix ? a.prefix + " " + a.localName : a.name;
              return pad(depth + 1) + name + "=\"" + a.value + "\"";
            }).sort();
            lines.push.apply(lines, attributes);
            if (child.localName === "template" && child.content) {
              lines.push(pad(depth + 1) + "content");
              walk(child.content, depth + 2);
            }
            walk(child, depth + 1);
          } else if (child.nodeType === 3) {
            lines.push(pad(depth) + "\"" + child.data + "\"");
          } else if (child.nodeType === 8) {
            lines.push(pad(depth) + "<!-- " + child.data + " -->");
          } else if (child.nodeType === 10) {
            var ids = child.publicId || child.systemId ? " \"" + child.publicId + "\" \"" + child.systemId + "\"" : "";
            lines.push(pad(depth) + "<!DOCTYPE " + child.name + ids + ">");
          }
        }
      }
      walk(doc, 0);
      return lines.join("\n");
    }
    """#
}

/// Every API of `shared/corpus/api-frequency.md` either works or is named by an
/// `unsupported-api` warning with the script's file:line:column, never an opaque TypeError.
@Suite struct UnsupportedAPIReportTests {
    static let folder = Paths.fixtures.appendingPathComponent("api-frequency")

    /// APIs the simulator does not model; each must be reported, with the calling line.
    static let reported: [String: String] = [
        "webkitSetPresentationMode": "HTMLVideoElement.webkitSetPresentationMode(picture-in-picture)",
        "canvas toDataURL": "HTMLCanvasElement.toDataURL",
        "document.evaluate": "Document.evaluate",
    ]

    @Test func everyCorpusAPIWorksOrIsReportedWithItsLocation() throws {
        let script = Self.folder.appendingPathComponent("touch-every-api.js").path
        let transcript = try SimulatorHarness.run(script: script, page: Self.folder.appendingPathComponent("page.html").path,
                                                  url: "https://example.com/articles/page.html")
        let outcomes = try #require(OracleFixtures.jsonObject(transcript.results) as? [String: Any])
        #expect(outcomes.count >= 75, "the script touches every listed API")
        let warnings = transcript.diagnostics.filter { $0.code == "unsupported-api" }.map(\.message)
        for (name, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            if let api = Self.reported[name] {
                let warning = warnings.first { $0.contains(api) }
                #expect(warning != nil, "\(name) is not reported: \(warnings)")
                // The location is the script's line that made the call (line 87–89 of the fixture).
                #expect(warning?.contains("touch-every-api.js:") == true, "no location in \(warning ?? "nil")")
            } else {
                #expect(outcome as? String == "ok", "\(name): \(outcome)")
            }
        }
        let evaluateWarning = warnings.first { $0.contains("Document.evaluate") } ?? ""
        let lines = try String(contentsOfFile: script, encoding: .utf8).components(separatedBy: "\n")
        let evaluateLine = try #require(lines.firstIndex { $0.contains("document.evaluate(") }) + 1
        #expect(evaluateWarning.contains("touch-every-api.js:\(evaluateLine):"), "\(evaluateWarning) should name line \(evaluateLine)")
        // The same place is the diagnostic's own, so it prints as file:line:column: warning: ….
        let evaluateDiagnostic = transcript.diagnostics.first { $0.code == "unsupported-api" && $0.message.contains("Document.evaluate") }
        #expect(evaluateDiagnostic?.line == evaluateLine)
        #expect(evaluateDiagnostic?.file?.hasSuffix("touch-every-api.js") == true)
        #expect(evaluateDiagnostic?.column != nil)
    }
}
