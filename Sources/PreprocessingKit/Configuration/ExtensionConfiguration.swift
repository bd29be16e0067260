import Foundation

/// What an extension's `NSExtension` dictionary says, typed: the parts that decide whether
/// Safari runs a preprocessing file, with the raw dictionary kept for positions.
public struct ExtensionConfiguration: Equatable, Sendable {
    /// `NSExtensionPointIdentifier`, e.g. `com.apple.ui-services` (Action) or
    /// `com.apple.share-services` (Share).
    public var extensionPointIdentifier: String?
    /// `NSExtensionAttributes` → `NSExtensionActivationRule`.
    public var activationRule: ActivationRule?
    /// `NSExtensionAttributes` → `NSExtensionJavaScriptPreprocessingFile`, as written (Safari
    /// appends `.js`).
    public var preprocessingFile: String?
    /// `NSExtensionPrincipalClass` (extensions without a storyboard, e.g. Action request handlers).
    public var principalClass: String?
    /// `NSExtensionMainStoryboard`.
    public var mainStoryboard: String?
    /// The `NSExtension` dictionary as read.
    public var raw: PlistValue

    public init(extensionPointIdentifier: String? = nil, activationRule: ActivationRule? = nil,
                preprocessingFile: String? = nil, principalClass: String? = nil,
                mainStoryboard: String? = nil, raw: PlistValue) {
        self.extensionPointIdentifier = extensionPointIdentifier
        self.activationRule = activationRule
        self.preprocessingFile = preprocessingFile
        self.principalClass = principalClass
        self.mainStoryboard = mainStoryboard
        self.raw = raw
    }

    /// The `NSExtensionAttributes` dictionary, if present.
    public var attributes: PlistValue? { raw["NSExtensionAttributes"] }

    /// Builds the typed view of an `NSExtension` dictionary. Values of the wrong type are left
    /// `nil` here; `ConfigurationCheck` reports them.
    public init(nsExtension raw: PlistValue) {
        self.raw = raw
        extensionPointIdentifier = raw["NSExtensionPointIdentifier"]?.stringValue
        principalClass = raw["NSExtensionPrincipalClass"]?.stringValue
        mainStoryboard = raw["NSExtensionMainStoryboard"]?.stringValue
        let attributes = raw["NSExtensionAttributes"]
        preprocessingFile = attributes?["NSExtensionJavaScriptPreprocessingFile"]?.stringValue
        switch attributes?["NSExtensionActivationRule"] {
        case .string(let text, let position)?:
            activationRule = .predicate(text, at: position)
        case .dictionary(let entries, _)?:
            activationRule = .dictionary(ActivationRuleCounts(entries: entries))
        default:
            activationRule = nil
        }
    }
}

/// `NSExtensionActivationRule`: the dictionary of documented keys, or an `NSPredicate` string.
public enum ActivationRule: Equatable, Sendable {
    case dictionary(ActivationRuleCounts)
    /// The predicate text and the position of its `<string>` element.
    case predicate(String, at: SourcePosition?)
}

/// The dictionary form of an activation rule. Absent keys are `nil` (meaning 0 / not supported).
public struct ActivationRuleCounts: Equatable, Sendable {
    public var webPageMaxCount: Int?
    public var webURLMaxCount: Int?
    public var imageMaxCount: Int?
    public var movieMaxCount: Int?
    public var fileMaxCount: Int?
    public var attachmentsMaxCount: Int?
    public var attachmentsMinCount: Int?
    public var supportsText: Bool?
    /// Entries whose key is not one of the documented activation keys (typos, invented keys),
    /// or whose value has the wrong type.
    public var unrecognized: [PlistEntry]
    /// Count keys whose value is a `<string>` holding a whole number (`<string>1</string>`),
    /// read as that number.
    public var countsWrittenAsStrings: [PlistEntry] = []

    public static let webPageKey = "NSExtensionActivationSupportsWebPageWithMaxCount"
    public static let webURLKey = "NSExtensionActivationSupportsWebURLWithMaxCount"

    /// The documented dictionary keys that take a count.
    static let countKeys: [String: WritableKeyPath<ActivationRuleCounts, Int?>] = [
        webPageKey: \.webPageMaxCount,
        webURLKey: \.webURLMaxCount,
        "NSExtensionActivationSupportsImageWithMaxCount": \.imageMaxCount,
        "NSExtensionActivationSupportsMovieWithMaxCount": \.movieMaxCount,
        "NSExtensionActivationSupportsFileWithMaxCount": \.fileMaxCount,
        "NSExtensionActivationSupportsAttachmentsWithMaxCount": \.attachmentsMaxCount,
        "NSExtensionActivationSupportsAttachmentsWithMinCount": \.attachmentsMinCount,
    ]
    /// Documented keys that change matching but carry no count.
    static let otherKeys: Set<String> = [
        "NSExtensionActivationSupportsText",
        "NSExtensionActivationDictionaryVersion",
        "NSExtensionActivationUsesStrictMatching",
    ]

    public init(webPageMaxCount: Int? = nil, webURLMaxCount: Int? = nil, imageMaxCount: Int? = nil,
                movieMaxCount: Int? = nil, fileMaxCount: Int? = nil, attachmentsMaxCount: Int? = nil,
                attachmentsMinCount: Int? = nil, supportsText: Bool? = nil,
                unrecognized: [PlistEntry] = []) {
        self.webPageMaxCount = webPageMaxCount
        self.webURLMaxCount = webURLMaxCount
        self.imageMaxCount = imageMaxCount
        self.movieMaxCount = movieMaxCount
        self.fileMaxCount = fileMaxCount
        self.attachmentsMaxCount = attachmentsMaxCount
        self.attachmentsMinCount = attachmentsMinCount
        self.supportsText = supportsText
        self.unrecognized = unrecognized
    }

    /// `"1"`, `" 2 "`: digits only, around spaces; not `"one"`, `"1.5"` or `"-1"`.
    static func wholeNumber(_ text: String?) -> Int? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty,
              trimmed.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.decimalDigits.contains($0) }) else { return nil }
        return Int(trimmed)
    }

    init(entries: [PlistEntry]) {
        self.init()
        for entry in entries {
            if let path = Self.countKeys[entry.key], let count = entry.value.integerValue {
                self[keyPath: path] = count
            } else if let path = Self.countKeys[entry.key], let count = Self.wholeNumber(entry.value.stringValue) {
                self[keyPath: path] = count
                countsWrittenAsStrings.append(entry)
            } else if entry.key == "NSExtensionActivationSupportsText", let flag = entry.value.booleanValue {
                supportsText = flag
            } else if Self.otherKeys.contains(entry.key), entry.key != "NSExtensionActivationSupportsText" {
                continue
            } else {
                unrecognized.append(entry)
            }
        }
    }
}
