import Foundation

/// The documents WebKit writes itself for a page that is not markup (text, an image, a video),
/// as markup the HTML parser turns into exactly WebKit's tree, so the rest of the simulator sees
/// an ordinary page. Each structure was recorded from WebKit
/// (`Tests/PreprocessingKitTests/Fixtures/oracle/documents`); the page is parsed with its
/// compatibility mode locked to no-quirks, as WebKit locks these documents' mode.
enum GeneratedDocument {
    /// WebKit's `TextDocument`: the text in one `<pre>` that wraps, after a `color-scheme` meta.
    static func text(_ text: String) -> String {
        var markup = #"<html><head><meta name="color-scheme" content="light dark"></head><body><pre style="word-wrap: break-word; white-space: pre-wrap;">"#
        // The parser drops one newline right after <pre> (the standard's rule for authored
        // markup); WebKit's text goes in as characters, so a leading newline stays.
        if text.hasPrefix("\n") || text.hasPrefix("\r") { markup += "\n" }
        markup.reserveCapacity(markup.utf8.count + text.utf8.count + 32)
        for character in text.unicodeScalars {
            switch character {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            // WebKit's text tokenizer (PLAINTEXT state) turns NUL into U+FFFD.
            case "\0": markup += "\u{FFFD}"
            default: markup.unicodeScalars.append(character)
            }
        }
        return markup + "</pre></body></html>"
    }

    /// WebKit's `ImageDocument`: the image alone, centred, titled "NAME W×H pixels" once its
    /// size is known (no title when it cannot be decoded). iOS fits a large image by the
    /// viewport (`processViewport`), not by the `width`/`height` attributes and zoom cursor
    /// WebKit's other ports give it, so the `<img>` keeps its first style whatever its size.
    static func image(url: String, header: ImageHeader?) -> String {
        let title = header.map { "<title>\(escapeText(imageName(url: url))) \($0.width)×\($0.height) pixels</title>" } ?? ""
        return #"<html style="height: 100%;"><head>"# + title + #"</head><body style="margin: 0px; height: 100%"><img style="-webkit-user-select:none; display:block; margin:auto; padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);" src=""#
            + escapeAttribute(url) + #""></body></html>"#
    }

    /// WebKit's `MediaDocument` as built on iOS (`MediaDocument.cpp`, the `PLATFORM(IOS_FAMILY)`
    /// branch: a head with a viewport meta), one `<video>` for audio and video alike.
    static func media(url: String, type: String) -> String {
        #"<html><head><meta name="viewport" content="width=device-width,initial-scale=1"></head><body><video controls="" autoplay="" src=""#
            + escapeAttribute(url) + #"" type=""# + escapeAttribute(type) + #""></video></body></html>"#
    }

    /// The name an image document's title gives: the URL's last path segment, percent-decoded,
    /// or its host when the path has none.
    static func imageName(url: String) -> String {
        guard let parsed = URL(string: url) else { return url }
        let last = parsed.lastPathComponent
        if !last.isEmpty, last != "/" { return last }
        return parsed.host ?? ""
    }

    static func escapeText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    static func escapeAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
