import Foundation
import Testing
@testable import PreprocessingKit

/// Every page in `../shared/corpus/extra-pages/{chardet,trafilatura}`, the corpus pages that
/// declare their charset after byte 1024, and our own encoding fixtures, checked against what
/// WebKitGTK 2.50.6 reported (`Fixtures/pages/webkit-encodings.jsonl`, recorded with
/// `webkit_oracle.py --block-page-scripts --batch`): `document.characterSet`, and the title
/// found in our decoded text.
@Suite struct WebKitEncodingAgreementTests {
    struct Recorded: Decodable {
        var page: String
        var url: String
        var characterSet: String
        var title: String
        var text: String?
        var titleCodePoints: [UInt32]
    }

    static let recorded: [Recorded] = {
        let url = PageFixtures.directory.appendingPathComponent("webkit-encodings.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Recorded.self, from: Data($0.utf8)) }
    }()

    @Test func theRecordingCoversTheCorpusAndTheFixtures() {
        #expect(Self.recorded.count == 67)
        #expect(Self.recorded.filter { $0.page.contains("/chardet/") }.count == 13)
        #expect(Self.recorded.filter { $0.page.contains("/trafilatura/") }.count == 18)
    }

    @Test(arguments: recorded.map(\.page))
    func characterSetAndTitleAgreeWithWebKit(page: String) throws {
        let expected = try #require(Self.recorded.first { $0.page == page })
        let path = PageFixtures.resolve(repositoryRelative: page)
        try #require(FileManager.default.fileExists(atPath: path), "missing page \(path); CI needs ../shared")
        let loaded = try PageLoader.load(path: path, options: PageLoadOptions(url: expected.url))
        #expect(loaded.encoding == expected.characterSet)
        #expect(loaded.url == expected.url)
        #expect(loaded.urlSource == "command line")
        // document.title needs the DOM; here the first <title>'s text, with entities and ASCII
        // whitespace treated as WebKit does, must be WebKit's title.
        #expect(Self.title(in: loaded.html).unicodeScalars.map(\.value) == expected.titleCodePoints)
    }

    /// The first `<title>` element's text as `document.title` gives it, enough for these pages:
    /// numeric and common named references, ASCII whitespace stripped and collapsed.
    static func title(in html: String) -> String {
        guard let open = html.range(of: "<title", options: .caseInsensitive),
              let openEnd = html[open.upperBound...].firstIndex(of: ">") else { return "" }
        let rest = html[html.index(after: openEnd)...]
        let close = rest.range(of: "</title", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        var text = String(rest[..<close])
        let named = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": "\u{A0}", "&ndash;": "\u{2013}", "&mdash;": "\u{2014}", "&raquo;": "\u{BB}", "&laquo;": "\u{AB}", "&rsquo;": "\u{2019}", "&lsquo;": "\u{2018}", "&hellip;": "\u{2026}", "&ouml;": "\u{F6}", "&auml;": "\u{E4}", "&uuml;": "\u{FC}", "&Ouml;": "\u{D6}", "&Auml;": "\u{C4}", "&Uuml;": "\u{DC}", "&szlig;": "\u{DF}"]
        for (entity, replacement) in named { text = text.replacingOccurrences(of: entity, with: replacement) }
        while let match = text.range(of: "&#[xX]?[0-9a-fA-F]+;?", options: .regularExpression) {
            var digits = text[match].dropFirst(2)
            if digits.hasSuffix(";") { digits = digits.dropLast() }
            let isHex = digits.first == "x" || digits.first == "X"
            let value = isHex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            text.replaceSubrange(match, with: value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "\u{FFFD}")
        }
        text.removeAll { $0 == "\u{0}" }
        let asciiWhitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0C}"]
        return text.unicodeScalars.split { asciiWhitespace.contains($0) }.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }
}
