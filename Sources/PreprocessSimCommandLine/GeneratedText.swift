import Foundation

/// Names written into the files `init-handler` generates (folder paths, file names, the kit's
/// path), escaped for where they go: a folder may be called anything, and a name must stay a
/// name there, never become code, a second line or a second shell word.
///
/// ```swift
/// GeneratedText.swiftString("a\"b\nc")   // "a\"b\nc"  (the literal, quotes included)
/// GeneratedText.comment("a\nb")          // a\nb       (one line)
/// ```
enum GeneratedText {
    /// A Swift string literal, quotes included, whose value is `text` exactly: backslash and
    /// quote escaped, control characters as `\n`, `\r`, `\t`, `\0` or `\u{…}` (a single-line
    /// literal cannot hold a line break).
    static func swiftString(_ text: String) -> String {
        // Backslashes first: the escapes added after them are Swift's own (`\n`, `\0`, `\u{1B}`).
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").escapingControlCharacters + "\""
    }

    /// Text for a `//` comment (or a line of prose): a line break would end the comment and
    /// make the rest code, so control characters are written as escapes.
    static func comment(_ text: String) -> String { text.escapingControlCharacters }

    /// A JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// One shell word: as it is when it holds only characters no shell treats specially, else
    /// in single quotes (a quote inside written `'\''`).
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "_-./=:@%+,".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
