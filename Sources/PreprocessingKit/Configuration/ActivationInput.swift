import Foundation

/// What a host app hands the share sheet, as an activation rule sees it: extension items, each
/// with attachments, each attachment with its `registeredTypeIdentifiers`.
///
/// The presets are the simulator's model of real hosts (observed behaviour, not documented by
/// Apple; adjust here if a device shows otherwise):
/// - `safariWebPage()`: Safari sharing a page to an extension that has a preprocessing file:
///   one item with a `com.apple.property-list` attachment (the preprocessing results) and a
///   `public.url` attachment; some iOS versions add a `public.plain-text` attachment (the
///   title/URL as text): pass `includesPlainText: true` for those.
/// - `safariWithoutPreprocessing()`: the same share when the extension has no preprocessing
///   file (or Safari does not run it): the URL (and maybe text) only.
/// - `otherBrowserURL`: Chrome, Firefox and other browsers: one item with one `public.url`.
/// - `image`: the Photos app sharing one photo: one item with one `public.jpeg`.
public struct ActivationInput: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        /// Each attachment's registered type identifiers.
        public var attachments: [[String]]
        public init(attachments: [[String]]) { self.attachments = attachments }
    }

    public var name: String
    public var items: [Item]

    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }

    public static let propertyListType = "com.apple.property-list"

    public static func safariWebPage(includesPlainText: Bool = false) -> ActivationInput {
        var attachments = [[propertyListType], ["public.url"]]
        if includesPlainText { attachments.append(["public.plain-text"]) }
        return ActivationInput(name: includesPlainText ? "Safari web page (with text)" : "Safari web page",
                               items: [Item(attachments: attachments)])
    }

    public static func safariWithoutPreprocessing(includesPlainText: Bool = false) -> ActivationInput {
        var attachments = [["public.url"]]
        if includesPlainText { attachments.append(["public.plain-text"]) }
        return ActivationInput(name: "Safari URL", items: [Item(attachments: attachments)])
    }

    public static let otherBrowserURL = ActivationInput(
        name: "other browser URL", items: [Item(attachments: [["public.url"]])])

    public static let image = ActivationInput(
        name: "image", items: [Item(attachments: [["public.jpeg"]])])
}

/// A small table of system type identifiers and what they conform to, enough for the types
/// activation rules name. Identifiers not in the table conform only to themselves.
/// Comparisons are case-insensitive, as UTIs are.
enum UniformTypeTable {
    static let parents: [String: [String]] = [
        "public.item": [],
        "public.content": [],
        "public.composite-content": ["public.content"],
        "public.data": ["public.item"],
        "public.url": ["public.data"],
        "public.file-url": ["public.url"],
        "public.text": ["public.data", "public.content"],
        "public.plain-text": ["public.text"],
        "public.utf8-plain-text": ["public.plain-text"],
        "public.utf16-plain-text": ["public.plain-text"],
        "public.rtf": ["public.text"],
        "public.html": ["public.text"],
        "public.xml": ["public.text"],
        "com.apple.property-list": ["public.data"],
        "com.apple.xml-property-list": ["public.xml", "com.apple.property-list"],
        "com.apple.webarchive": ["public.data", "public.composite-content"],
        "public.image": ["public.data", "public.content"],
        "public.jpeg": ["public.image"],
        "public.png": ["public.image"],
        "public.heic": ["public.image"],
        "com.compuserve.gif": ["public.image"],
        "public.audiovisual-content": ["public.data", "public.content"],
        "public.movie": ["public.audiovisual-content"],
        "public.video": ["public.movie"],
        "public.mpeg-4": ["public.movie"],
        "com.apple.quicktime-movie": ["public.movie"],
        "public.audio": ["public.audiovisual-content"],
        "com.adobe.pdf": ["public.data", "public.composite-content"],
        "public.vcard": ["public.text"],
    ]

    static func conforms(_ type: String, to target: String) -> Bool {
        let target = target.lowercased()
        var pending = [type.lowercased()]
        var seen: Set<String> = []
        while let current = pending.popLast() {
            if current == target { return true }
            guard seen.insert(current).inserted else { continue }
            pending.append(contentsOf: parents[current] ?? [])
        }
        return false
    }
}
