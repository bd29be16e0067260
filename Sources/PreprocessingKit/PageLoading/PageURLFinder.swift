import Foundation

/// Finds the URL a saved HTML page was saved from.
enum PageURLFinder {
    /// The URL in `<!-- saved from url=(0042)https://… -->`, which browsers write when saving.
    /// The number is the URL's length in characters; when it does not fit, the URL runs to the
    /// next whitespace or `-->`.
    static func savedFromURL(in html: String) -> String? {
        let head = html.prefix(4096)
        guard let marker = head.range(of: "saved from url=(", options: .caseInsensitive) else { return nil }
        let afterMarker = head[marker.upperBound...]
        guard let close = afterMarker.firstIndex(of: ")") else { return nil }
        let declaredLength = Int(afterMarker[..<close].trimmingCharacters(in: .whitespaces))
        let rest = afterMarker[afterMarker.index(after: close)...]
        let untilEnd = rest.prefix { !$0.isWhitespace }
        var url = untilEnd.hasSuffix("-->") ? String(untilEnd.dropLast(3)) : String(untilEnd)
        if let declaredLength, declaredLength > 0, declaredLength <= rest.count {
            let exact = String(rest.prefix(declaredLength))
            let after = rest.dropFirst(declaredLength)
            // Trust the length only where it ends the URL (IE wrote it; hand edits break it).
            if !exact.contains(where: \.isWhitespace), after.isEmpty || after.first!.isWhitespace || after.hasPrefix("-->") { url = exact }
        }
        return url.isEmpty ? nil : url
    }

    /// The `href` of the first `<link>` whose `rel` tokens include `canonical`, if absolute.
    /// Read from the page's UTF-8 bytes: a case-insensitive `range(of:)` over a whole page went
    /// through Foundation's UTF-16 search and offsets, a twentieth of a suite's time.
    static func canonicalURL(in html: String) -> String? {
        var html = html
        return html.withUTF8 { bytes -> String? in
            let count = bytes.count
            let lowercaseLink: [UInt8] = Array("link".utf8)
            var index = 0
            while index + 6 <= count {
                // "<link", ASCII case-insensitive (b | 0x20 maps only "L" and "l" to "l", …), then
                // what ends a tag name (white space, "/" or ">"), so `<linkx>` is not a link.
                guard bytes[index] == UInt8(ascii: "<"),
                      (0..<4).allSatisfy({ bytes[index + 1 + $0] | 0x20 == lowercaseLink[$0] }),
                      EncodingSniffer.isSpace(bytes[index + 5]) || bytes[index + 5] == UInt8(ascii: "/") || bytes[index + 5] == UInt8(ascii: ">")
                else { index += 1; continue }
                let open = index + 5
                guard let close = (open..<count).first(where: { bytes[$0] == UInt8(ascii: ">") }) else { return nil }
                index = close
                let attributes = Self.attributes(of: Array(bytes[open..<close]))
                guard let rel = attributes["rel"],
                      rel.lowercased().split(whereSeparator: \.isWhitespace).contains("canonical"),
                      var href = attributes["href"]?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty
                else { continue }
                href = href.replacingOccurrences(of: "&amp;", with: "&")
                if href.hasPrefix("//") { href = "https:" + href }
                if let url = URL(string: href), let scheme = url.scheme, scheme == "http" || scheme == "https" { return href }
            }
            return nil
        }
    }

    /// Attributes of a tag's inside (its bytes after the name), first occurrence wins; names
    /// lower-cased.
    static func attributes(of tag: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        var position = 0
        let bytes = tag + [UInt8(ascii: ">")]
        while let (name, value) = EncodingSniffer.nextAttribute(bytes, &position) {
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    /// `file://` URL of a path, made absolute against the current directory.
    static func fileURL(forPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
