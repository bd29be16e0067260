import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct ActivationPredicateTests {
    /// One row of the predicate table: what each host does with the rule.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var predicate: String
        var appearsInSafari: Bool
        var runsPreprocessing: Bool
        var appearsForOtherBrowsers: Bool
        var appearsForImage: Bool
        var testDescription: String { name }
    }

    static let urlRule = """
        SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count == 1).@count == 1
        """
    static let webPageRule = """
        SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.property-list").@count == 1).@count == 1
        """
    static let imagesOnlyRule = """
        SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"\
        ).@count == $extensionItem.attachments.@count).@count == 1
        """

    static let table: [Row] = [
        Row(name: "TRUEPREDICATE", predicate: "TRUEPREDICATE",
            appearsInSafari: true, runsPreprocessing: true, appearsForOtherBrowsers: true, appearsForImage: true),
        Row(name: "FALSEPREDICATE", predicate: "falsepredicate",
            appearsInSafari: false, runsPreprocessing: false, appearsForOtherBrowsers: false, appearsForImage: false),
        Row(name: "web page only", predicate: webPageRule,
            appearsInSafari: true, runsPreprocessing: true, appearsForOtherBrowsers: false, appearsForImage: false),
        Row(name: "URL only", predicate: urlRule,
            appearsInSafari: true, runsPreprocessing: false, appearsForOtherBrowsers: true, appearsForImage: false),
        Row(name: "images only", predicate: imagesOnlyRule,
            appearsInSafari: false, runsPreprocessing: false, appearsForOtherBrowsers: false, appearsForImage: true),
        Row(name: "web page or URL with || and ANY",
            predicate: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.apple.property-list\" || ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count >= 1).@count == 1",
            appearsInSafari: true, runsPreprocessing: true, appearsForOtherBrowsers: true, appearsForImage: false),
        Row(name: "text only via UTI-EQUALS and NOT",
            predicate: "NOT (SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-EQUALS \"public.plain-text\").@count == 0).@count > 0)",
            appearsInSafari: true, runsPreprocessing: false, appearsForOtherBrowsers: false, appearsForImage: false),
        Row(name: "item count only", predicate: "extensionItems.@count == 1 AND !(extensionItems.@count > 1)",
            appearsInSafari: true, runsPreprocessing: true, appearsForOtherBrowsers: true, appearsForImage: true),
    ]

    @Test(arguments: table)
    func predicateTableGivesEachHostsVerdict(_ row: Row) throws {
        let predicate = try ActivationPredicate(parsing: row.predicate)
        let verdict = ActivationVerdict(predicate: predicate)
        #expect(verdict.appearsInSafari == row.appearsInSafari)
        #expect(verdict.runsPreprocessing == row.runsPreprocessing)
        #expect(verdict.appearsForOtherBrowsers == row.appearsForOtherBrowsers)
        #expect(verdict.appearsForImage == row.appearsForImage)
    }

    @Test func urlRuleMatchesSafarisInputButNotAnImage() throws {
        let predicate = try ActivationPredicate(parsing: Self.urlRule)
        #expect(predicate.evaluate(.safariWebPage()))
        #expect(predicate.evaluate(.safariWebPage(includesPlainText: true)))
        #expect(predicate.evaluate(.otherBrowserURL))
        #expect(!predicate.evaluate(.image))
        #expect(predicate.typeIdentifiers == ["public.url"])
    }

    @Test func countComparisonsUseTheAttachmentCount() throws {
        let atMostTwo = try ActivationPredicate(parsing:
            "SUBQUERY(extensionItems, $e, $e.attachments.@count <= 2).@count == 1")
        #expect(atMostTwo.evaluate(.safariWebPage()))
        #expect(!atMostTwo.evaluate(.safariWebPage(includesPlainText: true)))
    }

    @Test func conformanceFollowsTheTypeHierarchy() throws {
        let data = try ActivationPredicate(parsing:
            "ANY extensionItems.attachments.registeredTypeIdentifiers.@count > 0 AND SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.data').@count > 0).@count > 0")
        #expect(data.evaluate(.image))
        #expect(UniformTypeTable.conforms("public.jpeg", to: "PUBLIC.IMAGE"))
        #expect(!UniformTypeTable.conforms("public.url", to: "public.text"))
    }

    @Test func parsesKeywordsCaseInsensitivelyWithEitherOperatorSpelling() throws {
        let symbols = try ActivationPredicate(parsing: "!(1 == 2) && (TRUEPREDICATE || FALSEPREDICATE)")
        let words = try ActivationPredicate(parsing: "not (1 = 2) and (truepredicate or falsepredicate)")
        #expect(symbols == words)
        #expect(symbols.evaluate(.image))
    }

    /// Syntax errors: the predicate text and the 1-based column of the error within it.
    static let syntaxErrors: [(text: String, column: Int, message: String)] = [
        ("SUBQUERY(extensionItems, $e, TRUEPREDICATE", 43, "expected ')' to close SUBQUERY, found the end of the predicate"),
        ("ANY $a.registeredTypeIdentifiers UTI-CONFORMS \"public.url\"", 34, "unknown operator 'UTI-CONFORMS': expected UTI-CONFORMS-TO or UTI-EQUALS"),
        ("extensionItems.@count == ", 26, "expected a key path or value, found the end of the predicate"),
        ("(TRUEPREDICATE", 15, "expected ')' to close the '(' at column 1, found the end of the predicate"),
        ("extensionItems.@count == \"1", 26, "unterminated string: expected a closing \""),
        ("TRUEPREDICATE FALSEPREDICATE", 15, "expected AND, OR or the end of the predicate, found 'FALSEPREDICATE'"),
        ("SUBQUERY(extensionItems, e, TRUEPREDICATE).@count == 1", 26, "expected a $variable as SUBQUERY's second argument, found 'e'"),
        ("", 1, "the predicate is empty"),
    ]

    @Test(arguments: syntaxErrors.indices)
    func syntaxErrorsGiveTheColumnInsideTheString(_ index: Int) {
        let (text, column, message) = Self.syntaxErrors[index]
        #expect(throws: ActivationPredicate.SyntaxError(message: message, offset: column, line: 1, column: column)) {
            try ActivationPredicate(parsing: text)
        }
    }

    @Test func syntaxErrorOnALaterLineGivesLineAndColumn() throws {
        let text = "SUBQUERY(extensionItems, $e,\n  $e.attachments.@count >> 1).@count == 1"
        let error = try #require(throws: ActivationPredicate.SyntaxError.self) {
            try ActivationPredicate(parsing: text)
        }
        #expect(error.line == 2)
        #expect(error.column == 26)
        #expect(error.message == "expected a key path or value, found '>'")
    }
}
