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
    static func canonicalURL(in html: String) -> String? {
        var searchStart = html.startIndex
        while let open = html.range(of: "<link", options: .caseInsensitive, range: searchStart..<html.endIndex) {
            guard let close = html[open.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = String(html[open.upperBound..<close])
            searchStart = close
            let attributes = Self.attributes(of: tag)
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

    /// Attributes of a tag's inside (after the name), first occurrence wins; names lower-cased.
    static func attributes(of tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var position = 0
        let bytes = Array(tag.utf8) + [UInt8(ascii: ">")]
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
