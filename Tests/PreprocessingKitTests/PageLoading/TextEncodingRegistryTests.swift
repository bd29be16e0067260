import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct TextEncodingRegistryTests {
    /// A sample of the WHATWG label table, including the surprising ones.
    static let labels: [(String, String)] = [
        ("utf-8", "UTF-8"), ("UTF8", "UTF-8"), ("unicode-1-1-utf-8", "UTF-8"), ("x-unicode20utf8", "UTF-8"),
        ("gb2312", "GBK"), ("gbk", "GBK"), ("x-gbk", "GBK"), ("chinese", "GBK"), ("iso-ir-58", "GBK"), ("gb18030", "gb18030"),
        ("latin1", "windows-1252"), ("iso-8859-1", "windows-1252"), ("ascii", "windows-1252"), ("us-ascii", "windows-1252"),
        ("ansi_x3.4-1968", "windows-1252"), ("cp819", "windows-1252"),
        ("shift_jis", "Shift_JIS"), ("sjis", "Shift_JIS"), ("ms932", "Shift_JIS"), ("windows-31j", "Shift_JIS"), ("x-sjis", "Shift_JIS"),
        ("euc-jp", "EUC-JP"), ("iso-2022-jp", "ISO-2022-JP"),
        ("euc-kr", "EUC-KR"), ("ks_c_5601-1987", "EUC-KR"), ("windows-949", "EUC-KR"),
        ("big5", "Big5"), ("big5-hkscs", "Big5"), ("x-x-big5", "Big5"),
        ("iso-8859-9", "windows-1254"), ("latin5", "windows-1254"), ("tis-620", "windows-874"), ("iso-8859-11", "windows-874"),
        ("koi8", "KOI8-R"), ("koi8-ru", "KOI8-U"), ("mac", "macintosh"), ("x-mac-ukrainian", "x-mac-cyrillic"),
        ("logical", "ISO-8859-8-I"), ("visual", "ISO-8859-8"), ("iso-8859-6-i", "ISO-8859-6"),
        ("utf-16", "UTF-16LE"), ("unicode", "UTF-16LE"), ("ucs-2", "UTF-16LE"), ("unicodefffe", "UTF-16BE"),
        ("x-user-defined", "x-user-defined"), ("iso-2022-kr", "replacement"), ("hz-gb-2312", "replacement"),
        ("l9", "ISO-8859-15"), ("csibm866", "IBM866"),
    ]

    @Test func everySampledLabelMapsToItsEncoding() {
        for (label, expected) in Self.labels {
            #expect(TextEncodingRegistry.encodingName(forLabel: label) == expected, "label \(label)")
        }
    }

    @Test func labelsIgnoreCaseAndSurroundingWhitespace() {
        #expect(TextEncodingRegistry.encodingName(forLabel: "  Shift_JIS\n") == "Shift_JIS")
        #expect(TextEncodingRegistry.encodingName(forLabel: "\tGB2312 ") == "GBK")
    }

    @Test func unknownLabelsAndAliasesBrowsersDoNotKnowGiveNil() {
        #expect(TextEncodingRegistry.encodingName(forLabel: "utf-32") == nil)
        #expect(TextEncodingRegistry.encodingName(forLabel: "cp932") == nil)  // glibc knows it, browsers do not
        #expect(TextEncodingRegistry.encodingName(forLabel: "") == nil)
    }

    @Test func everyEncodingDecodesAsciiUnchanged() {
        let ascii = Array("<p class=\"x\">Hello, world 123</p>".utf8)
        for name in TextEncodingRegistry.encodingNames where !["UTF-16BE", "UTF-16LE", "replacement"].contains(name) {
            let (text, replaced) = TextEncodingRegistry.decode(ascii, as: name)
            #expect(text == "<p class=\"x\">Hello, world 123</p>", "\(name)")
            #expect(!replaced, "\(name)")
        }
    }

    @Test func windows1252UndefinedBytesBecomeC1Controls() {
        // Recorded from WebKit: fixture windows-1252-undefined-bytes.html.
        let (text, replaced) = TextEncodingRegistry.decode([0x80, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x9F], as: "windows-1252")
        #expect(text.unicodeScalars.map(\.value) == [0x20AC, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x178])
        #expect(!replaced)
    }

    @Test func nulBytesSurviveEveryDecoder() {
        for name in ["UTF-8", "windows-1252", "Shift_JIS", "GBK", "EUC-KR"] {
            let (text, _) = TextEncodingRegistry.decode([0x61, 0x00, 0x62], as: name)
            #expect(text.unicodeScalars.map(\.value) == [0x61, 0x00, 0x62], "\(name)")
        }
    }

    @Test func invalidUTF8BecomesOneReplacementPerMaximalSubpart() {
        let (text, replaced) = TextEncodingRegistry.decode([0x78, 0xFF, 0x79, 0xE2, 0x82, 0x7A, 0xF0, 0x9F, 0x98], as: "UTF-8")
        #expect(text == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
        #expect(replaced)
    }

    @Test func shiftJISInvalidTrailByteIsReplacedAndTheAsciiKept() {
        // WebKit: [12354, 65533, 65] for 82 A0 82 41.
        let (text, replaced) = TextEncodingRegistry.decode([0x82, 0xA0, 0x82, 0x41], as: "Shift_JIS")
        #expect(text == "\u{3042}\u{FFFD}A")
        #expect(replaced)
    }

    @Test func gbkDecodesTheEuroSignAndFourByteGB18030Sequences() {
        let (text, _) = TextEncodingRegistry.decode([0x80, 0xD6, 0xD0, 0x81, 0x30, 0x81, 0x30], as: "GBK")
        #expect(text.unicodeScalars.map(\.value) == [0x20AC, 0x4E2D, 0x80])
    }

    @Test func gbkSeesTheEuroSignAfterALeadByteThatStartsNoSequence() {
        // UTF-8 text labelled gb2312 (qq's page, as WebKit decodes it): E6 3C is no pair, so the
        // lead alone is an error, '<' is read again, and 0x80 is a lead again: U+20AC.
        let (text, _) = TextEncodingRegistry.decode([0xE6, 0x3C, 0x80, 0x41, 0xE6, 0x31, 0x3C, 0x80], as: "GBK")
        #expect(text.unicodeScalars.map(\.value) == [0xFFFD, 0x3C, 0x20AC, 0x41, 0xFFFD, 0x31, 0x3C, 0x20AC])
        // A four-byte sequence cut off by the end of the page is one error.
        #expect(TextEncodingRegistry.decode([0x41, 0x81, 0x30, 0x81], as: "GBK").text.unicodeScalars.map(\.value) == [0x41, 0xFFFD])
    }

    @Test func eucJPMakesEveryByteThatStartsNothingAnError() {
        // UTF-8 text labelled euc-jp (html5lib's test-yahoo-jp-000, as WebKit decodes it):
        // 9C and 80 are errors of their own, not C1 controls as glibc has them.
        let (text, replaced) = TextEncodingRegistry.decode([0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE6, 0x9C, 0x80, 0xE5, 0xA4, 0xA7], as: "EUC-JP")
        #expect(text.unicodeScalars.map(\.value) == [0xFFFD, 0x30E6, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x7D0A, 0xFFFD])
        #expect(replaced)
    }

    @Test func big5AndEucKrUseTheirWebSupersets() {
        #expect(TextEncodingRegistry.decode([0xA4, 0xA4, 0x88, 0x62], as: "Big5").text.unicodeScalars.map(\.value) == [0x4E2D, 0xCA, 0x304])
        #expect(TextEncodingRegistry.decode([0xC7, 0xD1, 0x81, 0x41], as: "EUC-KR").text.unicodeScalars.map(\.value) == [0xD55C, 0xAC02])
    }

    @Test func legacySingleByteEncodingsDecodeTheirLetters() {
        #expect(TextEncodingRegistry.decode([0xF0, 0xD2, 0xC9], as: "KOI8-R").text == "При")
        #expect(TextEncodingRegistry.decode([0xE1, 0xE2], as: "ISO-8859-7").text == "αβ")
        #expect(TextEncodingRegistry.decode([0xE0, 0xE1], as: "ISO-8859-8-I").text == "אב")
        #expect(TextEncodingRegistry.decode([0xCF, 0xF0, 0xE8], as: "windows-1251").text == "При")
        #expect(TextEncodingRegistry.decode([0xB9, 0xE6], as: "windows-1250").text == "ąć")
    }

    @Test func utf16DecodesBothByteOrdersAndReplacesLoneSurrogates() {
        #expect(TextEncodingRegistry.decode([0x3C, 0x00, 0x3D, 0xD8, 0x00, 0xDE], as: "UTF-16LE").text == "<😀")
        #expect(TextEncodingRegistry.decode([0x00, 0x3C, 0xD8, 0x3D], as: "UTF-16BE") == ("<\u{FFFD}", true))
        #expect(TextEncodingRegistry.decode([0x41, 0x00, 0x42], as: "UTF-16LE") == ("A\u{FFFD}", true))
    }

    @Test func xUserDefinedAndReplacementFollowTheStandard() {
        #expect(TextEncodingRegistry.decode([0x41, 0x80, 0xFF], as: "x-user-defined").text.unicodeScalars.map(\.value) == [0x41, 0xF780, 0xF7FF])
        #expect(TextEncodingRegistry.decode(Array("anything".utf8), as: "replacement") == ("\u{FFFD}", true))
        #expect(TextEncodingRegistry.decode([], as: "replacement") == ("", false))
    }

    @Test func iso2022JPSwitchesCharacterSets() {
        let bytes: [UInt8] = [0x1B, 0x24, 0x42, 0x24, 0x22, 0x1B, 0x28, 0x42, 0x41]
        #expect(TextEncodingRegistry.decode(bytes, as: "ISO-2022-JP").text == "\u{3042}A")
    }

    @Test func truncatedMultibyteSequenceAtTheEndBecomesOneReplacement() {
        #expect(TextEncodingRegistry.decode([0x41, 0x82], as: "Shift_JIS") == ("A\u{FFFD}", true))
    }
}
