import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct ContainerFormatTests {
    // MARK: Web archives

    @Test func webArchiveGivesItsURLMimeTypeAndDeclaredEncoding() throws {
        let page = try PageLoader.load(data: Data(try PageFixtures.simpleWebArchive()), path: "a.webarchive", options: .init())
        #expect(page.format == .webarchive)
        #expect(page.url == "https://example.com/articles/cafe.html")
        #expect(page.urlSource == "webarchive")
        #expect(page.encoding == "UTF-8")
        #expect(page.encodingSource == "webarchive")
        #expect(page.mimeType == "text/html")
        #expect(page.html.contains("Na\u{EF}ve caf\u{E9} \u{2603}"))
        #expect(page.byteCount == page.html.utf8.count)
        #expect(page.frames.isEmpty)
    }

    @Test func webArchiveSubframesBecomeFramesDecodedByTheirOwnDeclarations() throws {
        let page = try PageLoader.load(data: Data(try PageFixtures.iframeWebArchive()), path: "b.webarchive", options: .init())
        #expect(page.encoding == "Shift_JIS")
        #expect(page.html.contains("<title>\u{65E5}\u{672C}</title>"))
        let frame = try #require(page.frames.first)
        #expect(page.frames.count == 1)
        #expect(frame.url == "https://example.com/frame.html")
        #expect(frame.frameName == "side")
        #expect(frame.encoding == "windows-1251")
        #expect(frame.html.contains("<body>При</body>"))
    }

    @Test func webArchiveEncodingYieldsToTheEncodingOptionAndAByteOrderMark() throws {
        let bytes = try PageFixtures.iframeWebArchive()
        let page = try PageLoader.load(data: Data(bytes), path: "b.webarchive", options: PageLoadOptions(encoding: "euc-jp"))
        #expect(page.encoding == "EUC-JP")
        let bom = try PageFixtures.webArchive(main: PageFixtures.webResource([0xEF, 0xBB, 0xBF] + Array("<p>x".utf8), url: "https://e.com/", encoding: "windows-1252"))
        #expect(try PageLoader.load(data: Data(bom), path: "c.webarchive", options: .init()).encodingSource == "byte order mark")
    }

    @Test func xmlWebArchiveIsReadAndSniffedWithoutTheExtension() throws {
        let bytes = try PageFixtures.webArchive(main: PageFixtures.webResource(Array("<meta charset=koi8-r><p>".utf8) + [0xF0], url: "https://e.com/x", encoding: nil), xml: true)
        let page = try PageLoader.load(data: Data(bytes), path: "saved-page", options: .init())
        #expect(page.format == .webarchive)
        #expect(page.encoding == "KOI8-R")
        #expect(page.encodingSource == "meta prescan")
        #expect(page.html.hasSuffix("<p>П"))
    }

    @Test func commandLineURLWinsOverTheArchiveURL() throws {
        let page = try PageLoader.load(data: Data(try PageFixtures.simpleWebArchive()), path: "a.webarchive", options: PageLoadOptions(url: "https://override.example/"))
        #expect(page.url == "https://override.example/")
        #expect(page.urlSource == "command line")
    }

    @Test func propertyListWithoutAMainResourceIsNotHTML() throws {
        let bytes = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "x"], format: .binary, options: 0)
        let error = try #require(throws: PageLoadError.self) { try PageLoader.load(data: bytes, path: "Info.plist", options: .init()) }
        #expect(error.code == .pageNotHTML)
        #expect(error.message.contains("property list"))
    }

    @Test func corruptWebArchiveIsMalformed() throws {
        let error = try #require(throws: PageLoadError.self) { try PageLoader.load(data: Data("not a plist".utf8), path: "x.webarchive", options: .init()) }
        #expect(error.code == .pageMalformed)
    }

    // MARK: MHTML

    @Test func mhtmlMainPartIsDecodedFromQuotedPrintable() throws {
        let page = try PageLoader.load(data: Data(PageFixtures.framedMHTML()), path: "story.mhtml", options: .init())
        #expect(page.format == .mhtml)
        #expect(page.url == "https://example.org/news/story.html")
        #expect(page.urlSource == "mhtml")
        #expect(page.encoding == "UTF-8")
        #expect(page.encodingSource == "meta prescan")
        #expect(page.html.contains("<title>Caf\u{E9} \u{2603} story</title>"))
        #expect(page.html.contains("soft-wrapped by the quoted-printable encoding.</p>"))
        #expect(page.html.contains("<iframe src=\"cid:frame-1@mhtml.blink\">"))
        #expect(page.mimeType == "text/html")
    }

    @Test func mhtmlFramePartIsDecodedFromBase64WithItsCharset() throws {
        let page = try PageLoader.load(data: Data(PageFixtures.framedMHTML()), path: "story.mht", options: .init())
        let frame = try #require(page.frames.first)
        #expect(page.frames.count == 1)
        #expect(frame.url == "cid:frame-1@mhtml.blink")
        #expect(frame.encoding == "windows-1252")
        #expect(frame.html == "<html><head><title>Frame</title></head><body>caf\u{E9}</body></html>")
    }

    @Test func mhtmlIsSniffedWithoutTheExtension() throws {
        let page = try PageLoader.load(data: Data(PageFixtures.framedMHTML()), path: "download", options: .init())
        #expect(page.format == .mhtml)
    }

    @Test func mhtmlSniffingTakesHeaderLinesAndNothingThatOnlyLooksLikeThem() {
        func sniff(_ text: String) -> Bool { MHTMLReader.looksLikeMHTML(Array(text.utf8)) }
        // Headers in any case, with CRLF or LF, folded lines, or only a multipart/related type.
        #expect(sniff("MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<p>x"))
        #expect(sniff("from: <a@b.c>\nmime-VERSION: 1.0\nContent-Type: multipart/related;\n\tboundary=x\n\n--x"))
        #expect(sniff("Content-Type: Multipart/Related; boundary=q\r\n\r\n--q"))
        #expect(sniff("MIME-Version: 1.0"))
        // Pages: markup first, headers without the MIME ones, a header name that is not one.
        #expect(!sniff("<!DOCTYPE html>\n<html>MIME-Version: 1.0\n\n"))
        #expect(!sniff("Subject: notes\nFrom: me\n\n<p>mime-version: is in the body"))
        #expect(!sniff("MIME Version: 1.0\nContent-Type: multipart/related\n\n"))
        #expect(!sniff("mime-version 1.0\n\n"))
        #expect(!sniff(""))
        // Only the first 2 KB are headers to look at.
        #expect(!sniff(String(repeating: "X-Pad: y\n", count: 300) + "MIME-Version: 1.0\n\n"))
    }

    @Test func webArchiveSniffingWantsAPropertyListThatNamesAMainResource() {
        func sniff(_ text: String) -> Bool { WebArchiveReader.looksLikeWebArchive(Array(text.utf8)) }
        #expect(sniff("bplist00anything"))
        #expect(sniff("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>WebMainResource</key>"))
        #expect(!sniff("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>Other</key></dict></plist>"))
        #expect(!sniff("<html><body>WebMainResource</body></html>"))
        #expect(!sniff(String(repeating: " ", count: 600) + "<plist><key>WebMainResource</key>"))
    }

    @Test func mhtmlPartCharsetIsTheContainerEncoding() throws {
        let text = "MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=b1\r\n\r\n--b1\r\nContent-Type: text/html; charset=\"gb2312\"\r\nContent-Location: https://cn.example/\r\n\r\n<meta charset=utf-8><title>\u{0}</title>\r\n--b1--\r\n"
        var bytes = Array(text.utf8)
        let marker = bytes.firstIndex(of: 0)!
        bytes.replaceSubrange(marker...marker, with: [0xD6, 0xD0])
        let page = try PageLoader.load(data: Data(bytes), path: "cn.mhtml", options: .init())
        #expect(page.encoding == "GBK")
        #expect(page.encodingSource == "mhtml part")
        #expect(page.html == "<meta charset=utf-8><title>\u{4E2D}</title>")
        #expect(page.url == "https://cn.example/")
    }

    @Test func mhtmlWithoutAnHTMLPartIsNotHTML() throws {
        let text = "MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=b1\r\n\r\n--b1\r\nContent-Type: image/png\r\n\r\nxx\r\n--b1--\r\n"
        let error = try #require(throws: PageLoadError.self) { try PageLoader.load(data: Data(text.utf8), path: "x.mhtml", options: .init()) }
        #expect(error.code == .pageNotHTML)
    }

    @Test func quotedPrintableDecodesEscapesAndSoftBreaks() {
        #expect(MHTMLReader.decodeQuotedPrintable(Array("a=3Db=\r\nc=E2=98=83=\nd= x".utf8)) == Array("a=bc\u{2603}d= x".utf8))
    }
}
