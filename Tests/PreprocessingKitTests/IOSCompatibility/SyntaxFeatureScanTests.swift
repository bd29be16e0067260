import Foundation
import Testing
@testable import PreprocessingKit

/// The token scan behind `ios-syntax`: features found where they are code, with their places,
/// and not inside strings, comments, templates or regular expressions.
@Suite struct SyntaxFeatureScanTests {
    func names(_ source: String) -> [String] {
        SyntaxFeatureScan.features(in: source).map(\.feature.name)
    }

    @Test func optionalChainingIsFoundAtItsLineAndColumn() throws {
        let uses = SyntaxFeatureScan.features(in: "var a = 1;\nvar title = document?.title;\n")
        let use = try #require(uses.first { $0.feature == SyntaxFeatureScan.optionalChaining })
        #expect(use.line == 2)
        #expect(use.column == 21)
    }

    @Test func aConditionalBeforeADecimalIsNoOptionalChaining() {
        #expect(names("var x = a?.5:1;").isEmpty)
    }

    @Test func stringsCommentsTemplatesAndRegularExpressionsHideWhatLooksLikeSyntax() {
        let source = """
            var a = "a?.b ?? c";  // x?.y
            /* a ?? b, class { x = 1 } */
            var r = /a?.b/g;
            """
        #expect(names(source).isEmpty)
        #expect(names("var t = `x?.y ${a ?? b} z`;") == ["template literals (`…`)", "nullish coalescing (??)"])
    }

    @Test func divisionIsNotARegularExpression() {
        // Read as regular expressions, these would be "/ b /" and "/ 2 / (" with a lookbehind.
        #expect(names("var x = a / b / c; var y = (d) / 2 / (e);").isEmpty)
        #expect(names("function f() { return /(?<=a)b/; }") == ["regular-expression lookbehind ((?<=…), (?<!…))"])
    }

    @Test func operatorsAndLiterals() {
        #expect(names("a ??= b; c ||= d; e &&= f; g = 2 ** 8;")
                == ["nullish assignment (??=)", "logical OR assignment (||=)", "logical AND assignment (&&=)", "exponentiation (**)"])
        #expect(names("var n = 1_000_000; var b = 10n; var h = 0xFFn;")
                == ["numeric separators (1_000)", "BigInt literals (1n)", "BigInt literals (1n)"])
    }

    @Test func classFieldsPrivateNamesAndStaticBlocks() {
        let source = """
            class A {
              count = 0;
              static shared = 1;
              #secret = 2;
              static { A.ready = true; }
              get value() { return this.#secret; }
              #hidden() { return 1; }
              method() { let x = { y: 1 }; return x; }
            }
            """
        let found = names(source)
        #expect(found.contains("class fields"))
        #expect(found.contains("static class fields"))
        #expect(found.contains("private class members (#name)"))
        #expect(found.contains("private methods (#name())"))
        #expect(found.contains("class static initialization blocks (static {})"))
        #expect(!names("class B { run(a) { a.completionFunction({}); } finalize() {} }").contains("class fields"))
    }

    @Test func regularExpressionFeatures() {
        #expect(names(#"var r = /(?<=\$)\d+/; var s = /(?<year>\d{4})/; var t = /a.b/s;"#)
                == ["regular-expression lookbehind ((?<=…), (?<!…))", "regular-expression named groups ((?<name>…))",
                    "the regular-expression s flag (dotAll)"])
    }

    /// The regular-expression syntax of Safari 17 and 26 (browser-compat-data: duplicate named
    /// groups and the v flag 17, modifiers 26), hidden before.
    @Test func newerRegularExpressionSyntax() throws {
        #expect(names(#"var r = /(?i:abc)d/; var s = /(?-m:^x)/; var t = /(?s-i:a.b)/;"#)
                == Array(repeating: "regular-expression modifiers ((?i:…))", count: 3))
        #expect(names(#"var r = /(?:abc)/; var s = /\(?i:x\)/;"#).isEmpty)
        #expect(names(#"var r = /(?<y>\d{4})-\d\d|\d\d-(?<y>\d{4})/;"#)
                == ["regular-expression named groups ((?<name>…))", "regular-expression duplicate named groups"])
        #expect(names(#"var r = /[\p{L}--[a-z]]/v;"#) == ["the regular-expression v flag (unicodeSets)"])
        let modifiers = SyntaxFeatureScan.unsupported(in: "var r = /(?i:a)b/;", on: try IOSCompatibility.validated("18.6"))
        #expect(modifiers.map { $0.added?.description } == ["26.0"])
        #expect(SyntaxFeatureScan.unsupported(in: "var r = /(?i:a)b/;", on: try IOSCompatibility.validated("26.0")).isEmpty)
        let vFlag = SyntaxFeatureScan.unsupported(in: "var r = /[a]/v;", on: try IOSCompatibility.validated("16.6"))
        #expect(vFlag.map { $0.added?.description } == ["17.0"])
    }

    @Test func objectSpreadIsToldFromArraySpread() {
        #expect(names("var a = [...b]; f(...c);").isEmpty)
        #expect(names("var o = { ...p, q: 1 };") == ["object spread and rest ({...x})"])
    }

    @Test func functionsAndStatements() {
        #expect(names("let x = async () => 1;") == ["let declarations", "async functions", "arrow functions (=>)"])
        #expect(names("async function f() { for await (const x of y) {} }").contains("for await…of"))
        #expect(names("try { f(); } catch { }") == ["optional catch binding (catch {})"])
        #expect(names("var async = 1; async(2);").isEmpty)
    }

    @Test func unsupportedListsEachFeatureOnceWithTheVersionThatBroughtIt() throws {
        let found = SyntaxFeatureScan.unsupported(in: "var a = b?.c; var d = e?.f ?? g;", on: try IOSCompatibility.validated("13.0"))
        #expect(found.map(\.use.feature.name) == ["optional chaining (?.)", "nullish coalescing (??)"])
        #expect(found.map(\.added) == [IOSVersion(13, 4), IOSVersion(13, 4)])
        #expect(SyntaxFeatureScan.unsupported(in: "var a = b?.c;", on: IOSVersion(13, 4)).isEmpty)
    }

    /// Lookbehind and static blocks came with iOS 16.4 (BCD 8.0.10; Debian's 5.2.20 had them in
    /// no release): flagged on 16.3 with that version, accepted on 16.4.
    @Test func syntaxAddedAfter16_1IsFlaggedWithItsVersion() throws {
        let source = #"class A { static { A.ready = /(?<=\$)\d+/.test("$1"); } }"#
        let found = SyntaxFeatureScan.unsupported(in: source, on: try IOSCompatibility.validated("16.3"))
        #expect(found.map(\.use.feature.name) == ["class static initialization blocks (static {})", "regular-expression lookbehind ((?<=…), (?<!…))"])
        #expect(found.map(\.added) == [IOSVersion(16, 4), IOSVersion(16, 4)])
        #expect(SyntaxFeatureScan.unsupported(in: source, on: IOSVersion(16, 4)).isEmpty)
    }
}
