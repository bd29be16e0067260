import Foundation

/// A manifest that cannot be used: printed as `path: error: message`, exit code 2.
public struct SuiteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    /// Control characters escaped: the path, an id or a path in the message may come from a
    /// manifest or a file name, and must not write lines (or terminal sequences) of their own.
    public var description: String { "\(path.escapingControlCharacters): error: \(message.escapingControlCharacters)" }
}

/// Reads a manifest and expands it into cases.
public enum SuiteLoader {
    public static let supportedVersion = 1

    /// Loads the manifest at `path` and returns its cases in manifest order: the matrix first
    /// (scripts in order, each over the pages in order), then the explicit cases.
    public static func load(path: String) throws -> [SuiteCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SuiteError(path: path, message: "cannot read the suite file")
        }
        let manifest: SuiteManifest
        do {
            manifest = try JSONDecoder().decode(SuiteManifest.self, from: data)
        } catch let error as DecodingError {
            throw SuiteError(path: path, message: "not a valid suite manifest: \(describe(error))")
        } catch {
            throw SuiteError(path: path, message: "not valid JSON: \(error)")
        }
        let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        return try cases(of: manifest, path: path, directory: directory)
    }

    /// Expands a decoded manifest whose folder is `directory`.
    public static func cases(of manifest: SuiteManifest, path: String, directory: String) throws -> [SuiteCase] {
        guard manifest.version == supportedVersion else {
            throw SuiteError(path: path, message: "suite version \(manifest.version) is not supported (this preprocess-sim reads version \(supportedVersion))")
        }
        let resolver = PathResolver(directory: directory, allowOutside: manifest.allowOutside ?? false, suitePath: path)
        var defaults = manifest.defaults
        if let arguments = defaults?.finalizeArguments { defaults?.finalizeArguments = try resolver.finalizeArguments(arguments) }
        var cases: [SuiteCase] = []
        var checkedFixtureFolders: Set<String> = []
        func add(id: String?, script: String, page: String, settings: CaseSettings) throws {
            var settings = settings.merged(over: defaults)
            if let arguments = settings.finalizeArguments { settings.finalizeArguments = try resolver.finalizeArguments(arguments) }
            if let folder = settings.fixtures, !checkedFixtureFolders.contains(folder) {
                try resolver.check(folder)
                try resolver.check(folder + "/fixtures.json")
                // The files its fixtures.json names; one it cannot read is the case's own error when it runs.
                for file in (try? NetworkFixture.files(inFolder: resolver.absolute(folder))) ?? [] {
                    try resolver.check(NetworkFixture.path(of: file, in: folder))
                }
                checkedFixtureFolders.insert(folder)
            }
            let caseID = try id.map { try validated(id: $0, path: path) } ?? derivedID(script: script, page: page)
            // One case per iOS version of a list, each named after its version.
            let versions = settings.ios?.versions ?? []
            for version in versions {
                do { _ = try IOSCompatibility.validated(version) } catch {
                    throw SuiteError(path: path, message: "case '\(caseID)': \"ios\": \(error.description)")
                }
            }
            // And per device of a list.
            let devices = settings.device?.names ?? []
            for device in devices where SimulatedDevice.named(device) == nil {
                throw SuiteError(path: path, message: "case '\(caseID)': \"device\" is one of \(SimulatedDevice.names), not '\(device)'")
            }
            let variants = (versions.count > 1 ? versions.map(Optional.some) : [nil]).flatMap { version in
                (devices.count > 1 ? devices.map(Optional.some) : [nil]).map { (version: version, device: $0) }
            }
            let problem = missingFiles(script: script, page: page, resolver: resolver)
            for variant in variants {
                var versionSettings = settings
                var versionID = caseID
                if let version = variant.version {
                    versionSettings.ios = IOSVersionList([version])
                    versionID = sanitized(versionID + "@ios" + version)
                }
                if let device = variant.device {
                    versionSettings.device = DeviceList([device])
                    versionID = sanitized(versionID + "@" + device.lowercased())
                }
                if cases.contains(where: { $0.id == versionID }) {
                    throw SuiteError(path: path, message: "two cases have the id '\(versionID)'; give one an explicit \"id\"")
                }
                var suiteCase = SuiteCase(id: versionID, suitePath: path, suiteDirectory: directory, index: cases.count,
                                          script: script, page: page, settings: versionSettings)
                suiteCase.allowOutside = resolver.confinement.allowsOutside
                suiteCase.problem = problem
                // The snapshot is read into reports and written when recorded: a linked
                // `__snapshots__` folder may not lead out of the suite either.
                if versionSettings.expect?.snapshot != nil { try resolver.check(suiteCase.snapshotPath) }
                cases.append(suiteCase)
            }
        }
        let scripts = try (manifest.scripts ?? []).flatMap { try resolver.expand($0, what: "script") }
        let pages = try (manifest.pages ?? []).flatMap { try resolver.expand($0, what: "page") }
        if manifest.matrix ?? (manifest.cases == nil) {
            for script in scripts {
                for page in pages { try add(id: nil, script: script, page: page, settings: CaseSettings()) }
            }
        }
        for (number, entry) in (manifest.cases ?? []).enumerated() {
            let script = try entry.script.map { try resolver.single($0, what: "script") } ?? (scripts.count == 1 ? scripts[0] : nil)
            let page = try entry.page.map { try resolver.single($0, what: "page") } ?? (pages.count == 1 ? pages[0] : nil)
            guard let script, let page else {
                throw SuiteError(path: path, message: "case \(number + 1)\(entry.id.map { " ('\($0)')" } ?? "") needs a \"script\" and a \"page\" (they may be left out only when the suite lists exactly one)")
            }
            try add(id: entry.id, script: script, page: page, settings: entry.settings)
        }
        if cases.isEmpty {
            throw SuiteError(path: path, message: "the suite has no cases (no scripts or pages matched, and no \"cases\")")
        }
        return cases
    }

    /// Why a case cannot run because its script or page is not there (nil when both are).
    static func missingFiles(script: String, page: String, resolver: PathResolver) -> String? {
        let missing = [(script, "script", DiagnosticCode.scriptUnreadable), (page, "page", DiagnosticCode.pageUnreadable)]
            .filter { !FileManager.default.fileExists(atPath: resolver.absolute($0.0)) }
            .map { "\($0.1) '\($0.0.escapingControlCharacters)' does not exist [\($0.2)]" }
        return missing.isEmpty ? nil : missing.joined(separator: "; ")
    }

    /// `Action@hukumusume-fable`: the script's and the page's base names.
    static func derivedID(script: String, page: String) -> String {
        func base(_ path: String) -> String {
            let name = (path as NSString).lastPathComponent
            let dot = name.lastIndex(of: ".").map { name[..<$0] } ?? Substring(name)
            return String(dot)
        }
        return sanitized(base(script) + "@" + base(page))
    }

    /// Keeps ids usable as file names.
    static func sanitized(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || "._@-+".contains($0) ? $0 : "-" })
    }

    static func validated(id: String, path: String) throws -> String {
        guard !id.isEmpty, sanitized(id) == id, !id.hasPrefix(".") else {
            throw SuiteError(path: path, message: "case id '\(id)' must be letters, digits and . _ @ - + (it names the snapshot file)")
        }
        return id
    }

    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(place(context.codingPath)): expected \(type) (\(context.debugDescription))"
        case .valueNotFound(_, let context): return "\(place(context.codingPath)): missing value"
        case .keyNotFound(let key, let context): return "\(place(context.codingPath + [key])): required"
        case .dataCorrupted(let context): return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// Resolves paths and globs against the manifest's folder, refusing ones that leave it
