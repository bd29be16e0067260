import Foundation
import HTMLParser
import Testing
import TestSupport
@testable import PreprocessingKit

/// The document Safari builds for a page that is not HTML (a text file, an image, a video), and
/// how its kind is chosen: recorded from WebKit (`Fixtures/oracle/documents`, the corpus's text
/// and image documents and small edge cases) or, where WebKitGTK cannot show the type as iOS
/// does, taken from WebKit's source (named at each test).
@Suite struct DocumentKindTests {
    static let documents = Paths.fixtures.appendingPathComponent("documents")

    static func load(_ name: String, mime: String? = nil, url: String? = nil, contentType: String? = nil,
                     encoding: String? = nil) throws -> LoadedPage {
        try PageLoader.load(path: documents.appendingPathComponent(name).path,
                            options: PageLoadOptions(url: url ?? "https://example.com/documents/\(name)", encoding: encoding,
                                                     contentType: contentType, mime: mime))
    }

    // MARK: Recorded from WebKit

    /// Cases WebKitGTK cannot answer for iOS, each compared by its own test below: the empty
    /// file (the oracle's `load_bytes` refuses 0 bytes and shows a blank HTML page instead) and
    /// the MP4 (WebKitGTK here has no player for it and falls back to showing the bytes).
    static let notComparable: Set<String> = ["text/PandasThumb__pandasthumb.github.io__robots.txt", "edge/clip.mp4"]

    /// WebKitGTK shrinks an image larger than the viewport with `width`/`height` attributes
    /// and a zoom-in cursor, which re-serialises the `<img>`'s style (`ImageDocument::
    /// resizeImageToFit`); iOS fits it by the viewport instead and leaves the element as
    /// created (the `PLATFORM(IOS_FAMILY)` branch of `ImageDocument::imageUpdated`). So
    /// WebKit's markup is compared with that shrink undone.
    static func withoutDesktopShrink(_ html: String) -> String {
        let shrunk = #"style="-webkit-user-select: none; display: block; margin: auto; padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); cursor: zoom-in;""#
        guard html.contains(shrunk) else { return html }
        let created = #"style="-webkit-user-select:none; display:block; margin:auto; padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);""#
        return html.replacingOccurrences(of: shrunk, with: created)
            .replacingOccurrences(of: #" width="\d+" height="\d+">"#, with: ">", options: .regularExpression)
    }

    @Test func textAndImageDocumentsHaveWebKitsTreeTitleTypeAndEncoding() throws {
        let cases = try OracleFixtures.load("documents")
        #expect(cases.count >= 30)
        var compared = 0
        var mismatches: [String] = []
        for oracleCase in cases where !Self.notComparable.contains(oracleCase.id) {
            let page = try PageLoader.load(path: try #require(oracleCase.pagePath),
                                           options: PageLoadOptions(url: oracleCase.url, encoding: oracleCase.input["encoding"] as? String,
                                                                    mime: oracleCase.input["mime"] as? String))
            let transcript = SimulatorHarness.run(RunRequest(scriptPath: try #require(oracleCase.scriptPath), page: page,
                                                             handler: NoFinalizeHandler()))
            let ours = try #require(OracleFixtures.jsonObject(transcript.results) as? [String: Any],
                                    "\(oracleCase.id): no results \(transcript.diagnostics.map(\.message))")
            var expected = try #require(oracleCase.results as? [String: Any])
            if let html = expected["documentOuterHTML"] as? String {
                let fitted = Self.withoutDesktopShrink(html)
                if fitted != html {
                    expected["documentOuterHTML"] = fitted
                    expected["documentOuterHTMLLength"] = fitted.utf16.count
                }
            }
            compared += 1
            let differences = OracleFixtures.differences(ours, expected)
            if !differences.isEmpty { mismatches.append("\(oracleCase.id): \(differences.joined(separator: "; "))") }
        }
        #expect(compared == cases.count - Self.notComparable.count)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared) documents differ from WebKit:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test func anEmptyTextFileIsAnEmptyPre() throws {
        let page = try PageLoader.load(data: Data(), path: "robots.txt", options: PageLoadOptions(url: "https://example.com/robots.txt"))
        #expect(page.kind == .text(type: "text/plain"))
        #expect(page.html.hasSuffix("pre-wrap;\"></pre></body></html>"))
    }

