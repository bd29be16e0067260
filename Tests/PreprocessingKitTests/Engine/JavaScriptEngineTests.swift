import Foundation
import Testing
@testable import PreprocessingKit
@testable import JavaScriptEngine

@Suite struct JavaScriptEngineTests {
    let context = JavaScriptContext()

    /// The engine runs with the options the machine sets (the optimizing compiler 30 times later,
    /// polled traps, the first collection at 8 MB), and setting them wrote nothing into the
    /// process's environment, which other threads may be reading.
    @Test(.enabled(if: ["thresholdForOptimizeAfterWarmUp", "usePollingTraps", "smallHeapSize"].allSatisfy { getenv("JSC_" + $0) == nil }))
    func engineOptionsAreSetWithoutTheEnvironment() {
        _ = JavaScriptVirtualMachine()
        let values = JavaScriptVirtualMachine.engineOptionValues()
        #expect(values.optimizeAfterWarmUp == 30_000)
        #expect(values.pollingTraps)
        #expect(values.smallHeapSize == 8 << 20)
        #expect(getenv("JSC_thresholdForOptimizeAfterWarmUp") == nil && getenv("JSC_usePollingTraps") == nil && getenv("JSC_smallHeapSize") == nil)
    }

    @Test func theSamplingProfilerNamesTheFunctionThatRan() throws {
        let machine = JavaScriptVirtualMachine()
        let sampled = JavaScriptContext(machine: machine)
        try #require(SamplingProfile.start(machine))
        // About 150 ms of one named function, on lines 2 to 6 of its source.
        try sampled.evaluate("""
            var total = 0;
            function hotLoop(until) {
              let sum = 0;
              while (Date.now() < until) for (let i = 0; i < 1000; i++) sum += i;
              return sum;
            }
            total = hotLoop(Date.now() + 150);
            """, sourceURL: "hot.js")
        let profile = try #require(SamplingProfile.take(machine, place: { line in (2...6).contains(line) ? "hot.js" : nil }))
        #expect(profile.samples > 30)
        let hot = try #require(profile.entries.first { $0.function == "hotLoop" })
        #expect(hot.place == "hot.js")
        #expect(hot.totalSamples * 2 > profile.samples, "hotLoop was on the stack for most of the run")
        #expect(profile.tiers.values.reduce(0, +) == profile.samples)
    }

    @Test func evaluatesExpressions() throws {
        #expect(try context.evaluate("6 * 7").numberValue == 42)
        #expect(try context.evaluate("'a' + 'b'").stringValue == "ab")
    }

    @Test func aSourceKeptParsedRunsInEachNewRealmAsItsText() throws {
        let machine = JavaScriptVirtualMachine()
        let source = JavaScriptSource("var runs = (globalThis.runs || 0) + 1;\n[runs, typeof Node];", sourceURL: "kept.js")
        machine.keepParsed(source)
        #expect(machine.parsedScript(for: source) != nil)
        for _ in 0..<3 {
            // Each realm starts from nothing: the script is the text, not a realm's state.
            let value = try JavaScriptContext(machine: machine).evaluate(source)
            #expect(value.jsonString() == "[1,\"undefined\"]")
        }
        let failing = JavaScriptSource("var a = 1;\nnull.foo();", sourceURL: "failing.js")
        machine.keepParsed(failing)
        #expect(machine.parsedScript(for: failing) != nil)
        do {
            try JavaScriptContext(machine: machine).evaluate(failing)
            Issue.record("expected an error")
        } catch {
            #expect(error.sourceURL == "failing.js")
            #expect(error.line == 2)
        }
        // Text that continues another's numbering (a lazy group), is not ASCII or does not parse
        // is evaluated from its text as before, its lines numbered as it says.
        let continuing = JavaScriptSource("var a = 1;\nnull.foo();", sourceURL: "group.js", firstLine: 10)
        machine.keepParsed(continuing)
        #expect(machine.parsedScript(for: continuing) == nil)
        #expect(throws: JavaScriptError.self) { try JavaScriptContext(machine: machine).evaluate(continuing) }
        do { try JavaScriptContext(machine: machine).evaluate(continuing) } catch { #expect(error.line == 11) }
        let accented = JavaScriptSource("'é'", sourceURL: "accented.js")
        machine.keepParsed(accented)
        #expect(machine.parsedScript(for: accented) == nil)
        #expect(try JavaScriptContext(machine: machine).evaluate(accented).stringValue == "é")
        let broken = JavaScriptSource("(", sourceURL: "broken.js")
        machine.keepParsed(broken)
        #expect(machine.parsedScript(for: broken) == nil)
    }

    @Test func thrownErrorsCarryNameMessageLineAndColumn() throws {
        let source = "var x = 1;\nfunction f() {\n  null.foo();\n}\nf();"
        do {
            try context.evaluate(source, sourceURL: "Action.js")
            Issue.record("expected an error")
        } catch {
            #expect(error.name == "TypeError")
            #expect(error.message == "null is not an object (evaluating 'null.foo')")
            #expect(error.line == 3)
            #expect(error.column != nil)
            #expect(error.sourceURL == "Action.js")
            #expect(error.stack?.contains("f@Action.js:3") == true)
        }
    }

    @Test func syntaxErrorsAreFoundWithoutRunning() throws {
        do {
            try context.checkSyntax("var a = {;\n", sourceURL: "Bad.js")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.name == "SyntaxError")
            #expect(error.line == 1)
        }
        #expect(try context.evaluate("typeof a").stringValue == "undefined")
    }

