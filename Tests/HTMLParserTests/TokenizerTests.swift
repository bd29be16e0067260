import Foundation
import Testing
@testable import HTMLParser

/// html5lib's tokenizer tests (`tokenizer/*.test`): each input, in each of its initial states,
/// gives exactly the listed tokens (adjacent characters joined). Parse errors are not compared:
/// this tokenizer does not report them. `xmlViolation.test` is for XML-coercing tokenizers
/// and does not apply.
@Suite struct TokenizerTests {
    /// A token as the tests write it; strings as UTF-16 so lone surrogates survive.
    enum Token: Equatable, CustomStringConvertible {
        case doctype(name: [UInt16]?, publicId: [UInt16]?, systemId: [UInt16]?, correct: Bool)
        case startTag(name: [UInt16], attributes: [[UInt16]: [UInt16]], selfClosing: Bool)
        case endTag(name: [UInt16])
        case comment([UInt16])
        case character([UInt16])

        var description: String {
            func s(_ units: [UInt16]?) -> String { units.map { "\"" + String(decoding: $0, as: UTF16.self) + "\"" } ?? "null" }
            switch self {
            case let .doctype(name, publicId, systemId, correct): return "DOCTYPE(\(s(name)), \(s(publicId)), \(s(systemId)), \(correct))"
            case let .startTag(name, attributes, selfClosing):
                let list = attributes.map { "\(s($0.key))=\(s($0.value))" }.sorted().joined(separator: " ")
                return "StartTag(\(s(name)) [\(list)]\(selfClosing ? " /" : ""))"
            case let .endTag(name): return "EndTag(\(s(name)))"
            case let .comment(data): return "Comment(\(s(data)))"
            case let .character(data): return "Character(\(s(data)))"
            }
        }
    }

    /// Runs where WebKit's tokenizer differs from the standard and this one follows WebKit,
    /// each with the recorded case that shows it; a listed run that starts matching the suite
    /// fails the test.
    static let webKitDifferences: [String: String] = [
        "test3.test: <\\u0000 [Data state]":
            "WebKit replaces U+0000 with U+FFFD in every tokenizer state but the data state: `<` NUL is the text `<` U+FFFD (dom-cases/parser-input.json, Parser-nul-after-less-than)",
    ]