    /// iOS's media document (`MediaDocument.cpp`, `MediaDocumentParser::createDocumentStructure`
    /// with `PLATFORM(IOS_FAMILY)`): a head holding a viewport meta, then one `<video>` with
    /// `controls`, `autoplay`, the document's URL and the response's type, for audio as well.
    @Test(arguments: [("clip.mp4", nil, "video/mp4", true), ("clip.mp4", "audio/mpeg", "audio/mpeg", false)] as [(String, String?, String, Bool)])
    func aVideoOrAudioIsIOSsMediaDocument(name: String, mime: String?, type: String, video: Bool) throws {
        let page = try Self.load(name, mime: mime)
        #expect(page.kind == .media(type: type, video: video))
        #expect(page.mimeType == type)
        let transcript = SimulatorHarness.run(RunRequest(scriptPath: "probe.js", scriptSource: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ html: document.documentElement.outerHTML,
              mode: document.compatMode, type: document.contentType, body: document.body.innerText }); } };
            """, page: page, handler: NoFinalizeHandler()))
        guard case .dictionary(let results)? = transcript.results else { Issue.record("no results"); return }
        #expect(results["html"] == .string(#"<html><head><meta name="viewport" content="width=device-width,initial-scale=1"></head><body><video controls="" autoplay="" src="https://example.com/documents/clip.mp4" type="\#(type)"></video></body></html>"#))
        #expect(results["mode"] == .string("CSS1Compat"))
        #expect(results["type"] == .string(type))
        #expect(results["body"] == .string(""))
    }

    // MARK: The choice of kind

    @Test func theTypeComesFromMimeThenContentTypeThenContainerThenExtensionThenBytes() {
        let png = [UInt8](try! Data(contentsOf: Self.documents.appendingPathComponent("red.png")))
        let text = Array("plain <b>words</b>".utf8)
        func choose(_ bytes: [UInt8], _ name: String, mime: String? = nil, contentType: String? = nil, container: String? = nil) -> DocumentKind.Choice {
            DocumentKind.choose(bytes: bytes, name: name, options: PageLoadOptions(contentType: contentType, mime: mime), container: container)
        }
        let header = ImageHeader(format: .png, width: 40, height: 30)
        #expect(choose(text, "a.html", mime: "text/plain", contentType: "text/html") == .init(kind: .text(type: "text/plain"), source: "--mime"))
        #expect(choose(text, "a.html", contentType: "text/css; charset=utf-8", container: "text/html")
                == .init(kind: .text(type: "text/css"), source: "content type"))
        #expect(choose(png, "", container: "image/png") == .init(kind: .image(type: "image/png", header: header), source: "container"))
        #expect(choose(text, "notes.txt") == .init(kind: .text(type: "text/plain"), source: "extension .txt"))
        #expect(choose(text, "data.json") == .init(kind: .text(type: "application/json"), source: "extension .json"))
        #expect(choose(text, "logo.svg") == .init(kind: .xml(type: "image/svg+xml"), source: "extension .svg"))
        #expect(choose(png, "photo") == .init(kind: .image(type: "image/png", header: header), source: "sniffed"))
        // A picture saved under an HTML name is named for what it is.
        #expect(choose(png, "photo.html") == .init(kind: .image(type: "image/png", header: header), source: "sniffed (the name says HTML)"))
        #expect(choose(text, "page") == .init(kind: .html, source: "default"))
        #expect(choose(Array("....ftypisom".utf8), "clip") == .init(kind: .media(type: "video/mp4", video: true), source: "sniffed"))
        #expect(choose(Array("ID3\u{3}".utf8), "song") == .init(kind: .media(type: "audio/mpeg", video: false), source: "sniffed"))
        // A JPEG served as image/png still decodes: the header, not the type, gives the size.
        #expect(DocumentKind.kind(forType: "image/png", bytes: [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 2, 0, 3, 3])
                == .image(type: "image/png", header: ImageHeader(format: .jpeg, width: 3, height: 2)))
    }

    @Test(arguments: [
        ("paper.pdf", "%PDF-1.7\n", nil, "this is a PDF document, not an HTML page: iOS Safari presents a PDF in its own viewer, not as a web page, and the simulator does not model it"),
        ("paper", "%PDF-1.7\n", nil, "this is a PDF document, not an HTML page: iOS Safari presents a PDF in its own viewer, not as a web page, and the simulator does not model it"),
        ("a.zip", "PK\u{3}\u{4}", nil, "Safari downloads a file of type application/zip instead of showing it, so no script runs on it"),
        ("a.bin", "x", "application/octet-stream", "Safari downloads a file of type application/octet-stream instead of showing it, so no script runs on it"),
    ] as [(String, String, String?, String)])
    func aTypeSafariDoesNotShowIsRefusedSayingWhatSafariDoes(name: String, bytes: String, mime: String?, message: String) throws {
        let error = try #require(throws: PageLoadError.self) {
            try PageLoader.load(data: Data(bytes.utf8), path: name, options: PageLoadOptions(mime: mime))
        }
        #expect(error.code == .pageNotHTML)
        #expect(error.message == message)
    }

    @Test func theKindIsNotedInTheTranscriptWithItsSource() throws {
        let page = try Self.load("markup.txt")
        let note = try #require(page.notes.first { $0.code == DiagnosticCode.documentKind.rawValue })
        #expect(note.message.hasPrefix("the page is text/plain (extension .txt), a text document"))
        #expect(try Self.load("truncated.png").notes.contains { $0.message.contains("cannot read this image's size") })
    }

    @Test func aWebArchiveOfAnImageIsAnImageDocument() throws {
        let png = [UInt8](try Data(contentsOf: Self.documents.appendingPathComponent("red.png")))
        let archive = try PageFixtures.webArchive(main: PageFixtures.webResource(png, url: "https://cdn.example/pics/red.png", encoding: nil,
                                                                                 mimeType: "image/png"))
        let page = try PageLoader.load(data: Data(archive), path: "saved.webarchive", options: PageLoadOptions())
        #expect(page.format == .webarchive)
        #expect(page.kind == .image(type: "image/png", header: ImageHeader(format: .png, width: 40, height: 30)))
        #expect(page.html.contains("<title>red.png 40×30 pixels</title>"))
        #expect(page.html.contains(#"src="https://cdn.example/pics/red.png""#))
        #expect(!page.notes.contains { $0.code == DiagnosticCode.webarchiveNotHTML.rawValue })
    }

    /// The standard's "parser cannot change the mode" flag: with it, a page without a DOCTYPE
    /// stays no-quirks; without it, it is in quirks mode.
    @Test func aLockedModeIgnoresTheMissingDoctype() {
        #expect(HTMLParser.parseDocument("<p>x", modeLocked: true).quirksMode == .noQuirks)
        #expect(HTMLParser.parseDocument("<p>x").quirksMode == .quirks)
        #expect(HTMLParser.parseDocument("<!DOCTYPE html PUBLIC \"-//W3O//DTD W3 HTML Strict 3.0//EN//\">", modeLocked: true).quirksMode == .noQuirks)
    }

    // MARK: Image headers

    @Test(arguments: [
        ("Fixtures/documents/red.png", ImageHeader.Format.png, 40, 30),
        ("Fixtures/documents/small.bmp", .bmp, 7, 5),
        ("Fixtures/documents/icon.ico", .ico, 16, 16),
        ("Fixtures/documents/small.jpg", .jpeg, 41, 29),
        ("shared:image/0ad__play0ad.com__branding.png", .jpeg, 1000, 150),
        ("shared:image/0ad__play0ad.com__loadingAnimation.gif", .gif, 208, 13),
        ("shared:image/PandasThumb__pandasthumb.github.io__SandefurGooseBarnacle.JPG", .jpeg, 450, 600),
        ("shared:image/WhatsApp__stickers__01_Cuppy_smile.webp", .webp, 512, 512),
    ] as [(String, ImageHeader.Format, Int, Int)])
    func anImagesSizeIsReadFromItsHeader(file: String, format: ImageHeader.Format, width: Int, height: Int) throws {
        let path = file.hasPrefix("shared:")
            ? Paths.shared.appendingPathComponent("corpus/documents/" + file.dropFirst("shared:".count)).path
            : Paths.repository.appendingPathComponent("Tests/PreprocessingKitTests/" + file).path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(ImageHeader.read(bytes) == ImageHeader(format: format, width: width, height: height))
    }

    @Test func webPsThreeHeadersAreRead() {
        func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload
        }
        // Lossy: a key frame's start code, then 14-bit sizes.
        #expect(ImageHeader.read(webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x2C, 0x01, 0xC8, 0x00]))?.width == 300)
        // Lossless: the signature byte, then width − 1 and height − 1 in 14 bits each (99, 49).
        let lossless = ImageHeader.read(webp("VP8L", [0x2F, 0x63, 0x40, 0x0C, 0x00]))
        #expect(lossless.map { [$0.width, $0.height] } == [100, 50])
        // Extended: flags, then the canvas's width − 1 and height − 1 in 24 bits (1023, 767).
        let extended = ImageHeader.read(webp("VP8X", [0, 0, 0, 0, 0xFF, 0x03, 0, 0xFF, 0x02, 0]))
        #expect(extended.map { [$0.width, $0.height] } == [1024, 768])
    }

    /// Mutated and truncated real headers never trap or read past the end: the reader's every
    /// access is bounds-checked. 4,000 inputs from a fixed seed.
    @Test func damagedHeadersGiveNoSizeOrASizeNeverACrash() throws {
        var generator = PipelineFuzzTests.Generator(state: 35)
        let seeds = try ["red.png", "small.bmp", "icon.ico", "small.jpg"].map {
            [UInt8](try Data(contentsOf: Self.documents.appendingPathComponent($0)))
        } + [Array("GIF89a".utf8) + [1, 0], Array("RIFF\0\0\0\0WEBPVP8X".utf8)]
        var read = 0
        for index in 0..<4_000 {
            var bytes = seeds[index % seeds.count]
            bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
            for _ in 0..<Int(generator.next() % 4) where !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let header = ImageHeader.read(bytes) {
                #expect(header.width > 0 && header.height > 0)
                read += 1
            }
        }
        #expect(read > 0)
    }
}