/// (`PathConfinement`: links followed) unless the suite allows outside paths.
struct PathResolver {
    let confinement: PathConfinement
    let suitePath: String

    init(directory: String, allowOutside: Bool, suitePath: String) {
        confinement = PathConfinement(folder: directory, allowsOutside: allowOutside)
        self.suitePath = suitePath
    }

    var directory: String { confinement.folder }

    /// The path relative to the suite's folder (with `..` steps when it is outside).
    func relative(_ absolute: String) -> String {
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: absolute).standardizedFileURL.pathComponents
        var shared = 0
        while shared < base.count, shared < target.count, base[shared] == target[shared] { shared += 1 }
        return (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    }

    func absolute(_ path: String) -> String { confinement.absolute(path) }

    /// `path`'s absolute path, or a `SuiteError` (exit 2) naming it when it leads outside the suite.
    @discardableResult
    func check(_ path: String) throws -> String {
        do {
            return try confinement.check(path)
        } catch {
            var refusal = error
            refusal.folderRole = "the suite's folder"
            refusal.hint = "set \"allowOutside\": true to allow it"
            throw SuiteError(path: suitePath, message: refusal.description)
        }
    }

    /// Files matching a path or glob, sorted. A plain path is kept even when nothing is there:
    /// its cases are reported as errors, and the suite's other cases still run.
    func expand(_ pattern: String, what: String) throws -> [String] {
        let absolutePattern = absolute(pattern)
        guard pattern.contains(where: { "*?[".contains($0) }) else {
            try check(pattern)
            return [relative(absolutePattern)]
        }
        let matches = Glob.match(absolutePattern, within: confinement)
        for match in matches { try check(match) }
        return matches.map(relative)
    }

