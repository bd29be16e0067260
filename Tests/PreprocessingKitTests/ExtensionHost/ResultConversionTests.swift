import Foundation
import Testing
@testable import PreprocessingKit
@testable import JavaScriptEngine

@Suite struct ResultConversionTests {
    let context = JavaScriptContext()

    func convert(_ expression: String) throws -> ResultConversion.Outcome {
        ResultConversion.convert(try context.evaluate("(\(expression))"), file: "Action.js")
    }

    @Test func plainValuesCrossAsFoundationTypes() throws {
        let outcome = try convert("{ s: 'é日😀', n: 1.5, i: 3, b: true, d: new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)), a: [1, 'two', [3]] }")
        #expect(outcome.diagnostics.isEmpty)
        let value = try #require(outcome.value?.dictionaryValue)
        #expect(value["s"] == .string("é日😀"))
        #expect(value["n"] == .real(1.5))
        #expect(value["i"] == .real(3))
        #expect(value["b"] == .boolean(true))
        #expect(value["d"] == .date(Date(timeIntervalSince1970: 1_577_934_245.006)))
        #expect(value["a"] == .array([.real(1), .string("two"), .array([.real(3)])]))
    }

    @Test func lossesAreNamedByKeyPath() throws {
        let outcome = try convert("{ f: function () {}, u: undefined, nested: { n: null, list: [NaN, undefined] } }")
        let messages = outcome.diagnostics.map(\.message)
        #expect(outcome.diagnostics.allSatisfy { $0.code == "not-plist-value" && $0.severity == .warning })
        #expect(messages.contains { $0.hasPrefix("'f' is a function") })
        #expect(messages.contains { $0.hasPrefix("'u' is undefined") })
        #expect(messages.contains { $0.hasPrefix("'nested.n' is null") })
        #expect(messages.contains { $0.hasPrefix("'nested.list[0]' is NaN") })
        #expect(messages.contains { $0.hasPrefix("'nested.list[1]' is undefined") })
        let value = try #require(outcome.value?.dictionaryValue)
        #expect(value["f"] == nil)
        #expect(value["u"] == nil)
        let nested = try #require(value["nested"]?.dictionaryValue)
        #expect(nested["n"] == .null)
        guard case .array(let list)? = nested["list"], case .real(let first) = list[0] else {
            Issue.record("nested.list is not an array of a number and NSNull")
            return
        }
        #expect(first.isNaN)
        #expect(list[1] == .null)
    }

    @Test func nestingPastTheDepthLimitIsCutAndReportedOnce() throws {
        let outcome = try convert("(function () { var o = { leaf: 1 }; for (var i = 0; i < 5000; i++) o = { o: o }; return { deep: o, flat: [1, [2]] }; })()")
        let errors = outcome.diagnostics.filter { $0.code == "results-too-deep" }
        #expect(errors.count == 1)
        #expect(errors.first?.severity == .error)
        let value = try #require(outcome.value?.dictionaryValue)
        #expect(value["flat"] == .array([.real(1), .array([.real(2)])]))
        // The kept part is exactly the limit deep: `deep` is level 1 of the result.
        var levels = 0
        var current = value["deep"]
        while let next = current?.dictionaryValue?["o"] { levels += 1; current = next }
        #expect(levels == ResultConversion.depthLimit - 2)
    }

    /// Getters and proxy traps the conversion runs share one budget: one that never returns
    /// stops the conversion, and what was converted before it is kept.
    @Test func aGetterThatNeverReturnsStopsTheConversion() throws {
        for expression in ["{ a: 1, get b() { while (true) {} }, c: 3 }",
                           "{ a: 1, b: new Proxy({}, { ownKeys: function () { while (true) {} } }), c: 3 }",
                           "{ a: 1, b: [1, 2, { toString: null, get x() { for (;;) {} } }], c: 3 }"] {
            let start = Date()
            let outcome = ResultConversion.convert(try context.evaluate("(\(expression))"), file: "Action.js", seconds: 0.3)
            #expect(Date().timeIntervalSince(start) < 3, "\(expression)")
            #expect(outcome.stopped?.timedOut == true, "\(expression)")
            let value = try #require(outcome.value?.dictionaryValue, "\(expression)")
            #expect(value["a"] == .real(1))
            #expect(value["c"] == nil, "nothing after the stop is read")
        }
    }

    @Test func cyclesAreCutAndReported() throws {
        let outcome = try convert("(function () { var o = { name: 'o' }; o.self = o; return o; })()")
        #expect(outcome.value?.dictionaryValue?["name"] == .string("o"))
        #expect(outcome.value?.dictionaryValue?["self"] == nil)
        #expect(outcome.diagnostics.contains { $0.message.contains("cycle") })
    }

    @Test func prototypePropertiesThatEnumerateAreIncluded() throws {
        // JavaScriptCore's bridge reads a dictionary with for…in semantics.
        let outcome = try convert("(function () { function C() { this.own = 1; } C.prototype.inherited = 2; return new C(); })()")
        #expect(outcome.value?.dictionaryValue?["own"] == .real(1))
        #expect(outcome.value?.dictionaryValue?["inherited"] == .real(2))
    }

    @Test func aResultThatIsNotAnObjectIsAWarning() throws {
        let outcome = try convert("'just a string'")
        #expect(outcome.value == .string("just a string"))
        #expect(outcome.diagnostics.map(\.code) == ["not-plist-value"])
    }

    @Test func finalizeArgumentsBecomeJavaScriptValues() throws {
        let value = PropertyListValue.dictionary(["message": .string("hi"), "count": .integer(2),
                                                  "when": .date(Date(timeIntervalSince1970: 0)), "list": .array([.boolean(true), .null])])
        let js = try ResultConversion.javaScriptValue(value, in: context)
        try context.globalObject.setProperty("argument", js)
        #expect(try context.evaluate("argument.message + argument.count").stringValue == "hi2")
        #expect(try context.evaluate("argument.when instanceof Date && argument.when.getTime() === 0").booleanValue)
        #expect(try context.evaluate("JSON.stringify(argument.list)").stringValue == "[true,null]")
    }
}
