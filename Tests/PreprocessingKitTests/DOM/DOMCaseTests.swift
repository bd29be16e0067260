import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// DOM behaviour cases kept as data (`Fixtures/dom-cases/*.json`): each evaluates an expression
/// in a page built from `html` and compares `String(value)` with what WebKit gives.
///
/// A case with `"pageScripts": true` runs the page's own scripts first (`--page-scripts`, recorded
/// with WebKit running them) and evaluates the expression as a preprocessing script would.
///
/// A case with `"async": true` is awaited: its expression's promise settles on the page's event
/// loop (virtual clock) before its value is compared.
///
/// A case that carries `"differs": "why"` is a known difference (WebKit's answer is recorded,
/// the simulator does not give it yet, for the reason stated): it must still differ, so the
/// day it is fixed the marker has to go and the case guards the fix.
struct DOMCase: CustomTestStringConvertible, Sendable {
    let file: String
    let name: String
    let html: String
    let script: String
    let expected: String
    let selectText: String?
    let occurrence: Int
    /// Whether the page's own scripts run before the expression is evaluated.
    let pageScripts: Bool
    /// Whether the expression's value is awaited (a promise) on the page's event loop.
    let isAsync: Bool
    /// Why the simulator does not give WebKit's answer yet, for a known difference.
    let knownDifference: String?

    var testDescription: String { "\(file): \(name)" }

    /// The file's entries as JSON objects, or nil when the file cannot be read as an array of them.
    static func entries(_ file: String) -> [[String: Any]]? {
        let url = Paths.fixtures.appendingPathComponent("dom-cases/\(file)")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
    }

    static func load(_ file: String) -> [DOMCase] {
        (entries(file) ?? []).compactMap { entry in
            guard let name = entry["name"] as? String, let script = entry["script"] as? String else { return nil }
            let expected = entry["expected"].map { value -> String in
                if let string = value as? String { return string }
                if let number = value as? NSNumber {
                    if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
                    return number.stringValue
                }
                if value is NSNull { return "null" }
                return "\(value)"
            } ?? "undefined"
            let select = entry["select"] as? [String: Any]
            return DOMCase(file: file, name: name,
                           html: entry["html"] as? String ?? "<!DOCTYPE html><html><head><title>t</title></head><body></body></html>",
                           script: script, expected: expected,
                           selectText: select?["text"] as? String, occurrence: select?["occurrence"] as? Int ?? 1,
                           pageScripts: entry["pageScripts"] as? Bool ?? false, isAsync: entry["async"] as? Bool ?? false,
                           knownDifference: entry["differs"] as? String)
        }
    }

    static var files: [String] {
        let folder = Paths.fixtures.appendingPathComponent("dom-cases")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static var all: [DOMCase] { files.flatMap(load) }
}

@Suite struct DOMCaseTests {
    @Test(arguments: DOMCase.all)
    func behavesAsWebKit(_ domCase: DOMCase) throws {
        let actual: String
        do {
            if domCase.isAsync {
                actual = try SimulatorHarness.evaluateAsync(domCase.script, html: domCase.html)
            } else if domCase.pageScripts {
                actual = try SimulatorHarness.evaluateAfterPageScripts(domCase.script, html: domCase.html)
            } else {
                actual = try SimulatorHarness.evaluate(domCase.script, html: domCase.html,
                                                       selectText: domCase.selectText, occurrence: domCase.occurrence)
            }
        } catch {
            actual = "threw \(error)"
        }
        if let why = domCase.knownDifference {
            #expect(actual != domCase.expected,
                    "\(domCase.name) now gives WebKit's answer: remove its \"differs\" marker (\(why))")
        } else {
            #expect(actual == domCase.expected, "\(domCase.name): \(domCase.script)")
        }
    }

    /// A file that does not parse, or an entry without a name or a script, would otherwise give
    /// no case and pass unnoticed.
    @Test(arguments: DOMCase.files)
    func everyEntryOfTheFileIsACase(_ file: String) {
        guard let entries = DOMCase.entries(file) else {
            Issue.record("\(file) is not a JSON array of cases")
            return
        }
        #expect(!entries.isEmpty, "\(file) holds no case")
        #expect(DOMCase.load(file).count == entries.count,
                "\(file): \(entries.count - DOMCase.load(file).count) entries have no name or no script")
    }
}