    @Test func swiftClosuresAreCallableAndTheirErrorsBecomeExceptions() throws {
        var received: [String] = []
        let function = context.makeFunction(name: "record") { arguments in
            received.append(contentsOf: arguments.map(\.stringValue))
            return self.context.number(Double(arguments.count))
        }
        try context.globalObject.setProperty("record", function)
        #expect(try context.evaluate("record('a', 2, true)").numberValue == 3)
        #expect(received == ["a", "2", "true"])

        struct Refusal: Error, CustomStringConvertible { var description: String { "refused" } }
        try context.globalObject.setProperty("refuse", context.makeFunction(name: "refuse") { _ in throw Refusal() })
        #expect(try context.evaluate("try { refuse(); 'no' } catch (e) { e.message }").stringValue == "refused")
    }

    @Test func busyLoopsAreStoppedByTheTimeLimit() throws {
        context.executionTimeLimit = 0.2
        let start = Date()
        do {
            try context.evaluate("while (true) {}")
            Issue.record("expected a timeout")
        } catch {
            #expect(error.timedOut)
        }
        #expect(Date().timeIntervalSince(start) < 3)
        // The context stays usable, and the limit applies again to the next call.
        #expect(try context.evaluate("1 + 1").numberValue == 2)
        #expect(throws: JavaScriptError.self) { try context.evaluate("for (;;) {}") }
    }

    /// Promise jobs run before the call that queued them returns, under its limit: a job that
    /// queues the next one forever is stopped, and jobs run as before afterwards.
    @Test func anEndlessChainOfPromiseJobsIsStoppedByTheTimeLimit() throws {
        context.executionTimeLimit = 0.2
        let start = Date()
        for chain in ["function f() { Promise.resolve().then(f); } f();", "(async function () { while (true) await 0; })();"] {
            let error = #expect(throws: JavaScriptError.self) { try context.evaluate(chain) }
            #expect(error?.timedOut == true, "\(chain)")
        }
        #expect(Date().timeIntervalSince(start) < 5)
        try context.evaluate("var settled = 0; Promise.resolve().then(function () { settled++; });")
        #expect(try context.evaluate("settled").numberValue == 1)
    }

    /// Calls made within one budget share it: twenty getters of some 30–100 ms of CPU time each,
    /// each far below a call's own limit, stop when the 0.15 s budget is spent.
    @Test func aBudgetCoversAllTheCallsMadeWithinIt() throws {
        context.executionTimeLimit = 5
        let object = try context.evaluate("""
            (function () {
              var o = {};
              for (var i = 0; i < 20; i++) Object.defineProperty(o, 'k' + i, { get: function () {
                var s = 0; for (var j = 0; j < 3e7; j++) s += j; return s; } });
              return o;
            })()
            """)
        var read = 0
        let (_, stopped) = context.withExecutionBudget(seconds: 0.15) {
            for index in 0..<20 where (try? object.property("k\(index)")) != nil { read += 1 }
        }
        #expect(stopped?.timedOut == true)
        #expect(read < 20, "\(read) getters ran")
        // The budget ends with its scope.
        #expect(try object.property("k0").numberValue > 0)
    }

    @Test func nativeCallsInsideAScriptDoNotDisarmTheTimeLimit() throws {
        context.executionTimeLimit = 0.2
        try context.globalObject.setProperty("native", context.makeFunction(name: "native") { _ in
            try self.context.evaluate("1")
        })
        #expect(throws: JavaScriptError.self) { try context.evaluate("while (true) { native(); }") }
    }

    @Test func stringsCrossThroughUTF16() throws {
        let text = "a\u{0}b é日😀"
        let value = context.string(text)
        #expect(value.stringValue == text)
        // A lone surrogate cannot be a Swift String: it becomes U+FFFD.
        #expect(try context.evaluate("'x\\ud800y'").stringValue == "x\u{FFFD}y")
    }

    @Test func jsonParsesInOneCall() throws {
        let value = try #require(context.parseJSON("[1,\"two\",{\"three\":3}]"))
        #expect(value.isArray)
        #expect(try value.property(at: 1).stringValue == "two")
        #expect(context.parseJSON("{nope") == nil)
    }

    @Test func contextsOfOneMachineAreSeparateGlobals() throws {
        let machine = JavaScriptVirtualMachine()
        let first = JavaScriptContext(machine: machine)
        let second = JavaScriptContext(machine: machine)
        try first.evaluate("var shared = 1")
        #expect(try second.evaluate("typeof shared").stringValue == "undefined")
    }

    /// A string crossing out of the engine is decoded in place into exactly-sized storage: the
    /// same text the standard library's UTF-16 decoding gives, one to four bytes a unit or pair,
    /// a lone surrogate (leading, trailing, or last) as U+FFFD.
    @Test func aLongStringCrossesAsTheStandardLibraryDecodesIt() {
        let units: [UInt16] = [0x41, 0x0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFD, 0xD83D, 0xDE00, 0xDC00, 0x42, 0xD800, 0x43, 0xFFFF, 0x2028]
        for tail: [UInt16] in [[], [0xD83D], [0xDE00]] {
            let text = Array(repeating: units, count: 40).flatMap { $0 } + tail
            let decoded = text.withUnsafeBufferPointer { JavaScriptContext.decodedString(utf16: $0) }
            let expected = String(decoding: text, as: UTF16.self)
            #expect(decoded == expected)
            #expect(Array(decoded.utf8) == Array(expected.utf8))
            #expect(text.withUnsafeBufferPointer { JavaScriptContext.utf8Count(utf16: $0) } == expected.utf8.count)
        }
    }
}
