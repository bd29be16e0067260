import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct EncodingSnifferTests {
    func load(_ html: [UInt8], _ options: PageLoadOptions = .init()) throws -> LoadedPage {
        try PageLoader.load(data: Data(html), path: "page.html", options: options)
    }

    func load(_ html: String, _ options: PageLoadOptions = .init()) throws -> LoadedPage {
        try load(Array(html.utf8), options)
    }

    @Test func byteOrderMarkWinsOverEverythingAndIsStripped() throws {
        let page = try load([0xEF, 0xBB, 0xBF] + Array("<meta charset=windows-1251>caf\u{E9}".utf8), PageLoadOptions(encoding: "koi8-r", contentType: "text/html; charset=gbk"))
        #expect(page.encoding == "UTF-8")
        #expect(page.encodingSource == "byte order mark")
        #expect(page.html == "<meta charset=windows-1251>caf\u{E9}")
        let utf16 = try load([0xFE, 0xFF, 0x00, 0x3C, 0x04, 0x1F])
        #expect(utf16.encoding == "UTF-16BE")
        #expect(utf16.html == "<\u{041F}")
    }

    @Test func encodingOptionOverridesContentTypeAndMeta() throws {
        let page = try load([0x3C, 0x6D, 0x65, 0x74, 0x61, 0x20] + Array("charset=utf-8>".utf8) + [0xCF, 0xF0], PageLoadOptions(encoding: "cp1251", contentType: "text/html; charset=koi8-r"))
        #expect(page.encoding == "windows-1251")
        #expect(page.encodingSource == "--encoding")
        #expect(page.html.hasSuffix("Пр"))
    }

    @Test func unknownEncodingOptionIsIgnoredWithAWarning() throws {
        let page = try load("<meta charset=\"iso-8859-2\"><title>x</title>", PageLoadOptions(encoding: "klingon"))
        #expect(page.encoding == "ISO-8859-2")
        #expect(page.notes.contains { $0.code == "encoding-label-unknown" })
    }

    @Test func contentTypeCharsetOverridesMeta() throws {
        let page = try load("<meta charset=\"utf-8\"><title>t</title>", PageLoadOptions(contentType: "text/html; charset=\"GB2312\""))
        #expect(page.encoding == "GBK")
        #expect(page.encodingSource == "content type")
        #expect(page.mimeType == "text/html")
    }

    @Test func metaCharsetInTheFirst1024BytesIsThePrescan() throws {
        let page = try load("<!doctype html><html><head><meta charset='Shift_JIS'><title>t</title>")
        #expect(page.encoding == "Shift_JIS")
        #expect(page.encodingSource == "meta prescan")
    }

    @Test func httpEquivContentCharsetIsExtracted() throws {
        let page = try load("<meta content=\"text/html; charset = 'iso-8859-7'\" http-equiv=\"Content-Type\">")
        #expect(page.encoding == "ISO-8859-7")
        #expect(try load("<meta http-equiv=content-type content=\"text/html;charset=euc-jp;x=y\">").encoding == "EUC-JP")
        // Without the pragma, content alone does not count.
        #expect(try load("<meta content=\"text/html; charset=euc-jp\"><p>\u{E9}").encoding == "windows-1252")
    }

    @Test func metaInsideACommentOrScriptDoesNotCount() throws {
        #expect(try load("<!-- <meta charset=\"shift_jis\"> --><meta charset=\"koi8-r\">").encoding == "KOI8-R")
        // WebKit skips script content (recorded: meta-in-script.html stays windows-1252).
        #expect(try load("<script>var s = \"<meta charset='euc-kr'>\";</script><title>x</title>").encodingSource.hasPrefix("default"))
    }

    @Test func firstKnownLabelWinsAndUTF16OrUserDefinedAreAdjusted() throws {
        #expect(try load("<meta charset=\"no-such\"><meta charset=\"iso-8859-2\">").encoding == "ISO-8859-2")
        #expect(try load("<meta charset=\"utf-16\">").encoding == "UTF-8")
        #expect(try load("<meta charset=\"x-user-defined\">").encoding == "windows-1252")
    }

    @Test func metaAfter1024BytesStillInTheHeadIsHonouredAsWebKitDoes() throws {
        let head = "<html><head>" + String(repeating: "<link rel=\"x\" href=\"y\">", count: 60) + "<script>var a = 1;</script>"
        let page = try load(head + "<meta charset=\"utf-8\"><title>caf\u{E9}</title>")
        #expect(page.encoding == "UTF-8")
        #expect(page.encodingSource == "meta after prescan")
        #expect(page.notes.contains { $0.code == "encoding-meta-late" })
    }

    @Test func metaAfter1024BytesPastTheHeadIsIgnored() throws {
        let html = "<html><head><iframe></iframe>" + String(repeating: "<link rel=\"x\" href=\"y\">", count: 60) + "<meta charset=\"utf-8\"><title>caf\u{E9}</title>"
        let page = try load(html)
        #expect(page.encoding == "windows-1252")
        #expect(page.html.contains("caf\u{C3}\u{A9}"))
        // Before 1024 bytes a meta counts even after body content (recorded: meta-before-1024-after-div.html).
        #expect(try load("<html><body><div>x</div><meta charset=\"utf-8\">").encoding == "UTF-8")
    }

    @Test func xmlDeclarationAtTheStartDeclaresTheEncoding() throws {
        let page = try load([UInt8]("<?xml version=\"1.0\" encoding=\"iso-8859-5\"?><title>".utf8) + [0xBF, 0xE0, 0xD8])
        #expect(page.encoding == "ISO-8859-5")
        #expect(page.encodingSource == "xml declaration")
        #expect(page.html.hasSuffix("При"))
    }

    @Test func undeclaredPageIsGuessedAsWindows1252WithAWarning() throws {
        let page = try load("<title>Caf\u{E9} \u{2013} na\u{EF}ve</title>")
        #expect(page.encoding == "windows-1252")
        #expect(page.encodingSource.hasPrefix("default (guessed: windows-1252"))
        #expect(page.encodingSource.contains("look like UTF-8"))
        #expect(page.html == "<title>CafÃ© â€“ naÃ¯ve</title>")
        let note = try #require(page.notes.first { $0.code == "encoding-guessed" })
        #expect(note.message.contains("--encoding utf-8"))
    }

    @Test func undeclaredAsciiPageIsGuessedWithoutAWarning() throws {
        let page = try load("<title>plain</title>")
        #expect(page.encodingSource.contains("all ASCII"))
        #expect(!page.notes.contains { $0.code == "encoding-guessed" })
    }

    @Test func invalidBytesGiveANote() throws {
        let page = try load([UInt8]("<meta charset=utf-8>x".utf8) + [0xFF])
        #expect(page.html.hasSuffix("x\u{FFFD}"))
        #expect(page.notes.contains { $0.code == "invalid-bytes-replaced" })
    }

    @Test func charsetFromContentFollowsTheSpecAlgorithm() {
        #expect(EncodingSniffer.charsetFromContent("text/html; charset=utf-8") == "utf-8")
        #expect(EncodingSniffer.charsetFromContent("text/html;CHARSET=\"gbk\"") == "gbk")
        #expect(EncodingSniffer.charsetFromContent("charset='big5") == nil)  // unterminated quote
        #expect(EncodingSniffer.charsetFromContent("xcharsetx; charset = koi8-r ;") == "koi8-r")
        #expect(EncodingSniffer.charsetFromContent("text/html") == nil)
        // Text around it in any script; only ASCII spells the name.
        #expect(EncodingSniffer.charsetFromContent("Grüße — 東京; ChArSeT=\"windows-1251\" 🎉") == "windows-1251")
        #expect(EncodingSniffer.charsetFromContent("cʜarset=utf-8") == nil)
    }
}
