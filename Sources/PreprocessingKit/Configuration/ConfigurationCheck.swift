import Foundation

/// `preprocess-sim check`: reads an extension's `Info.plist` and says, compiler-style, whether
/// Safari would run its preprocessing file and why not.
///
/// ```swift
/// let diagnostics = ConfigurationCheck.run(plistPath: "Scripts/ActionExtension-Info.plist")
/// diagnostics.forEach { print($0.formatted) }
/// // Scripts/ActionExtension-Info.plist:14:4: warning: the activation rule accepts only URLs: NSExtensionActivationSupportsWebURLWithMaxCount without NSExtensionActivationSupportsWebPageWithMaxCount makes Safari share the page's URL only, and it never runs the preprocessing file [activation-url-only]
/// ```
///
/// Besides the reader's `plist-…` codes (see `ExtensionInfoPlist`), the stable codes are:
/// - `extension-point-missing` (error): no `NSExtensionPointIdentifier`.
/// - `extension-point-unknown` (error): an identifier this tool does not know.
/// - `extension-point-no-preprocessing` (error): a known extension point whose extensions
///   Safari never runs a preprocessing file for (widgets, keyboards, Safari web extensions…).
/// - `extension-point` (note): which kind of extension it is. `com.apple.ui-services` (Action
///   with a user interface), `com.apple.services` (Action without one, a request handler) and
///   `com.apple.share-services` (Share) can all run a preprocessing file.
/// - `extension-entry-missing` (warning): neither `NSExtensionPrincipalClass` nor
///   `NSExtensionMainStoryboard`, so the system has nothing to launch.
/// - `config-wrong-type` (error): a known key holding a value of the wrong type.
/// - `activation-rule-missing` (error): no `NSExtensionActivationRule`: the extension is never
///   offered in the share sheet.
/// - `activation-url-only` (warning): the rule accepts the page's URL but not the page
///   (`…WebURLWithMaxCount` alone, or a predicate asking only for `public.url`): Safari shows
///   the extension, shares only the URL and never runs the script.
/// - `activation-no-web-page` (error): the rule accepts neither a web page nor a URL: Safari
///   never offers the extension for a page.
/// - `activation-unknown-key` (warning): a dictionary key that is not a documented activation
///   key (often a typo), or a documented key with a value of the wrong type.
/// - `activation-count-string` (warning): a count written `<string>1</string>`. Apple documents
///   the count keys as numbers and says nothing of strings; extensions ship written this way,
///   so the string's whole number is used, with a warning to write `<integer>`.
/// - `activation-truepredicate` (warning): `TRUEPREDICATE` works, but App Review rejects it;
///   it is meant for development.
/// - `activation-predicate-syntax` (error): the predicate string does not parse; points inside
///   the string where it is written verbatim.
/// - `activation-summary` (note): where the extension appears and whether the script runs.
/// - `preprocessing-file-missing` (error): no `NSExtensionJavaScriptPreprocessingFile`.
/// - `preprocessing-file-js-suffix` (error): the value ends in `.js`; Safari appends `.js`
///   and looks for `X.js.js`.
/// - `preprocessing-file-build-variable` (warning): the value holds a `$(…)` build setting
///   that only Xcode can substitute, so the file cannot be located.
/// - `preprocessing-file-not-found` (error; warning when `scriptOverride` is given): no
///   `X.js` next to the plist or in `resourcesDirectory`.
/// - `path-outside-folder` (error; warning when `scriptOverride` is given): the value leads
///   out of the plist's folder and of `resourcesDirectory` (`../X`, an absolute path), where
///   Safari, which looks inside the bundle only, would not find it. (A link in the folder is
///   followed: Xcode copies its target into the bundle.)
/// - `preprocessing-file` (note): the script file that was found and checked.
public enum ConfigurationCheck {
    /// Everything `inspect` found.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var plist: ExtensionInfoPlist
        /// What the activation rule means, when there is one that could be read.
        public var verdict: ActivationVerdict?
        /// The script handed to `scriptChecks`, if any.
        public var scriptURL: URL?
    }

    /// Checks the configuration and returns its diagnostics in file order, followed by what
    /// `scriptChecks` returned.
    ///
    /// - Parameters:
    ///   - plistPath: the `Info.plist` (XML, binary, or an `NSExtension` fragment).
    ///   - resourcesDirectory: another directory to look for the script in (the plist's own
    ///     directory is always searched).
    ///   - scriptOverride: a script to check instead of the one the plist names.
    ///   - scriptChecks: the engine's script-level checks, called once with the resolved
    ///     script file.
    public static func run(plistPath: String, resourcesDirectory: String? = nil,
                           scriptOverride: String? = nil,
                           scriptChecks: (URL) -> [Diagnostic] = { _ in [] }) -> [Diagnostic] {
        inspect(plistPath: plistPath, resourcesDirectory: resourcesDirectory,
                scriptOverride: scriptOverride, scriptChecks: scriptChecks).diagnostics
    }

    /// `run`, also returning what was read and decided.
    public static func inspect(plistPath: String, resourcesDirectory: String? = nil,
                               scriptOverride: String? = nil,
                               scriptChecks: (URL) -> [Diagnostic] = { _ in [] }) -> Result {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: plistPath), fileName: plistPath)
        var checker = Checker(plist: plist, plistPath: plistPath)
        checker.diagnostics = plist.diagnostics
        if let configuration = plist.configuration {
            checker.checkExtensionPoint(configuration)
            checker.checkActivationRule(configuration)
            checker.checkPreprocessingFile(configuration, resourcesDirectory: resourcesDirectory,
                                           scriptOverride: scriptOverride)
        }
        // File order, as a compiler prints; the sort is stable so findings at one place keep
        // the order they were made in.
        checker.diagnostics = checker.diagnostics.enumerated().sorted { a, b in
            let left = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let right = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
        if let script = checker.scriptURL {
            checker.diagnostics += scriptChecks(script)
        }
        return Result(diagnostics: checker.diagnostics, plist: plist, verdict: checker.verdict,
                      scriptURL: checker.scriptURL)
    }

    /// Extension points whose extensions Safari can run a preprocessing file for.
    static let preprocessingExtensionPoints: [String: String] = [
        "com.apple.ui-services": "an Action extension with a user interface",
        "com.apple.services": "an Action extension without a user interface (a request handler)",
        "com.apple.share-services": "a Share extension",
    ]

    /// Known extension points that never get a preprocessing file run.
    static let otherExtensionPoints: [String: String] = [
        "com.apple.widget-extension": "a Today widget",
        "com.apple.widgetkit-extension": "a WidgetKit widget",
        "com.apple.keyboard-service": "a custom keyboard",
        "com.apple.photo-editing": "a photo-editing extension",
        "com.apple.fileprovider-ui": "a File Provider UI extension",
        "com.apple.fileprovider-nonui": "a File Provider extension",
        "com.apple.documentpicker": "a document picker",
        "com.apple.usernotifications.content-extension": "a notification content extension",
        "com.apple.usernotifications.service": "a notification service extension",
        "com.apple.Safari.content-blocker": "a Safari content blocker",
        "com.apple.Safari.web-extension": "a Safari web extension (its scripts are declared in manifest.json)",
        "com.apple.Safari.extension": "a Safari app extension (macOS)",
        "com.apple.message-payload-provider": "an iMessage extension",
        "com.apple.intents-service": "an Intents extension",
        "com.apple.intents-ui-service": "an Intents UI extension",
        "com.apple.authentication-services-credential-provider-ui": "a credential provider",
        "com.apple.broadcast-services-upload": "a broadcast upload extension",
        "com.apple.callkit.call-directory": "a Call Directory extension",
        "com.apple.spotlight.index": "a Spotlight index extension",
    ]

    struct Checker {
        let plist: ExtensionInfoPlist
        let plistPath: String
        var diagnostics: [Diagnostic] = []
        var verdict: ActivationVerdict?
        var scriptURL: URL?

        init(plist: ExtensionInfoPlist, plistPath: String) {
            self.plist = plist
            self.plistPath = plistPath
        }

        mutating func report(_ code: DiagnosticCode, _ message: String,
                             at position: SourcePosition?, severity: Diagnostic.Severity? = nil) {
            diagnostics.append(Diagnostic(code, message, severity: severity, file: plistPath,
                                          line: position?.line, column: position?.column))
        }

        /// Reports a key holding the wrong type; true when the key is present and wrong.
        mutating func wrongType(_ dictionary: PlistValue?, _ key: String, expected: String...) -> Bool {
            guard let entry = dictionary?.entry(forKey: key), !expected.contains(entry.value.typeName) else {
                return false
            }
            let wanted = expected.map { "<\($0)>" }.joined(separator: " or ")
            report(.configWrongType, "\(key) is <\(entry.value.typeName)>; it must be \(wanted)",
                   at: entry.value.position)
            return true
        }

        mutating func checkExtensionPoint(_ configuration: ExtensionConfiguration) {
            let raw = configuration.raw
            if wrongType(raw, "NSExtensionPointIdentifier", expected: "string") { return }
            _ = wrongType(raw, "NSExtensionAttributes", expected: "dict")
            _ = wrongType(raw, "NSExtensionPrincipalClass", expected: "string")
            _ = wrongType(raw, "NSExtensionMainStoryboard", expected: "string")
            if raw["NSExtensionPrincipalClass"] == nil && raw["NSExtensionMainStoryboard"] == nil {
                report(.extensionEntryMissing,
                       "NSExtension has neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard: the system has nothing to launch",
                       at: raw.position)
            }
            guard let entry = raw.entry(forKey: "NSExtensionPointIdentifier"),
                  let identifier = entry.value.stringValue else {
                report(.extensionPointMissing,
                       "NSExtension has no NSExtensionPointIdentifier; Action extensions use com.apple.ui-services (or com.apple.services without a user interface), Share extensions com.apple.share-services",
                       at: raw.position)
                return
            }
            let position = entry.value.position
            if let kind = ConfigurationCheck.preprocessingExtensionPoints[identifier] {
                report(.extensionPoint, "\(identifier) is \(kind); Safari can run its preprocessing file",
                       at: position)
            } else if let kind = ConfigurationCheck.otherExtensionPoints[identifier] {
                report(.extensionPointNoPreprocessing,
                       "\(identifier) is \(kind); Safari runs preprocessing files only for Action (com.apple.ui-services, com.apple.services) and Share (com.apple.share-services) extensions",
                       at: position)
            } else {
                report(.extensionPointUnknown,
                       "unknown extension point '\(identifier)'; Safari runs preprocessing files only for Action (com.apple.ui-services, com.apple.services) and Share (com.apple.share-services) extensions",
                       at: position)
            }
        }

        mutating func checkActivationRule(_ configuration: ExtensionConfiguration) {
            let attributes = configuration.attributes
            if wrongType(attributes, "NSExtensionActivationRule", expected: "dict", "string") { return }
            guard let rule = configuration.activationRule else {
                report(.activationRuleMissing,
                       "NSExtensionAttributes has no NSExtensionActivationRule, so the extension is never offered in the share sheet; set NSExtensionActivationSupportsWebPageWithMaxCount to 1",
                       at: attributes?.position ?? configuration.raw.position)
                return
            }
            let rulePosition = attributes?["NSExtensionActivationRule"]?.position
            let verdict: ActivationVerdict
            switch rule {
            case .dictionary(let counts):
                for entry in counts.unrecognized {
                    let documented = ActivationRuleCounts.countKeys[entry.key] != nil
                        || ActivationRuleCounts.otherKeys.contains(entry.key)
                    let message = documented
                        ? "\(entry.key) is <\(entry.value.typeName)>, which the system ignores; it must be \(entry.key == "NSExtensionActivationSupportsText" ? "<true/>" : "an <integer>")"
                        : "'\(entry.key)' is not an activation rule key and is ignored\(Self.suggestion(for: entry.key))"
                    report(.activationUnknownKey, message, at: entry.keyPosition ?? entry.value.position)
                }
                for entry in counts.countsWrittenAsStrings {
                    report(.activationCountString,
                           "\(entry.key) is <string>\(entry.value.stringValue ?? "")</string>; Apple documents the count as a number (<integer>) and does not say how iOS reads a string; it is used as \(ActivationRuleCounts.wholeNumber(entry.value.stringValue) ?? 0), as the extensions that ship this way expect; write <integer>\(ActivationRuleCounts.wholeNumber(entry.value.stringValue) ?? 0)</integer> to match the documentation",
                           at: entry.value.position)
                }
                verdict = ActivationVerdict(counts: counts)
                let webURLPosition = attributes?["NSExtensionActivationRule"]?
                    .entry(forKey: ActivationRuleCounts.webURLKey)?.keyPosition
                if !verdict.runsPreprocessing && verdict.appearsInSafari {
                    report(.activationURLOnly,
                           "the activation rule accepts only URLs: NSExtensionActivationSupportsWebURLWithMaxCount without NSExtensionActivationSupportsWebPageWithMaxCount makes Safari share the page's URL only, and it never runs the preprocessing file; add NSExtensionActivationSupportsWebPageWithMaxCount = 1",
                           at: webURLPosition ?? rulePosition)
                } else if !verdict.appearsInSafari {
                    report(.activationNoWebPage,
                           "the activation rule accepts neither web pages nor URLs, so Safari never offers the extension for a page; add NSExtensionActivationSupportsWebPageWithMaxCount = 1",
                           at: rulePosition)
                }
            case .predicate(let text, let position):
                let predicate: ActivationPredicate
                do {
                    predicate = try ActivationPredicate(parsing: text)
                } catch let error as ActivationPredicate.SyntaxError {
                    let place = plist.filePosition(inStringAt: position, offset: error.offset, text: text)
                    report(.activationPredicateSyntax,
                           "in the NSExtensionActivationRule predicate at line \(error.line), column \(error.column) of the string: \(error.message)",
                           at: place)
                    return
                } catch {
                    return
                }
                if predicate == .constant(true) {
                    report(.activationTruepredicate,
                           "TRUEPREDICATE accepts everything, so Safari runs the preprocessing file, but App Review rejects extensions that ship it; write a rule that accepts web pages",
                           at: position)
                }
                verdict = ActivationVerdict(predicate: predicate)
                if !verdict.runsPreprocessing && verdict.appearsInSafari {
                    report(.activationURLOnly,
                           "the activation rule accepts the page's URL but not the web page itself (com.apple.property-list), so Safari shares only the URL and never runs the preprocessing file",
                           at: position)
                } else if !verdict.appearsInSafari {
                    report(.activationNoWebPage,
                           "the activation rule accepts neither Safari's web page (com.apple.property-list + public.url) nor its URL, so Safari never offers the extension for a page",
                           at: position)
                }
            }
            self.verdict = verdict
            let safari = verdict.runsPreprocessing ? "runs the preprocessing file"
                : verdict.appearsInSafari ? "shows the extension with the URL only" : "does not show the extension"
            report(.activationSummary,
                   "Safari \(safari); other browsers \(verdict.appearsForOtherBrowsers ? "show it with the URL only" : "do not show it"); a shared image \(verdict.appearsForImage ? "shows it" : "does not")",
                   at: rulePosition)
        }

        /// " (did you mean X?)" for a key within a few edits of a documented one.
        static func suggestion(for key: String) -> String {
            let known = Array(ActivationRuleCounts.countKeys.keys) + Array(ActivationRuleCounts.otherKeys)
            let best = known.map { ($0, editDistance($0.lowercased(), key.lowercased())) }.min { $0.1 < $1.1 }
            guard let (name, distance) = best, distance <= 4 else { return "" }
            return " (did you mean \(name)?)"
        }

        static func editDistance(_ a: String, _ b: String) -> Int {
            let a = Array(a), b = Array(b)
            guard !a.isEmpty else { return b.count }
            guard !b.isEmpty else { return a.count }
            var previous = Array(0...b.count)
            for i in 1...a.count {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in 1...b.count {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                     previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            return previous[b.count]
        }

        mutating func checkPreprocessingFile(_ configuration: ExtensionConfiguration,
                                             resourcesDirectory: String?, scriptOverride: String?) {
            let attributes = configuration.attributes
            let key = "NSExtensionJavaScriptPreprocessingFile"
            if let scriptOverride { scriptURL = URL(fileURLWithPath: scriptOverride) }
            if wrongType(attributes, key, expected: "string") { return }
            guard let value = configuration.preprocessingFile,
                  !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                report(.preprocessingFileMissing,
                       "NSExtensionAttributes has no NSExtensionJavaScriptPreprocessingFile, so Safari runs no script and the extension receives no preprocessing results",
                       at: attributes?.position ?? configuration.raw.position)
                return
            }
            let position = attributes?[key]?.position
            var baseName = value
            if value.lowercased().hasSuffix(".js") {
                report(.preprocessingFileJSSuffix,
                       "NSExtensionJavaScriptPreprocessingFile is '\(value)': Safari appends .js itself and looks for '\(value).js', which does not exist, so the script never runs; write '\(value.dropLast(3))'",
                       at: position)
                // Look for the file the author meant, so its own problems show up too.
                baseName = String(value.dropLast(3))
            }
            if !ExtensionInfoPlist.buildVariables(in: value).isEmpty {
                report(.preprocessingFileBuildVariable,
                       "NSExtensionJavaScriptPreprocessingFile '\(value)' holds a build setting that only Xcode substitutes; the script cannot be located, pass it explicitly",
                       at: position)
                return
            }
            var directories = [URL(fileURLWithPath: plistPath).deletingLastPathComponent()]
            if let resourcesDirectory { directories.append(URL(fileURLWithPath: resourcesDirectory)) }
            // Safari looks the name up inside the extension's bundle only: one that leads out
            // of the folder (`../x`, an absolute path) is not a file it would find. A link in
            // the folder is followed: Xcode copies the file it points to into the bundle.
            var found: URL?
            var refusal: PathOutsideFolder?
            for directory in directories {
                do {
                    let path = try PathConfinement(folder: directory.path).check(baseName + ".js", followingLinks: false)
                    if FileManager.default.fileExists(atPath: path) {
                        found = URL(fileURLWithPath: path)
                        break
                    }
                } catch {
                    refusal = refusal ?? error
                }
            }
            if found == nil, var refusal {
                refusal.hint = "Safari looks for the preprocessing file inside the extension's bundle only"
                report(.pathOutsideFolder, "NSExtensionJavaScriptPreprocessingFile \(refusal.message)",
                       at: position, severity: scriptOverride == nil ? .error : .warning)
            } else if let found {
                if scriptURL == nil { scriptURL = found }
                report(.preprocessingFile, "preprocessing file \(found.path)", at: position)
            } else {
                let searched = directories.map(\.path).joined(separator: ", ")
                report(.preprocessingFileNotFound,
                       "no '\(baseName).js' next to the plist or in the resources directory (searched \(searched)); on a device the extension would receive nothing",
                       at: position, severity: scriptOverride == nil ? .error : .warning)
            }
        }
    }
}
