import Foundation

/// A regression suite as written in its JSON manifest (`*.suite.json`, schema `version` 1,
/// documented in docs/suites.md). Every field but `version` is optional; paths are relative to
/// the manifest's folder.
///
/// ```json
/// { "version": 1, "scripts": ["scripts/*.js"], "pages": ["pages/**/*.html"], "matrix": true,
///   "defaults": { "handler": "echo", "expect": { "snapshot": true } } }
/// ```
public struct SuiteManifest: Codable, Equatable, Sendable {
    public var version: Int
    /// Script paths or globs.
    public var scripts: [String]?
    /// Page paths or globs (`*`, `?`, `[…]`, and `**/` for any depth).
    public var pages: [String]?
    /// Every script runs on every page (with `defaults`), besides the explicit `cases`.
    public var matrix: Bool?
    /// Paths may leave the manifest's folder (off by default, so a suite cannot read the disk at large by mistake).
    public var allowOutside: Bool?
    /// Settings every case starts from; a case's own fields win.
    public var defaults: CaseSettings?
    public var cases: [CaseEntry]?

    /// One explicit case: a script, a page and the settings that differ from `defaults`.
    public struct CaseEntry: Codable, Equatable, Sendable {
        public var id: String?
        public var script: String?
        public var page: String?
        public var settings: CaseSettings

        enum CodingKeys: String, CodingKey { case id, script, page }

        public init(id: String?, script: String?, page: String?, settings: CaseSettings) {
            self.id = id
            self.script = script
            self.page = page
            self.settings = settings
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            script = try container.decodeIfPresent(String.self, forKey: .script)
            page = try container.decodeIfPresent(String.self, forKey: .page)
            settings = try CaseSettings(from: decoder)
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(script, forKey: .script)
            try container.encodeIfPresent(page, forKey: .page)
            try settings.encode(to: encoder)
        }
    }
}

/// The per-case knobs, shared by `defaults` and each case.
public struct CaseSettings: Codable, Equatable, Sendable {
    /// The page's URL (as `run --url`).
    public var url: String?
    public var encoding: String?
    public var contentType: String?
    /// The page's MIME type (as `run --mime`): decides a text, image or media document.
    public var mime: String?
    public var select: SelectionSpec?
    /// A built-in handler name (`none`, `echo`, `example-notes`, `finalize-args`).
    public var handler: String?
    /// The dictionary the handler returns to finalize (implies the `finalize-args` handler):
    /// a JSON object, or `"@file.json"` / `"@file.plist"` relative to the manifest.
    public var finalizeArguments: PropertyListValue?
    /// `document.cookie`, as `"a=1; b=2"`.
    public var cookie: String?
    /// Cookies as name → value (joined in name order after `cookie`).
    public var cookies: [String: String]?
    /// CPU seconds run or finalize may take (engine watchdog; default 5).
    public var timeout: Double?
    /// Seconds the handler may take (default 10).
    public var handlerTimeout: Double?
    /// Wall-clock seconds before the case's process is killed (default: 2 × timeout + handlerTimeout + 10).
    public var caseTimeout: Double?
    public var confirm: Bool?
    public var prompt: String?
    /// A fixed clock and seeded randomness (default true, so transcripts and snapshots are stable).
    public var deterministic: Bool?
    /// The seed of `Math.random` (deterministic runs).
    public var seed: UInt32?
    /// The clock's start, milliseconds since 1970 (deterministic runs).
    public var now: Double?
    /// A folder of network fixtures the offline network answers from (as `run --fixtures`).
    public var fixtures: String?
    /// `"ios": "15.0"` or `["15.0", "16.0"]`: run as Safari on that iOS version (as `run --ios`);
    /// a list makes one case per version.
    public var ios: IOSVersionList?
    /// `"device": "ipad"` or `["iphone", "ipad"]`: run on that device (as `run --device`); a list
    /// makes one case per device.
    public var device: DeviceList?
    public var expect: CaseExpectations?

    public init() {}

