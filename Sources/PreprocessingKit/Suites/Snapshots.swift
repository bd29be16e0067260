import Foundation

/// When snapshot files are written (after swift-snapshot-testing's record modes).
public enum SnapshotRecordMode: String, Codable, Sendable, CaseIterable {
    /// Write every snapshot that is new or changed (`--update-snapshots`); the case passes.
    case all
    /// Write snapshots that do not exist yet; compare the others (the default outside CI).
    case missing
    /// Never write: a missing snapshot fails (the default when `CI` is set).
    case never
    /// Write the snapshot of a case whose snapshot differs, and still fail it.
    case failed

    /// `PREPROCESS_SIM_RECORD` if set, else `never` under CI, else `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode {
        if let named = environment["PREPROCESS_SIM_RECORD"], let mode = SnapshotRecordMode(rawValue: named) { return mode }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return .missing
    }
}

/// A case's snapshot: its transcript (or the chosen parts) as sorted, pretty JSON, without
/// timings, which change on every run.
public enum Snapshot {
    /// The snapshot text of `output` for `selection`; nil when the case takes no snapshot.
    /// Absolute paths under `root` (file URLs of pages without a URL, messages) are written as
    /// `<root>`, so a snapshot recorded on one machine matches on another.
    public static func render(_ transcript: Transcript, selection: SnapshotSelection, root: String? = nil) -> String? {
        if case .none = selection { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(transcript),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        object.removeValue(forKey: "timings")
        if case .parts(let parts) = selection {
            // "finalize.alerts" keeps one field of a part.
            var chosen: [String: Any] = [:]
            for part in parts {
                let names = part.split(separator: ".", maxSplits: 1).map(String.init)
                guard let value = object[names[0]] else { continue }
                if names.count == 2, let fields = value as? [String: Any] {
                    var kept = chosen[names[0]] as? [String: Any] ?? [:]
                    kept[names[1]] = fields[names[1]] ?? NSNull()
                    chosen[names[0]] = kept
                } else {
                    chosen[names[0]] = value
                }
            }
            object = chosen
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else { return nil }
        var text = String(decoding: data, as: UTF8.self) + "\n"
        if let root, root.count > 1 {
            text = text.replacingOccurrences(of: root.hasSuffix("/") ? String(root.dropLast()) : root, with: "<root>")
        }
        return text
    }

    /// What happened to a case's snapshot.
    public enum Outcome: Equatable, Sendable {
        case matched
        case recorded(path: String)
        case updated(path: String)
        case failed(ExpectationFailure)
    }

    /// Compares `actual` with the file at `path`, writing it as `mode` says. The only side
    /// effect is the file write; the caller reports the outcome.
    public static func check(actual: String, path: String, caseID: String, mode: SnapshotRecordMode) -> Outcome {
        let stored = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        func write() -> String? {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                return nil
            } catch {
                return "cannot write the snapshot: \(error.localizedDescription)"
            }
        }
        guard let stored else {
            if mode == .never {
                return .failed(.init(kind: "snapshot",
                                     message: "no snapshot at \(path) (CI does not record). Run `preprocess-sim test --update-snapshots` locally and commit the file."))
            }
            if let problem = write() { return .failed(.init(kind: "snapshot", message: problem)) }
            return .recorded(path: path)
        }
        if stored == actual { return .matched }
        switch mode {
        case .all:
            if let problem = write() { return .failed(.init(kind: "snapshot", message: problem)) }
            return .updated(path: path)
        case .failed:
            _ = write()
            return .failed(.init(kind: "snapshot", message: "the transcript differs from \(path); the new snapshot was written — review and commit it if it is right",
                                 expected: stored, actual: actual))
        case .missing, .never:
            return .failed(.init(kind: "snapshot",
                                 message: "the transcript differs from \(path). If the change is intended, run `preprocess-sim test --update-snapshots --filter \(caseID)`.",
                                 expected: stored, actual: actual))
        }
    }
}
