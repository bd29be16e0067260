import Foundation
import Testing
@testable import PreprocessingKit

/// `--format json` writes the page after finalize in pieces, with the bytes one encoding gives.
@Suite struct JSONReportTests {
    /// A finished run with finalize, its page replaced by `html`.
    static func transcript(html: String) throws -> Transcript {
        var transcript = try TraceTests.run("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ title: document.title }); },
              finalize: function (a) { document.body.setAttribute("data-done", "1"); } };
            """, finalize: .dictionary(["x": .string("y")]), trace: false)
        #expect(transcript.finalize.html?.contains("data-done") == true)
        transcript.finalize.html = html
        return transcript
    }

    /// Every character JSON escapes, and UTF-8 of each length a piece may be cut inside.
    static let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/<é€😀\u{2028}\u{7F}"

    static func oneEncoding(_ transcript: Transcript) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(transcript) + Data("\n".utf8)
    }

    /// Pieces of 1 to 7 bytes cut through every multi-byte character and escape.
    @Test func thePageInPiecesGivesTheBytesOfOneEncoding() throws {
        let transcript = try Self.transcript(html: String(repeating: Self.awkward, count: 3))
        let expected = try Self.oneEncoding(transcript)
        for chunkBytes in 1...7 {
            var written = Data()
            JSONReport.write(transcript, chunkBytes: chunkBytes) { written.append($0) }
            #expect(written == expected, "chunkBytes \(chunkBytes)")
        }
        #expect(Data(JSONReport.render(transcript).utf8) == expected)
    }

    /// A 6 MB page never goes to the output whole (nor as the whole report): no piece is larger
    /// than the default piece, escaped, plus the rest of the transcript.
    @Test func aLargePageIsWrittenWithoutAWholeCopy() throws {
        let html = String(repeating: Self.awkward + String(repeating: "<p>text</p>", count: 60), count: 9_000)
        #expect(html.utf8.count > 6_000_000)
        let transcript = try Self.transcript(html: html)
        var written = Data()
        var largest = 0
        JSONReport.write(transcript) { piece in
            largest = max(largest, piece.count)
            written.append(piece)
        }
        #expect(largest < 2 * (1 << 20), "largest piece \(largest) bytes")
        #expect(written == (try Self.oneEncoding(transcript)))
    }
}
