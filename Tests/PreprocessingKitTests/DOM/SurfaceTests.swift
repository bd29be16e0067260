import Foundation
import Testing
import TestSupport
import JavaScriptEngine
@testable import PreprocessingKit

/// The simulator's platform surface against WebKit's, recorded by `Tests/record-webkit-surface.py`
/// into `Fixtures/surface/webkit.json`: both sides run `Fixtures/surface/walk.js`, and each
/// (owner, member) pair WebKit has — a window global, an interface's own presence, parent and
/// length, each static and prototype member, each member of the objects a page reaches — is
/// identical when the simulator has it with the same descriptor kind, writable/enumerable/
/// configurable flags, typeof, function length and constant. Entries browser-compat-data says
/// Safari on iOS never had are not expected. The identical share has a floor at the measured
/// figure, and the floor follows the results: it fails when the share drops, and when it rises
/// past the floor by more than half a point (raise the floor then).
@Suite struct SurfaceTests {
    /// The identical share measured when the floor was last raised, in percent.
    static let floor = 14.39

    struct Comparison {
        var identical = 0
        var total = 0
        /// Per owner (an interface, "window", an object's label), the members WebKit has and the
        /// simulator lacks, in WebKit's order.
        var missing: [(owner: String, names: [String])] = []
        /// Per owner, members present with another shape: "name: WebKit … ≠ simulator …".
        var different: [(owner: String, details: [String])] = []
        var share: Double { total == 0 ? 0 : Double(identical) * 100 / Double(total) }
        var missingCount: Int { missing.reduce(0) { $0 + $1.names.count } }

        /// The owners with the most missing members first: what later work raises the figure with.
        func report(limit: Int = 40) -> String {
            var lines = [String(format: "%d of %d (interface, member) pairs identical to WebKit's: %.2f%%; %d missing", identical, total, share, missingCount)]
            for entry in missing.sorted(by: { $0.names.count > $1.names.count }).prefix(limit) {
                lines.append("  \(entry.owner): \(entry.names.count) missing: \(entry.names.prefix(12).joined(separator: ", "))\(entry.names.count > 12 ? ", …" : "")")
            }
            return lines.joined(separator: "\n")
        }
    }

    static func loadJSON(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func webKitSurface() throws -> [String: Any] {
        try loadJSON(try Data(contentsOf: Paths.fixtures.appendingPathComponent("surface/webkit.json")))
    }

    static func simulatorSurface(page html: String, url: String) throws -> [String: Any] {
        let walk = try String(contentsOf: Paths.fixtures.appendingPathComponent("surface/walk.js"), encoding: .utf8)
        let page = try PageContext(html: html, configuration: .init(url: url), machine: JavaScriptVirtualMachine())
        return try loadJSON(Data(try page.javaScript.evaluate(walk).stringValue.utf8))
    }

    /// A member's comparable fields, without the name and the iOS mark.
    static func shape(_ entry: [Any]) -> String {
        entry.dropFirst().prefix(5).map { value in
            if value is NSNull { return "null" }
            return "\(value)"
        }.joined(separator: " ")
    }

    static func isNeverOnIOS(_ entry: [Any]) -> Bool { entry.count > 6 && (entry[6] as? String) == "never" }

    static func compare(webKit: [String: Any], simulator: [String: Any]) -> Comparison {
        var result = Comparison()
        func compareMembers(_ owner: String, _ expected: [[Any]], _ actual: [[Any]]) {
            let actualByName = Dictionary(actual.compactMap { entry in (entry.first as? String).map { ($0, entry) } }, uniquingKeysWith: { first, _ in first })
            var missing: [String] = [], different: [String] = []
            for entry in expected where !isNeverOnIOS(entry) {
                guard let name = entry.first as? String else { continue }
                result.total += 1
                guard let mine = actualByName[name] else { missing.append(name); continue }
                if shape(entry) == shape(mine) { result.identical += 1 } else { different.append("\(name): WebKit \(shape(entry)) ≠ simulator \(shape(mine))") }
            }
            if !missing.isEmpty { result.missing.append((owner, missing)) }
            if !different.isEmpty { result.different.append((owner, different)) }
        }
        compareMembers("window", webKit["globals"] as? [[Any]] ?? [], simulator["globals"] as? [[Any]] ?? [])

        let mine = Dictionary((simulator["interfaces"] as? [[String: Any]] ?? []).compactMap { entry in (entry["name"] as? String).map { ($0, entry) } },
                              uniquingKeysWith: { first, _ in first })
        for interface in webKit["interfaces"] as? [[String: Any]] ?? [] {
            guard let name = interface["name"] as? String, (interface["ios"] as? String) != "never" else { continue }
            result.total += 1
            guard let simulated = mine[name] else {
                let members = ((interface["statics"] as? [[Any]] ?? []) + (interface["prototype"] as? [[Any]] ?? [])).filter { !isNeverOnIOS($0) }
                result.total += members.count
                result.missing.append((name, ["(interface)"] + members.compactMap { $0.first as? String }))
                continue
            }
            let sameHead = "\(interface["parent"] ?? NSNull()) \(interface["length"] ?? NSNull())" == "\(simulated["parent"] ?? NSNull()) \(simulated["length"] ?? NSNull())"
            if sameHead { result.identical += 1 } else { result.different.append((name, ["(interface): parent or length"])) }
            compareMembers(name + " (static)", interface["statics"] as? [[Any]] ?? [], simulated["statics"] as? [[Any]] ?? [])
            compareMembers(name, interface["prototype"] as? [[Any]] ?? [], simulated["prototype"] as? [[Any]] ?? [])
        }

        let objects = Dictionary((simulator["objects"] as? [[String: Any]] ?? []).compactMap { entry in (entry["name"] as? String).map { ($0, entry) } },
                                 uniquingKeysWith: { first, _ in first })
        for object in webKit["objects"] as? [[String: Any]] ?? [] {
            guard let name = object["name"] as? String else { continue }
            let expected = (object["members"] as? [[Any]] ?? []).map { [$0[0], $0[1]] }
            let actual = (objects[name]?["members"] as? [[Any]] ?? []).map { [$0[0], $0[1]] }
            compareMembers(name, expected, actual)
        }
        return result
    }

    static let measured: Comparison = {
        guard let webKit = try? webKitSurface(),
              let page = webKit["page"] as? String, let url = webKit["url"] as? String,
              let simulator = try? simulatorSurface(page: page, url: url) else { return Comparison() }
        return compare(webKit: webKit, simulator: simulator)
    }()

    @Test func theShareOfWebKitsSurfaceFollowsItsFloor() {
        let comparison = Self.measured
        #expect(comparison.total > 10_000, "the recorded table or the walk did not load")
        print(comparison.report())
        #expect(comparison.share >= Self.floor, "the surface lost members WebKit has:\n\(comparison.report())")
        #expect(comparison.share < Self.floor + 0.5,
                "the surface rose to \(String(format: "%.2f", comparison.share))%: raise SurfaceTests.floor to that figure")
    }