    func single(_ path: String, what: String) throws -> String {
        let matches = try expand(path, what: what)
        guard matches.count == 1 else {
            throw SuiteError(path: suitePath, message: "\(what) '\(path)' matches \(matches.count) files; a case names one")
        }
        return matches[0]
    }

    /// `"@file.json"` / `"@file.plist"` read relative to the suite; other values as they are.
    func finalizeArguments(_ value: PropertyListValue) throws -> PropertyListValue {
        guard case .string(let text) = value, text.hasPrefix("@") else { return value }
        let file = String(text.dropFirst())
        let path = try check(file)
        do {
            return try FinalizeArguments.read("@" + path)
        } catch {
            throw SuiteError(path: suitePath, message: error.message)
        }
    }
}

/// Shell-style globs over the file system: `*`, `?`, `[…]` within a name, `**` for any depth.
enum Glob {
    /// The files matching `pattern` (absolute). A `**` does not walk into a folder that leads
    /// out of `within` when outside paths are not allowed: everything there would be refused,
    /// and a link to `/` would otherwise walk the whole disk.
    static func match(_ pattern: String, within confinement: PathConfinement? = nil) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var candidates = ["/"]
        for (position, component) in components.enumerated() {
            let isLast = position == components.count - 1
            var next: [String] = []
            for base in candidates {
                if component == "**" {
                    next.append(base)
                    next += allDirectories(under: base, within: confinement)
                } else if component.contains(where: { "*?[".contains($0) }) {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
                    for name in names where fnmatch(component, name, FNM_PERIOD) == 0 {
                        next.append((base as NSString).appendingPathComponent(name))
                    }
                } else {
                    let path = (base as NSString).appendingPathComponent(component)
                    if FileManager.default.fileExists(atPath: path) { next.append(path) }
                }
            }
            candidates = isLast ? next.filter { !FileManager.default.isDirectory($0) } : next.filter { FileManager.default.isDirectory($0) }
        }
        return Array(Set(candidates)).sorted()
    }

    /// The folders under `base` at any depth (hidden ones left out), for `**`. Links to folders
    /// are followed, but each real folder is walked once — the first path that reaches it, in
    /// breadth-first, name order — so a link back to a folder above it ends instead of looping.
    static func allDirectories(under base: String, within confinement: PathConfinement? = nil) -> [String] {
        let root = confinement.flatMap { $0.allowsOutside ? nil : PathConfinement.resolved($0.folder) }
        var found: [String] = []
        var visited: Set<String> = [PathConfinement.resolved(base) ?? base]
        var queue = [base]
        var next = 0
        while next < queue.count {
            let directory = queue[next]
            next += 1
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let path = (directory as NSString).appendingPathComponent(name)
                guard FileManager.default.isDirectory(path), let real = PathConfinement.resolved(path),
                      root.map({ PathConfinement.isInside(real, $0) }) ?? true, visited.insert(real).inserted else { continue }
                found.append(path)
                queue.append(path)
            }
        }
        return found
    }
}
