import Foundation
import Testing
@testable import XMLParser
import HTMLParser

/// Input made to hurt a parser: each ends within the limits with WebKit's error document or a
/// plain tree, reads no file and touches no network.
@Suite struct HostileXMLTests {
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// WebKit (2.50, recorded) spins on this; libxml2's amplification check ends it at once.
    @Test func billionLaughsEndsWithTheErrorDocument() {
        var entities = #"<!ENTITY a "aaaaaaaaaa">"#
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            entities += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
            previous = name
        }
        var result: XMLParser.Result?
        let time = Self.seconds { result = XMLParser.parse("<!DOCTYPE l [\(entities)]><l>&i;</l>") }
        #expect(result?.messages.contains("Detected an entity reference loop") == true)
        #expect(result!.tree.characterCount < 1_000_000)
        #expect(time < 10)
    }

    /// The simulator's own cap, below libxml2's checks: an expansion that stays under them
    /// still stops when the tree would pass `Limits`.
    @Test func anExpansionPastTheLimitsEndsWithTheErrorDocument() {
        let text = #"<!DOCTYPE a [<!ENTITY e "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx">]><a>"# + String(repeating: "&e;", count: 400) + "</a>"
        let result = XMLParser.parse(text, limits: XMLParser.Limits(maxCharacters: 10_000, maxNodes: 100))
        #expect(result.exceededLimits)
        #expect(result.messages.contains("exceeds the simulator's limit"))
        #expect(!XMLParser.parse(text).hasErrors)
    }

    @Test func quadraticBlowupStopsAtTheLimit() {
        let big = String(repeating: "x", count: 50_000)
        let text = "<!DOCTYPE a [<!ENTITY e \"\(big)\">]><a>" + String(repeating: "&e;", count: 50_000) + "</a>"
        var result: XMLParser.Result?
        let time = Self.seconds { result = XMLParser.parse(text) }
        #expect(result?.exceededLimits == true)
        #expect(time < 10)
    }

    @Test func externalEntitiesDTDsAndParameterEntitiesAreNeverRead() {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("xml-secret-\(getpid()).txt")
        try? "TOP-SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let inputs = [
            #"<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>"#,
            #"<!DOCTYPE a [<!ENTITY x SYSTEM "\#(secret.absoluteString)">]><a>&x;</a>"#,
            #"<!DOCTYPE a [<!ENTITY x SYSTEM "\#(secret.path)">]><a b="&x;">&x;</a>"#,
            #"<!DOCTYPE a SYSTEM "\#(secret.absoluteString)"><a/>"#,
            #"<!DOCTYPE a [<!ENTITY % p SYSTEM "\#(secret.absoluteString)"> %p;]><a/>"#,
            #"<!DOCTYPE a [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]><a>&x;</a>"#,
        ]
        for input in inputs {
            let result = XMLParser.parse(input)
            let text = String(decoding: result.tree.characters, as: UTF16.self)
            #expect(!text.contains("TOP-SECRET") && !text.contains("root:"), "\(input)")
        }
        // WebKit: the reference resolves to nothing, without an error.
        #expect(!XMLParser.parse(inputs[0]).hasErrors)
    }

    /// WebKit (recorded): 5000 levels parse; the start tag of the 5001st is "Excessive node
    /// nesting.", at the column before its `>`.
    @Test func deepNestingEndsWithWebKitsErrorPastItsDepth() {
        func nested(_ depth: Int) -> String { String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) }
        #expect(!XMLParser.parse(nested(5000)).hasErrors)
        #expect(XMLParser.parse(nested(5001)).messages == "error on line 1 at column 15003: Excessive node nesting.")
        var result: XMLParser.Result?
        let time = Self.seconds { result = XMLParser.parse(nested(200_000)) }
        #expect(result?.messages == "error on line 1 at column 15003: Excessive node nesting.")
        #expect(time < 10)
    }

    @Test func aHugeAttributeIsKeptWhole() {
        let value = String(repeating: "y", count: 5_000_000)
        var result: XMLParser.Result?
        let time = Self.seconds { result = XMLParser.parse("<a x=\"\(value)\"/>") }
        #expect(result?.hasErrors == false)
        #expect(result?.tree.attributes(of: 1).first?.value.count == value.count)
        #expect(time < 10)
    }

    /// Mutations of a document with every kind of node: never a crash, and a tree whose links
    /// and ranges hold.
    @Test func mutatedDocumentsGiveConsistentTrees() {
        let seed = Array(#"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "<i>x</i>">]><r xmlns:p="urn:p" a='1'><p:b>t&e;&amp;<![CDATA[c]]><?pi d?><!--c--></p:b></r>"#.utf16)
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>&;/!?[]\"'=: ab".utf16)
        for _ in 0..<300 {
            var units = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<units.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: units.remove(at: at)
                case 1: units.insert(alphabet.randomElement(using: &generator)!, at: at)
                default: units[at] = alphabet.randomElement(using: &generator)!
                }
            }
            let tree = units.withUnsafeBufferPointer { XMLParser.parse($0).tree }
            #expect(Self.linksHold(tree), "\(String(decoding: units, as: UTF16.self))")
        }
    }

    static func linksHold(_ tree: FlatTree) -> Bool {
        var stack: [Int32] = [0]
        var seen = Set<Int32>()
        while let parent = stack.popLast() {
            var child = tree.node(parent).firstChild, previous: Int32 = -1
            while child >= 0 {
                guard seen.insert(child).inserted, Int(child) < tree.nodeCount else { return false }
                let node = tree.node(child)
                guard node.parent == parent, node.previousSibling == previous else { return false }
                if node.kind == .element { stack.append(child) }
                else if node.kind != .doctype, Int(node.start + node.count) > tree.characters.count { return false }
                previous = child
                child = node.nextSibling
            }
            guard tree.node(parent).lastChild == previous else { return false }
        }
        return true
    }
}
