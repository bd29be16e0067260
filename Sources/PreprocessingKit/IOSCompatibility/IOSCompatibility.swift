import Foundation

/// What Safari on each iOS version has, from MDN's browser-compat-data (`IOSCompatibilityData`,
/// generated from BCD's source tree, or Debian's `node-mdn-browser-compat-data`, by
/// `Tables/generate-ios-table.py`):
/// JavaScript built-ins and Web APIs to the member level, and the syntax entries the token scan
/// asks about. Read once per process, on first use; runs without `--ios` never touch it.
///
/// ```swift
/// let version = try IOSCompatibility.validated("15.0")
/// IOSCompatibility.version(of: "javascript.builtins.Array.at")   // .added(15.4)
/// ```
public enum IOSCompatibility {
    /// When an entry came to Safari on iOS.
    public enum Availability: Equatable, Sendable {
        /// From this release on.
        case added(IOSVersion)
        /// In no release the data knows.
        case never

        /// Whether Safari on `version` has it.
        public func isAvailable(on version: IOSVersion) -> Bool {
            if case .added(let added) = self { return added <= version }
            return false
        }
    }

    /// The browser-compat-data release the facts come from (`8.0.10`).
    public static let dataRelease = IOSCompatibilityData.release
    /// The iOS releases in the data that devices run (status retired or current), oldest first.
    public static let releases: [IOSVersion] = IOSCompatibilityData.iOSReleases.split(separator: "\n").compactMap { IOSVersion(String($0)) }
    /// The newest iOS release in the data: later versions are refused rather than guessed. It is
    /// also the iPhone a run without `--ios` presents (`defaultUserAgent`).
    public static var newest: IOSVersion { releases.last ?? IOSVersion(8) }
    /// Releases the data lists that no device runs yet, with the data's status word (`27`: `beta`).
    static let unreleased: [(version: IOSVersion, status: String)] = IOSCompatibilityData.unreleased.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: "\t")
        guard fields.count == 2, let version = IOSVersion(String(fields[0])) else { return nil }
        return (version, String(fields[1]))
    }
    /// Safari's user agent on the newest released iOS: what a page sees without `--ios`. Made
    /// once; it reads the release list only, not the entries.
    public static let defaultUserAgent = userAgent(for: newest)
    /// The oldest version simulated: iOS 8 brought app extensions (and below it the data's
    /// Safari-to-iOS mapping is BCD's hand-made table, see the generator).
    public static let oldest = IOSVersion(8)
    /// `browser-compat-data 8.0.10 (2026-08-06), whose newest iOS release is 26.6`.
    public static var dataDescription: String {
        "browser-compat-data \(dataRelease) (\(IOSCompatibilityData.releaseDate)), whose newest iOS release is \(newest)"
    }

    /// Every entry, by BCD path (`api.Element.closest`, `javascript.builtins.Array.at`).
    public static let entries: [String: Availability] = {
        // Read as bytes: splitting 280 KB by Characters (grapheme clusters) and parsing each
        // version through Foundation cost tens of milliseconds of every --ios run's start.
        var table: [String: Availability] = [:]
        table.reserveCapacity(9000)
        for line in IOSCompatibilityData.entries.utf8.split(separator: 0x0A) {
            guard let tab = line.firstIndex(of: 0x09) else { continue }
            let path = String(decoding: line[..<tab], as: UTF8.self)
            let value = line[line.index(after: tab)...]
            if value.elementsEqual([0x2D]) {
                table[path] = .never
                continue
            }
            var parts = [0, 0, 0], part = 0, valid = !value.isEmpty
            for byte in value {
                if byte == 0x2E { part += 1; if part > 2 { valid = false; break } }
                else if byte >= 0x30 && byte <= 0x39 { parts[part] = parts[part] * 10 + Int(byte - 0x30) }
                else { valid = false; break }
            }
            if valid { table[path] = .added(IOSVersion(parts[0], parts[1], parts[2])) }
        }
        return table
    }()

    /// An entry's availability; nil when the data has no version for it.
    public static func version(of path: String) -> Availability? { entries[path] }

    /// The version a user asked for, checked against the data: a malformed version, one before
    /// iOS 8, a release the data lists as not shipped (a beta) or one after the data's newest
    /// release is refused with the reason.
    public static func validated(_ text: String) throws(IOSVersionError) -> IOSVersion {
        guard let version = IOSVersion(text) else {
            throw IOSVersionError(description: "'\(text)' is not an iOS version (write it as 15, 15.4 or 15.4.1)")
        }
        if version < oldest {
            throw IOSVersionError(description: "iOS \(version) is before iOS \(oldest), the first with app extensions; Safari never runs a preprocessing file there")
        }
        // 26.6.1 is still 26.6's Safari; 26.7 is past the data.
        let release = IOSVersion(version.major, version.minor)
        if release > newest, let listed = unreleased.last(where: { $0.version <= release && $0.version.major == release.major }) {
            let article = "aeiou".contains(listed.status.prefix(1)) ? "an" : "a"
            throw IOSVersionError(description: "iOS \(version) is \(article) \(listed.status) in browser-compat-data \(dataRelease) (\(IOSCompatibilityData.releaseDate)), not a released Safari: the simulator runs released versions only, up to \(newest)")
        }
        if release > newest {
            throw IOSVersionError(description: "iOS \(version) is newer than the compatibility data knows: \(dataDescription); the simulator does not guess what a later Safari has (update the browser-compat-data and run make ios-table)")
        }
        return version
    }

    /// The Safari release `version` runs: the newest release in the data at or before it.
    public static func release(for version: IOSVersion) -> IOSVersion {
        releases.last { $0 <= version } ?? oldest
    }

    /// Safari's user agent on an iPhone with that iOS version. From iOS 11 on Safari reports a
    /// frozen WebKit version (605.1.15) and Safari/604.1; before, its engine's own version, which
    /// the data's release table gives. From iOS 26 the OS token is frozen too, at the iOS 18
    /// release current when the 26 release shipped, and only `Version/` still tells the release:
    /// WebKit's Safari 26.0 announcement (webkit.org/blog/17333, "Update to UA string") gives
    /// iOS 26.0 as `CPU iPhone OS 18_6 … Version/26.0`; iOS 18.7 came out alongside it, and
    /// devices from 26.0.1 on send `18_7` (recorded user agents: `18_7 … Version/26.0.1`,
    /// `18_7 … Version/26.2`, `18_7 … Version/26.3`, in user-agent parsers' bug reports).
    public static func userAgent(for version: IOSVersion) -> String {
        let os = version >= IOSVersion(26, 0, 1) ? "18_7"
            : version.major >= 26 ? "18_6"
            : version.patch == 0 ? "\(version.major)_\(version.minor)" : "\(version.major)_\(version.minor)_\(version.patch)"
        let webKit: String
        let safari: String
        if version.major >= 11 {
            webKit = "605.1.15"
            safari = "604.1"
        } else {
            let engine = engineVersion(of: release(for: version)) ?? "602.1.50"
            webKit = engine
            safari = engine.split(separator: ".").prefix(2).joined(separator: ".")
        }
        return "Mozilla/5.0 (iPhone; CPU iPhone OS \(os) like Mac OS X) AppleWebKit/\(webKit) (KHTML, like Gecko) Version/\(version.major).\(version.minor) Mobile/15E148 Safari/\(safari)"
    }

    /// The WebKit version of an iOS release, from the data's release table.
    static func engineVersion(of release: IOSVersion) -> String? {
        for line in IOSCompatibilityData.engineVersions.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, IOSVersion(String(fields[0])) == release { return String(fields[1]) }
        }
        return nil
    }
}
