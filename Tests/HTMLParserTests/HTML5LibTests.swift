import Foundation

/// The html5lib-tests suite (`../shared/html5lib-tests/`) and WebKit's recorded answers to it
/// (`Fixtures/webkit-html5lib/`).
enum HTML5Lib {
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static let suite = repository.deletingLastPathComponent().appendingPathComponent("shared/html5lib-tests")
    static let fixtures = repository.appendingPathComponent("Tests/HTMLParserTests/Fixtures")

    /// One tree-construction test of a `.dat` file.
    struct TreeTest: Sendable {
        let file: String
        /// 1-based position in its file, counting every test.
        let index: Int
        let data: String
        /// `td`, `svg path`, `math mi`; nil for a document test.
        let fragment: String?
        /// "on", "off" or nil (both).
        let script: String?
        let document: String

        var id: String { "\(file)#\(index)" }
    }

    static let sectionNames: Set<String> = ["#data", "#errors", "#new-errors", "#document-fragment", "#script-off",
                                            "#script-on", "#document"]

    /// The tests of `file`, in order (the format of `tree-construction/README.md`: only LF
    /// separates lines; in `#data` only `#errors` ends the section).
    static func treeTests(in file: String) throws -> [TreeTest] {
        let text = try String(contentsOf: suite.appendingPathComponent("tree-construction/\(file)"), encoding: .utf8)
        var tests: [[String: [String]]] = []
        var section = ""
        for substring in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(substring)
            if line == "#data", tests.isEmpty || section == "#document" {
                tests.append(["#data": []])
                section = "#data"
                continue
            }
            guard !tests.isEmpty else { continue }
            if sectionNames.contains(line), section != "#data" || line == "#errors" {
                section = line
                tests[tests.count - 1][section] = []
                continue
            }
            tests[tests.count - 1][section, default: []].append(line)
        }
        return tests.enumerated().map { offset, sections in
            var document = sections["#document"] ?? []
            while document.last == "" { document.removeLast() }
            let context = sections["#document-fragment"]?.first { !$0.isEmpty }
            let script = sections["#script-off"] != nil ? "off" : sections["#script-on"] != nil ? "on" : nil
            return TreeTest(file: file, index: offset + 1, data: (sections["#data"] ?? []).joined(separator: "\n"),
                            fragment: context, script: script, document: document.joined(separator: "\n"))
        }
    }

    static func treeFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: suite.appendingPathComponent("tree-construction").path)
            .filter { $0.hasSuffix(".dat") }.sorted()
    }

    /// WebKit's tree for each test where it is not the expected one (results.jsonl).
    static let webKitTrees: [String: String] = {
        let url = fixtures.appendingPathComponent("webkit-html5lib/results.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var trees: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = object["id"] as? String else { continue }
            if object["matchesExpected"] as? Bool == false, let tree = object["webkit"] as? String { trees[id] = tree }
        }
        return trees
    }()

    static let webKitRecordedTests: Int = {
        let url = fixtures.appendingPathComponent("webkit-html5lib/results.jsonl")
        return ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").count
    }()
}
