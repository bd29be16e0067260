import Foundation

/// An extension's `Info.plist` (or just its `NSExtension` part) read for the simulator, with
/// compiler-style diagnostics for whatever is malformed.
///
/// Accepts XML and binary property lists, and three shapes of text:
/// - a whole `Info.plist` whose root dictionary has an `NSExtension` key;
/// - the `NSExtension` entry alone, as tutorials print it: `<key>NSExtension</key><dict>…</dict>`
///   with no `<plist>` wrapper;
/// - the `NSExtension` dictionary alone: a `<dict>` whose keys are `NSExtensionAttributes`,
///   `NSExtensionPointIdentifier`, ….
///
/// Reading never stops at the first mistake: a `<dict>` with no `<key>` before it, say, is
/// reported and its entries are read as the enclosing dictionary's, so the rest of the
/// configuration can still be checked.
///
/// ```swift
/// let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// plist.diagnostics.forEach { print($0.formatted) }
/// // Info.plist:3:2: error: expected <key> before <dict> in dictionary; its entries are read as the enclosing dictionary's [plist-missing-key]
/// print(plist.configuration?.preprocessingFile ?? "none")
/// ```
///
/// Diagnostic codes given while reading:
/// - `plist-unreadable` (error): the file cannot be read, or a binary property list is corrupt.
/// - `plist-syntax` (error): malformed XML: unterminated tags, comments or declarations, stray
///   end tags, bad `&` entities, misplaced `<key>`/`<plist>`, more than one root value.
/// - `plist-unclosed-element` (error): an element with no end tag; points at its start tag.
/// - `plist-unknown-element` (error): an element that is not a property-list element.
/// - `plist-missing-key` (error): a value in a `<dict>` with no `<key>` before it.
/// - `plist-missing-value` (error): a `<key>` with no value after it.
/// - `plist-invalid-value` (error): `<integer>abc</integer>`, a bad `<real>`, `<date>` or
///   `<data>`, a non-empty `<true>`.
/// - `plist-unexpected-text` (error): text between elements.
/// - `plist-duplicate-key` (warning): a key written twice in one dictionary; the later wins.
/// - `plist-empty` (error): no value at all.
/// - `plist-not-dictionary` (error): the root is not a dictionary.
/// - `plist-no-nsextension` (error): no `NSExtension` dictionary could be found.
/// - `plist-fragment` (note): the file is an `NSExtension` fragment, not a whole Info.plist.
/// - `plist-build-variable` (note): a `$(NAME)` / `${NAME}` build setting that Xcode
///   substitutes when it builds the app; the simulator keeps the text as written.
public struct ExtensionInfoPlist: Sendable {
    /// How the file presented the `NSExtension` dictionary.
    public enum Form: String, Sendable, Equatable {
        /// A whole Info.plist (XML) with an `NSExtension` key in its root dictionary.
        case infoPlist
        /// A binary Info.plist.
        case binaryInfoPlist
        /// `<key>NSExtension</key><dict>…</dict>` with no `<plist>`/root `<dict>` around it.
        case nsExtensionFragment
        /// The `NSExtension` dictionary itself, with or without a `<plist>` wrapper.
        case nsExtensionDictionary
    }

    /// The path used in diagnostics.
    public var fileName: String?
    /// The root value as read (`nil` when nothing could be read).
    public var root: PlistValue?
    /// The typed `NSExtension` configuration, when an `NSExtension` dictionary was found.
    public var configuration: ExtensionConfiguration?
    public var form: Form?
    /// Everything found while reading, in file order.
    public var diagnostics: [Diagnostic]
    /// Where the text of each `<string>` starts (keyed by the element's position) and whether
    /// it is written verbatim, so positions inside a predicate map back into the file.
    var textStarts: [SourcePosition: (start: SourcePosition, verbatim: Bool)] = [:]

    /// Keys that only appear inside an `NSExtension` dictionary.
    static let nsExtensionKeys: Set<String> = [
        "NSExtensionAttributes", "NSExtensionPointIdentifier", "NSExtensionPrincipalClass",
        "NSExtensionMainStoryboard", "NSExtensionActionWantsFullScreenPresentation",
    ]

    /// Reads the file at `url`; `fileName` (default: the path) is what diagnostics print.
    public init(contentsOf url: URL, fileName: String? = nil) {
        let name = fileName ?? url.path
        do {
            self.init(data: try Data(contentsOf: url), fileName: name)
        } catch {
            self.init(diagnostics: [Diagnostic(.plistUnreadable,
                                               "cannot read the file: \(error.localizedDescription)",
                                               file: name)], fileName: name)
        }
    }

    /// Reads XML or binary property-list bytes.
    public init(data: Data, fileName: String? = nil) {
        if data.starts(with: Array("bplist".utf8)) {
            self.init(binary: data, fileName: fileName)
            return
        }
        guard let text = String(data: data, encoding: .utf8)
            ?? String(data: data, encoding: .utf16) else {
            self.init(diagnostics: [Diagnostic(.plistUnreadable,
                                               "the file is neither a binary property list nor UTF-8/UTF-16 text",
                                               file: fileName)], fileName: fileName)
            return
        }
        self.init(xml: text, fileName: fileName)
    }

