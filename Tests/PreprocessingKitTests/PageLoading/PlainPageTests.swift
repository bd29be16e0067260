import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct PlainPageTests {
    func load(_ html: String, path: String = "/tmp/saved/page.html", _ options: PageLoadOptions = .init()) throws -> LoadedPage {
        try PageLoader.load(data: Data(html.utf8), path: path, options: options)
    }

    @Test func commandLineURLComesFirst() throws {
        let page = try load("<!-- saved from url=(0019)https://saved.test/ --><link rel=canonical href=https://c.test/>", PageLoadOptions(url: "https://cli.test/a"))
        #expect(page.url == "https://cli.test/a")
        #expect(page.urlSource == "command line")
        #expect(!page.notes.contains { $0.code == "url-from-file-path" })
    }

    @Test func savedFromCommentUsesItsDeclaredLength() throws {
        let page = try load("<!DOCTYPE html>\n<!-- saved from url=(0029)https://example.com/a?b=1#top -->\n<html></html>")
        #expect(page.url == "https://example.com/a?b=1#top")
        #expect(page.urlSource == "saved-from comment")
        // A wrong length falls back to the text up to the comment's end.
        #expect(try load("<!-- saved from url=(0003)https://example.com/long-path-->").url == "https://example.com/long-path")
    }

    @Test func canonicalLinkIsFoundWhateverTheAttributeOrderAndQuoting() throws {
        #expect(try load("<link rel=\"canonical\" href=\"https://a.test/1\">").url == "https://a.test/1")
        #expect(try load("<LINK href='https://a.test/2?x=1&amp;y=2' REL='Canonical'>").url == "https://a.test/2?x=1&y=2")
        #expect(try load("<link href=https://a.test/3 rel=canonical />").url == "https://a.test/3")
        #expect(try load("<link rel=\"alternate canonical\" href=\"//a.test/4\">").url == "https://a.test/4")
        let page = try load("<link rel=stylesheet href=https://a.test/s.css><link rel=canonical href=https://a.test/5>")
        #expect(page.url == "https://a.test/5")
        #expect(page.urlSource == "canonical link")
    }

    @Test func canonicalLinkIsFoundPastOtherTextAndLinks() throws {
        // Multi-byte text, other <link>s and a look-alike tag before it; a <link> never closed ends the search.
        let before = String(repeating: "<p>Grüße — 東京 🎉</p><link rel=stylesheet href=/s.css><linkx rel=canonical href=https://no.test/>", count: 200)
        #expect(try load(before + "<LiNk\nhref=\"https://a.test/6\"\nrel=\"Canonical\">").url == "https://a.test/6")
        #expect(try load(before + "<link rel=canonical href=https://a.test/open").urlSource == "file path")
    }

    @Test func relativeCanonicalLinkIsNotAPageURL() throws {
        let page = try load("<link rel=canonical href=\"/relative\">")
        #expect(page.urlSource == "file path")
    }

    @Test func noURLFallsBackToTheFileURLWithANote() throws {
        let page = try load("<p>hi</p>", path: "/tmp/some dir/page.html")
        #expect(page.url == "file:///tmp/some%20dir/page.html")
        #expect(page.urlSource == "file path")
        let note = try #require(page.notes.first { $0.code == "url-from-file-path" })
        #expect(note.severity == .note)
        #expect(note.file == "/tmp/some dir/page.html")
    }

    @Test func gzipPagesAreInflatedWhetherOrNotTheyAreNamedGz() throws {
        let path = PageFixtures.path("gzipped.html.gz")
        let compressed = try Data(contentsOf: URL(fileURLWithPath: path))
        let named = try PageLoader.load(data: compressed, path: "p.html.gz", options: .init())
        let unnamed = try PageLoader.load(data: compressed, path: "p.html", options: .init())
        #expect(named.compressed && unnamed.compressed)
        #expect(named.html == unnamed.html)
        #expect(named.byteCount > compressed.count)
        #expect(named.html.hasSuffix("<body>\u{65E5}\u{672C}</body></html>"))
    }

    @Test func corruptGzipIsUnreadable() throws {
        let error = try #require(throws: PageLoadError.self) { try PageLoader.load(data: Data([0x1F, 0x8B, 0x08, 0x00, 0x01]), path: "p.html.gz", options: .init()) }
        #expect(error.code == .pageUnreadable)
    }

    /// Files that are no document Safari shows a script (images, text and media are:
    /// `DocumentKindTests`), by their signature whatever their name says.
    @Test(arguments: [
        ("x.pdf", Array("%PDF-1.7\n%\u{E2}".utf8), "a PDF document"),
        ("x.html", Array("%PDF-1.7\n%\u{E2}".utf8), "a PDF document"),
        ("x", [0x50, 0x4B, 0x03, 0x04, 0x14, 0], "a ZIP archive"),
        ("x.htm", [0x50, 0x4B, 0x03, 0x04, 0x14, 0], "a ZIP archive"),
        ("x.dat", Array("  {\"title\": \"<b>not html</b>\"}".utf8), "a JSON document"),
        ("x.bin", [UInt8](repeating: 0, count: 64) + [1, 2, 3], "a binary file"),
    ] as [(String, [UInt8], String)])
    func nonHTMLFilesAreRejectedSayingWhatTheyAre(name: String, bytes: [UInt8], kind: String) throws {
        let error = try #require(throws: PageLoadError.self) { try PageLoader.load(data: Data(bytes), path: name, options: .init()) }
        #expect(error.code == .pageNotHTML)
        #expect(error.description.hasPrefix("\(name): error: this is \(kind), not an HTML page"))
    }

    /// The MIME Sniffing standard's rules, as WebKit applies them: a page of type HTML is never
    /// sniffed for binary, so NULs in it are parsed (WebKit's tokenizer drops or replaces them);
    /// a file of unknown type is binary only with a binary data byte and no HTML signature.
    @Test func nulsInAnHTMLPageAreParsedAndOnlyUntypedBytesAreSniffedForBinary() throws {
        let svg = "<svg><text>a\u{0}b\u{0}</text></svg>"
        let page = try load(svg)
        #expect(page.format == .html)
        #expect(page.html == svg)
        #expect(try load(svg, path: "/tmp/saved/page", PageLoadOptions(contentType: "text/html; charset=utf-8")).format == .html)
        for (bytes, verdict) in [(svg, "a binary file"), ("<!DOCTYPE html><p>a\u{0}b\u{0}", nil), ("  <P>x\u{0}", nil),
                                 ("<svg><text>plain text</text></svg>", nil), ("<pre>a\u{1B}[0m b\u{0C}", nil),
                                 ("<Bx\u{0}", "a binary file"), ("\u{FEFF}<svg>\u{0}", nil)] as [(String, String?)] {
            #expect(FileKindSniffer.nonHTMLKind(Array(bytes.utf8)) == verdict, "\(bytes.debugDescription)")
        }
        let untyped = try #require(throws: PageLoadError.self) { try load(svg, path: "/tmp/saved/page.dat") }
        #expect(untyped.code == .pageNotHTML)
    }

    @Test func textThatMerelyStartsWithABracketIsStillHTML() throws {
        #expect(try load("[if IE]> <p>old markup</p>").format == .html)
        // UTF-16 without a BOM has NULs in every other byte but is text (WebKit reads it as windows-1252).
        let utf16 = try PageLoader.load(data: Data("<html><body>hello world</body></html>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), path: "u.html", options: .init())
        #expect(utf16.encoding == "windows-1252")
        #expect(utf16.html.hasPrefix("<\u{0}h\u{0}"))
    }

    @Test func unreadableFilesSayWhy() throws {
        let missing = try #require(throws: PageLoadError.self) { try PageLoader.load(path: "/nonexistent/dir/page.html") }
        #expect(missing.code == .pageUnreadable)
        #expect(missing.description == "/nonexistent/dir/page.html: error: cannot read the page: no such file")
        let directory = try #require(throws: PageLoadError.self) { try PageLoader.load(path: NSTemporaryDirectory()) }
        #expect(directory.code == .pageUnreadable)
        #expect(directory.message == "cannot read the page: it is a directory")
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let path = try PageFixtures.temporaryFile(named: "large.html", bytes: Array(repeating: UInt8(ascii: "x"), count: 3 * 1_048_576))
        defer { PageFixtures.remove(path) }
        let refused = try #require(throws: PageLoadError.self) { try PageLoader.load(path: path, options: .init(maximumBytes: 2 * 1_048_576)) }
        #expect(refused.code == .pageTooLarge)
        #expect(refused.message.hasPrefix("the page is 3 MB, more than the 2 MB the memory limit allows"))
        #expect(try PageLoader.load(path: path, options: .init(maximumBytes: 3 * 1_048_576)).byteCount == 3 * 1_048_576)
    }

    @Test func aPipeIsReadToItsEnd() throws {
        // A FIFO reports size 0: the page is what the writer sends until it closes, here more than one read's worth.
        let path = NSTemporaryDirectory() + "page-\(UUID().uuidString).html"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let body = "<title>piped</title>" + String(repeating: "<p>paragraph</p>", count: 10_000)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.write(Data(body.utf8))
            try? handle?.close()
        }
        writer.start()
        let page = try PageLoader.load(path: path)
        #expect(page.html == body)
    }

    @Test func emptyFileIsAnEmptyPageWithAWarning() throws {
        let path = try PageFixtures.temporaryFile(named: "empty.html", bytes: [])
        defer { PageFixtures.remove(path) }
        let page = try PageLoader.load(path: path)
        #expect(page.html == "")
        #expect(page.byteCount == 0)
        #expect(page.format == .html)
        #expect(page.notes.contains { $0.code == "page-empty" })
    }

    @Test func nulBytesReachTheParser() throws {
        let page = try PageLoader.load(data: Data([UInt8]("<meta charset=utf-8><body>a".utf8) + [0] + Array("b".utf8)), path: "n.html", options: .init())
        #expect(page.html.hasSuffix("a\u{0}b"))
    }

    @Test func loadedPageRoundTripsThroughCodable() throws {
        let page = try load("<!-- saved from url=(0017)https://x.test/p/ --><meta charset=gbk>")
        let decoded = try JSONDecoder().decode(LoadedPage.self, from: JSONEncoder().encode(page))
        #expect(decoded.url == page.url)
        #expect(decoded.encoding == "GBK")
        #expect(decoded.notes == page.notes)
    }
}