    static let files: [String] = {
        let folder = HTML5Lib.suite.appendingPathComponent("tokenizer")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".test") && $0 != "xmlViolation.test" }.sorted()
    }()

    /// The test's strings: `\uXXXX` unescaped once more when `doubleEscaped` is set.
    static func units(_ value: Any?, doubleEscaped: Bool) -> [UInt16]? {
        guard let string = value as? String else { return nil }
        let units = Array(string.utf16)
        guard doubleEscaped else { return units }
        var result: [UInt16] = []
        var i = 0
        while i < units.count {
            if units[i] == 0x5C, i + 5 < units.count + 0, units[i + 1] == 0x75,
               let code = UInt16(String(decoding: units[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16) {
                result.append(code)
                i += 6
            } else {
                result.append(units[i])
                i += 1
            }
        }
        return result
    }

    static func expectedTokens(_ output: [Any], doubleEscaped: Bool) -> [Token] {
        var tokens: [Token] = []
        for item in output {
            guard let array = item as? [Any], let kind = array.first as? String else { continue }
            let u = { (i: Int) in i < array.count ? units(array[i], doubleEscaped: doubleEscaped) : nil }
            switch kind {
            case "DOCTYPE":
                tokens.append(.doctype(name: u(1), publicId: u(2), systemId: u(3), correct: array[4] as? Bool ?? false))
            case "StartTag":
                var attributes: [[UInt16]: [UInt16]] = [:]
                for (key, value) in (array[2] as? [String: Any]) ?? [:] {
                    attributes[units(key, doubleEscaped: doubleEscaped)!] = units(value, doubleEscaped: doubleEscaped)
                }
                tokens.append(.startTag(name: u(1)!, attributes: attributes, selfClosing: array.count > 3 && (array[3] as? Bool ?? false)))
            case "EndTag": tokens.append(.endTag(name: u(1)!))
            case "Comment": tokens.append(.comment(u(1)!))
            case "Character":
                if case .character(let previous) = tokens.last {
                    tokens[tokens.count - 1] = .character(previous + u(1)!)
                } else {
                    tokens.append(.character(u(1)!))
                }
            default: break
            }
        }
        return tokens
    }

    static func state(named name: String) -> Tokenizer.State? {
        switch name {
        case "Data state": return .data
        case "PLAINTEXT state": return .plaintext
        case "RCDATA state": return .rcdata
        case "RAWTEXT state": return .rawtext
        case "Script data state": return .scriptData
        case "CDATA section state": return .cdataSection
        default: return nil
        }
    }

    /// Runs the tokenizer over `input` from `state` and collects its tokens.
    static func tokens(_ input: [UInt16], state: Tokenizer.State, lastStartTag: String?) -> [Token] {
        var preprocessed = input
        HTMLInput.normalizeNewlines(&preprocessed)
        return preprocessed.withUnsafeBufferPointer { buffer in
            var tokenizer = Tokenizer(input: buffer, names: NameTable.base)
            tokenizer.state = state
            if let lastStartTag { tokenizer.setLastStartTag(lastStartTag) }
            var tokens: [Token] = []
            while true {
                let kind = tokenizer.next()
                switch kind {
                case .characters:
                    let text = tokenizer.withText { Array($0) }
                    if case .character(let previous) = tokens.last {
                        tokens[tokens.count - 1] = .character(previous + text)
                    } else {
                        tokens.append(.character(text))
                    }
                case .startTag:
                    var attributes: [[UInt16]: [UInt16]] = [:]
                    for attribute in tokenizer.attributes {
                        attributes[Array(tokenizer.names.units(attribute.name))] = tokenizer.withValue(attribute) { Array($0) }
                    }
                    tokens.append(.startTag(name: Array(tokenizer.names.units(tokenizer.tagName)), attributes: attributes,
                                            selfClosing: tokenizer.selfClosing))
                case .endTag:
                    tokens.append(.endTag(name: Array(tokenizer.names.units(tokenizer.tagName))))
                case .comment:
                    tokens.append(.comment(tokenizer.commentData))
                case .doctype:
                    let d = tokenizer.doctypeToken
                    tokens.append(.doctype(name: d.name, publicId: d.publicIdentifier, systemId: d.systemIdentifier, correct: !d.forceQuirks))
                case .endOfFile:
                    return tokens
                }
            }
        }
    }

    @Test(arguments: files)
    func producesTheExpectedTokens(file: String) throws {
        let data = try Data(contentsOf: HTML5Lib.suite.appendingPathComponent("tokenizer/\(file)"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = (object["tests"] as? [[String: Any]]) ?? (object["xmlViolationTests"] as? [[String: Any]]) ?? []
        #expect(!tests.isEmpty)
        var failures: [String] = []
        var unexpectedMatches: [String] = []
        var runs = 0
        for test in tests {
            let doubleEscaped = test["doubleEscaped"] as? Bool ?? false
            let input = Self.units(test["input"], doubleEscaped: doubleEscaped) ?? []
            let expected = Self.expectedTokens(test["output"] as? [Any] ?? [], doubleEscaped: doubleEscaped)
            for stateName in (test["initialStates"] as? [String]) ?? ["Data state"] {
                let state = try #require(Self.state(named: stateName), "unknown state \(stateName)")
                runs += 1
                let actual = Self.tokens(input, state: state, lastStartTag: test["lastStartTag"] as? String)
                let key = "\(file): \(test["description"] ?? "?") [\(stateName)]"
                if Self.webKitDifferences[key] != nil {
                    if actual == expected { unexpectedMatches.append(key) }
                    continue
                }
                if actual != expected {
                    failures.append("\(test["description"] ?? "?") [\(stateName)]\n  input: \(String(decoding: input, as: UTF16.self).debugDescription)\n  expected: \(expected)\n  actual:   \(actual)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(runs) runs in \(file):\n\(failures.joined(separator: "\n"))")
        #expect(unexpectedMatches.isEmpty, "listed as WebKit differences but give the suite's tokens: \(unexpectedMatches)")
    }
}
