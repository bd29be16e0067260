import Foundation

/// The one rule for paths that a file names (a suite manifest, a `fixtures.json`, an
/// `Info.plist`): resolved as the kernel resolves them, every symbolic link followed, a path
/// must stay inside the folder it is relative to, unless outside paths are allowed.
///
/// Resolving is lexical only where nothing is on disk: `a/../b` where `a` is a link means
/// `<target of a>/../b`, as `open` reads it, so a link cannot be stepped over with `..`. The
/// parts of a path that do not exist yet (a snapshot to write) are taken as written.
///
/// ```swift
/// let suite = PathConfinement(folder: "/repo/suites", allowsOutside: false)
/// try suite.check("pages/a.html")        // "/repo/suites/pages/a.html"
/// try suite.check("../secret")           // throws: '../secret' leads to /repo/secret, outside /repo/suites
/// ```
public struct PathConfinement: Sendable, Equatable {
    /// The folder paths are relative to (absolute, as given).
    public let folder: String
    /// The user allowed paths outside `folder` (a suite's `"allowOutside": true`).
    public let allowsOutside: Bool

    public init(folder: String, allowsOutside: Bool = false) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        self.allowsOutside = allowsOutside
    }

    /// `path` made absolute against the folder (lexically: `..` steps removed, links kept).
    public func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: folder).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// The absolute path of `path` when it stays inside the folder once resolved (or outside
    /// paths are allowed); otherwise throws `PathOutsideFolder`, naming the path as written.
    ///
    /// `followingLinks: false` confines the name only (`..` steps and absolute paths), for a
    /// name looked up in a bundle that a build makes from the folder: Xcode copies what a link
    /// in the target's folder points to into the bundle, so such a link is part of it.
    @discardableResult
    public func check(_ path: String, followingLinks: Bool = true) throws(PathOutsideFolder) -> String {
        let absolutePath = absolute(path)
        guard !allowsOutside else { return absolutePath }
        if !followingLinks {
            guard Self.isInside(absolutePath, folder) else {
                throw PathOutsideFolder(path: path, resolved: absolutePath, folder: folder)
            }
            return absolutePath
        }
        let root = Self.resolved(folder) ?? folder
        guard let target = Self.resolved(absolutePath) else {
            throw PathOutsideFolder(path: path, resolved: nil, folder: folder)
        }
        guard Self.isInside(target, root) else {
            throw PathOutsideFolder(path: path, resolved: target, folder: folder)
        }
        return absolutePath
    }

    /// Whether `path` (absolute, resolved) is `folder` or below it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The most links one path may go through, as Linux's `MAXSYMLINKS`: more is a loop.
    static let maximumLinks = 40

    /// `path` (absolute) with every symbolic link resolved, one component at a time, as
    /// `realpath` does; components that do not exist are kept as written. Nil for a link loop.
    public static func resolved(_ path: String) -> String? {
        var pending = Array(path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        var resolved: [String] = []
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." { _ = resolved.popLast(); continue }
            let candidate = "/" + (resolved + [component]).joined(separator: "/")
            guard let target = linkTarget(candidate) else {
                resolved.append(component)
                continue
            }
            links += 1
            if links > maximumLinks { return nil }
            if target.hasPrefix("/") { resolved = [] }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed()
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// What the symbolic link at `path` points to, or nil when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A path that leads outside the folder it is relative to (or into a loop of links).
public struct PathOutsideFolder: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as the file wrote it.
    public var path: String
    /// Where it leads, every link followed (nil: a loop of links).
    public var resolved: String?
    public var folder: String
    /// What the folder is, for the message ("the suite's folder").
    public var folderRole = "the folder"
    /// What the user can do about it, for the message.
    public var hint: String?

    /// `'../x' leads to /a/x, outside the folder /a/b` (control characters escaped, so a name
    /// cannot write lines of its own into a terminal or a log).
    public var message: String {
        let written = "'\(path.escapingControlCharacters)'"
        let problem = resolved.map { "leads to \($0.escapingControlCharacters), outside \(folderRole) \(folder.escapingControlCharacters)" }
            ?? "goes through a loop of symbolic links"
        return "\(written) \(problem)\(hint.map { "; " + $0 } ?? "")"
    }

    /// The message and its code: `… [path-outside-folder]`.
    public var description: String { "\(message) [\(DiagnosticCode.pathOutsideFolder)]" }
}

extension String {
    /// The text with control characters written as escapes (`\n`, `\t`, `\r`, `\0`, else
    /// `\u{7F}`), so a name from a file or a command line prints as one line and no
    /// terminal sequence; other characters are kept.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\0": escaped += "\\0"
            default:
                if scalar.properties.generalCategory == .control {
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