    /// The interfaces modelled in full keep every member WebKit has, but for those listed with
    /// their reason.
    static let knownAbsent: [String: String] = [
        "stream": "Blob.stream() returns a ReadableStream, which the simulator does not have yet",
    ]

    @Test func modelledInterfacesHaveWebKitsMembers() {
        let comparison = Self.measured
        for owner in ["Blob", "File", "FileReader", "FormData", "ProgressEvent", "SubtleCrypto"] {
            let missing = (comparison.missing.first { $0.owner == owner }?.names ?? []).filter { Self.knownAbsent[$0] == nil }
            #expect(missing.isEmpty, "\(owner) lacks \(missing.joined(separator: ", "))")
        }
        let window = comparison.missing.first { $0.owner == "window" }?.names ?? []
        for name in ["Blob", "File", "FileReader", "FormData", "ProgressEvent", "SubtleCrypto", "structuredClone"] {
            #expect(!window.contains(name), "the window lacks \(name)")
        }
    }

    /// The comparison counts what it should: a member removed from the simulator's side is missing,
    /// one with another flag is different.
    @Test func theComparisonSeesAMissingAndAChangedMember() {
        let webKit: [String: Any] = ["globals": [["a", "data", "wc", "function", 1, NSNull()], ["b", "data", "wc", "number", NSNull(), NSNull()],
                                                 ["n", "data", "wc", "object", NSNull(), NSNull(), "never"]],
                                     "interfaces": [["name": "X", "parent": NSNull(), "length": 0, "statics": [[Any]](),
                                                     "prototype": [["m", "data", "wec", "function", 0, NSNull()]]]],
                                     "objects": [[String: Any]]()]
        let simulator: [String: Any] = ["globals": [["a", "data", "wc", "function", 1, NSNull()]],
                                        "interfaces": [["name": "X", "parent": NSNull(), "length": 0, "statics": [[Any]](),
                                                        "prototype": [["m", "data", "wc", "function", 0, NSNull()]]]],
                                        "objects": [[String: Any]]()]
        let comparison = Self.compare(webKit: webKit, simulator: simulator)
        #expect(comparison.total == 4)
        #expect(comparison.identical == 2)
        #expect(comparison.missing.map(\.owner) == ["window"])
        #expect(comparison.missing.first?.names == ["b"])
        #expect(comparison.different.map(\.owner) == ["X"])
    }
}
