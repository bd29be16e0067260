import Testing
@testable import PreprocessingKit

/// The WHATWG double-byte decoders give one U+FFFD for an invalid lead/trail pair whose trail
/// byte is not ASCII, and read an ASCII trail byte again on its own (WebKit does the same; the
/// html5lib page test-yahoo-jp-000, UTF-8 declared as EUC-JP, shows it).
@Suite struct DoubleByteErrorTests {
    @Test func anInvalidPairWithANonASCIITrailIsOneReplacementCharacter() {
        #expect(TextEncodingRegistry.decode([0x61, 0xA1, 0xA0, 0x62], as: "EUC-JP").text == "a\u{FFFD}b")
        #expect(TextEncodingRegistry.decode([0x61, 0x81, 0xFF, 0x62], as: "EUC-KR").text == "a\u{FFFD}b")
    }

    @Test func anASCIITrailByteIsReadAgain() {
        #expect(TextEncodingRegistry.decode([0xA1, 0x41], as: "EUC-JP").text == "\u{FFFD}A")
        #expect(TextEncodingRegistry.decode([0x81, 0x20, 0x41], as: "Shift_JIS").text == "\u{FFFD} A")
    }

    @Test func validPairsStillDecode() {
        #expect(TextEncodingRegistry.decode([0xA4, 0xA2], as: "EUC-JP").text == "あ")
        #expect(TextEncodingRegistry.decode([0x82, 0xA0], as: "Shift_JIS").text == "あ")
    }
}