    /// Reads XML property-list text (whole, fragment or bare `<dict>`).
    public init(xml text: String, fileName: String? = nil) {
        // A UTF-8 byte-order mark survives decoding as U+FEFF; it is not text of the plist.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let result = PlistXMLReader.read(text, fileName: fileName)
        self.init(diagnostics: result.diagnostics, fileName: fileName)
        textStarts = result.textStarts
        root = result.value
        guard let root = result.value else { return }
        locateNSExtension(in: root, topLevel: result.topLevel)
        reportBuildVariables(in: root)
    }

    private init(binary data: Data, fileName: String?) {
        self.init(diagnostics: [], fileName: fileName)
        if let refusal = BinaryPlistShape.refusal([UInt8](data), limit: Self.expansionLimit) {
            diagnostics.append(Diagnostic(.plistUnreadable, refusal.message + "; it is not read", file: fileName))
            return
        }
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            guard let value = PlistValue(foundationObject: object) else {
                diagnostics.append(Diagnostic(.plistUnreadable,
                                              "the binary property list holds a value that is not a property-list type",
                                              file: fileName))
                return
            }
            root = value
            locateNSExtension(in: value, topLevel: .plist)
            if form == .infoPlist { form = .binaryInfoPlist }
            reportBuildVariables(in: value)
        } catch {
            diagnostics.append(Diagnostic(.plistUnreadable,
                                          "corrupt binary property list: \(error.localizedDescription)",
                                          file: fileName))
        }
    }

    /// The memory an `Info.plist`'s values may take once read (a real one takes kilobytes).
    static let expansionLimit = 64 * 1_048_576

    private init(diagnostics: [Diagnostic], fileName: String?) {
        self.fileName = fileName
        self.diagnostics = diagnostics
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String,
                                 at position: SourcePosition?) {
        diagnostics.append(Diagnostic(code, message, file: fileName,
                                      line: position?.line, column: position?.column))
    }

    private mutating func locateNSExtension(in root: PlistValue, topLevel: PlistXMLReader.TopLevel) {
        guard let entries = root.entries else {
            report(.plistNotDictionary,
                   "the root value is <\(root.typeName)>; an Info.plist's root is a <dict>", at: root.position)
            return
        }
        if let entry = root.entry(forKey: "NSExtension") {
            guard case .dictionary = entry.value else {
                report(.plistNoNSExtension,
                       "NSExtension is <\(entry.value.typeName)>; it must be a <dict>",
                       at: entry.value.position)
                return
            }
            configuration = ExtensionConfiguration(nsExtension: entry.value)
            if topLevel == .keyValueFragment {
                form = .nsExtensionFragment
                report(.plistFragment,
                       "this is an NSExtension fragment, not a whole Info.plist; it is read as the extension's NSExtension dictionary",
                       at: entry.keyPosition)
            } else {
                form = .infoPlist
            }
            return
        }
        if entries.contains(where: { Self.nsExtensionKeys.contains($0.key) }) {
            configuration = ExtensionConfiguration(nsExtension: root)
            form = .nsExtensionDictionary
            return
        }
        report(.plistNoNSExtension,
               "no NSExtension dictionary: expected an NSExtension key, or a dictionary with NSExtensionPointIdentifier/NSExtensionAttributes",
               at: root.position)
    }

    /// Notes every `$(NAME)` / `${NAME}` in keys and strings; iterative, as values may nest.
    private mutating func reportBuildVariables(in root: PlistValue) {
        var pending: [PlistValue] = [root]
        while let value = pending.popLast() {
            switch value {
            case .string(let text, let position):
                for name in Self.buildVariables(in: text) {
                    report(.plistBuildVariable,
                           "$(\(name)) is a build setting Xcode substitutes when it builds the app; the simulator uses the text as written",
                           at: position)
                }
            case .array(let values, _):
                pending.append(contentsOf: values.reversed())
            case .dictionary(let entries, _):
                pending.append(contentsOf: entries.map(\.value).reversed())
            default:
                break
            }
        }
    }

    /// The names of `$(NAME)`, `$(NAME:modifier)` and `${NAME}` references in `text`.
    static func buildVariables(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{" else {
                rest = after
                continue
            }
            let close: Character = open == "(" ? ")" : "}"
            guard let end = after.firstIndex(of: close) else { break }
            let inside = after[after.index(after: after.startIndex)..<end]
            let name = inside.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            if !name.isEmpty { names.append(name) }
            rest = after[after.index(after: end)...]
        }
        return names
    }

    /// Maps a 1-based column inside a predicate `<string>` back to a file position, when the
    /// string's text is written verbatim; otherwise the `<string>` element's own position.
    func filePosition(inStringAt element: SourcePosition?, offset: Int, text: String) -> SourcePosition? {
        guard let element else { return nil }
        guard let (start, verbatim) = textStarts[element], verbatim else { return element }
        var line = start.line
        var column = start.column
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == offset - 1 { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