    /// `self` with every field it leaves unset taken from `defaults`; expectations merge field by field.
    func merged(over defaults: CaseSettings?) -> CaseSettings {
        guard let defaults else { return self }
        var merged = self
        merged.url = url ?? defaults.url
        merged.encoding = encoding ?? defaults.encoding
        merged.contentType = contentType ?? defaults.contentType
        merged.mime = mime ?? defaults.mime
        merged.select = select ?? defaults.select
        merged.handler = handler ?? defaults.handler
        merged.finalizeArguments = finalizeArguments ?? defaults.finalizeArguments
        merged.cookie = cookie ?? defaults.cookie
        merged.cookies = cookies ?? defaults.cookies
        merged.timeout = timeout ?? defaults.timeout
        merged.handlerTimeout = handlerTimeout ?? defaults.handlerTimeout
        merged.caseTimeout = caseTimeout ?? defaults.caseTimeout
        merged.confirm = confirm ?? defaults.confirm
        merged.prompt = prompt ?? defaults.prompt
        merged.deterministic = deterministic ?? defaults.deterministic
        merged.seed = seed ?? defaults.seed
        merged.now = now ?? defaults.now
        merged.fixtures = fixtures ?? defaults.fixtures
        merged.ios = ios ?? defaults.ios
        merged.device = device ?? defaults.device
        if let own = expect, let base = defaults.expect { merged.expect = own.merged(over: base) } else { merged.expect = expect ?? defaults.expect }
        return merged
    }
}

/// `"select": "some text"`, `{"text": "…", "occurrence": 2}` or `{"css": "article h1"}`.
public struct SelectionSpec: Codable, Equatable, Sendable {
    public var text: String?
    public var occurrence: Int?
    public var css: String?

    public init(text: String? = nil, occurrence: Int? = nil, css: String? = nil) {
        self.text = text
        self.occurrence = occurrence
        self.css = css
    }

    enum CodingKeys: String, CodingKey { case text, occurrence, css }

    public init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decodeIfPresent(String.self, forKey: .text)
        let css = try container.decodeIfPresent(String.self, forKey: .css)
        guard (text == nil) != (css == nil) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a selection has either \"text\" or \"css\""))
        }
        self.init(text: text, occurrence: try container.decodeIfPresent(Int.self, forKey: .occurrence), css: css)
    }

    var requestSelection: RunRequest.Selection? {
        if let css { return .elementContents(selector: css) }
        if let text { return .text(text, occurrence: occurrence ?? 1) }
        return nil
    }
}

/// `"15.0"` or `["15.0", "16.0"]`: the iOS versions a case runs as (checked when the suite loads).
public struct IOSVersionList: Codable, Equatable, Sendable {
    public var versions: [String]

    public init(_ versions: [String]) { self.versions = versions }

    public init(from decoder: Decoder) throws { versions = try decodeOneOrMany(decoder, emptyMessage: "\"ios\" lists no version") }

    public func encode(to encoder: Encoder) throws { try encodeOneOrMany(versions, encoder) }
}

/// `"ipad"` or `["iphone", "ipad"]`: the devices a case runs on (checked when the suite loads).
public struct DeviceList: Codable, Equatable, Sendable {
    public var names: [String]

    public init(_ names: [String]) { self.names = names }

    public init(from decoder: Decoder) throws { names = try decodeOneOrMany(decoder, emptyMessage: "\"device\" lists no device") }

    public func encode(to encoder: Encoder) throws { try encodeOneOrMany(names, encoder) }
}

/// A string, or a list of at least one string.
private func decodeOneOrMany(_ decoder: Decoder, emptyMessage: String) throws -> [String] {
    let container = try decoder.singleValueContainer()
    if let one = try? container.decode(String.self) { return [one] }
    let list = try container.decode([String].self)
    if list.isEmpty { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: emptyMessage)) }
    return list
}

private func encodeOneOrMany(_ values: [String], _ encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    if values.count == 1 { try container.encode(values[0]) } else { try container.encode(values) }
}
