/// Every diagnostic the simulator gives, with its severity and when it is given: the one place
/// codes are defined. Codes are stable (tests, suites and users match on them); the README's
/// table lists the same codes, severities and texts (DiagnosticCodeTests checks it).
public enum DiagnosticCode: String, CaseIterable, Sendable, CustomStringConvertible {
    case syntaxError = "syntax-error"
    case scriptThrew = "script-threw"
    case missingGlobal = "missing-global"
    case missingRun = "missing-run"
    case runThrew = "run-threw"
    case completionNotCalled = "completion-not-called"
    case timeout = "timeout"
    case memoryLimit = "memory-limit"
    case pageTooLarge = "page-too-large"
    case resultsTooLarge = "results-too-large"
    case resultsTooDeep = "results-too-deep"
    case finalizeThrew = "finalize-threw"
    case taskThrew = "task-threw"
    case handlerNotCompleted = "handler-not-completed"
    case handlerCompletedTwice = "handler-completed-twice"
    case internalError = "internal-error"
    case scriptUnreadable = "script-unreadable"
    case notPlistValue = "not-plist-value"
    case completionCalledTwice = "completion-called-twice"
    case missingFinalize = "missing-finalize"
    case selectionNotFound = "selection-not-found"
    case uncaughtException = "uncaught-exception"
    case unhandledRejection = "unhandled-rejection"
    case pageScriptError = "page-script-error"
    case pageScriptTimeout = "page-script-timeout"
    case fixtureCORSBlocked = "fixture-cors-blocked"
    case unsupportedAPI = "unsupported-api"
    case finalizeTasksLeft = "finalize-tasks-left"
    case noFinalizeArgument = "no-finalize-argument"
    case mainQueueBlocked = "main-queue-blocked"
    case pageUnreadable = "page-unreadable"
    case pageNotHTML = "page-not-html"
    case pageMalformed = "page-malformed"
    case pageEmpty = "page-empty"
    case gzipNotCompressed = "gzip-not-compressed"
    case webarchiveNotHTML = "webarchive-not-html"
    case documentKind = "document-kind"
    case urlFromFilePath = "url-from-file-path"
    case encodingGuessed = "encoding-guessed"
    case encodingLabelUnknown = "encoding-label-unknown"
    case encodingMetaLate = "encoding-meta-late"
    case encodingUTF32WithoutBom = "encoding-utf32-without-bom"
    case invalidBytesReplaced = "invalid-bytes-replaced"
    case nullSelection = "null-selection"
    case finalizeMissing = "finalize-missing"
    case examplePageMissing = "example-page-missing"
    case plistUnreadable = "plist-unreadable"
    case plistSyntax = "plist-syntax"
    case plistUnclosedElement = "plist-unclosed-element"
    case plistUnknownElement = "plist-unknown-element"
    case plistMissingKey = "plist-missing-key"
    case plistMissingValue = "plist-missing-value"
    case plistInvalidValue = "plist-invalid-value"
    case plistUnexpectedText = "plist-unexpected-text"
    case plistDuplicateKey = "plist-duplicate-key"
    case plistEmpty = "plist-empty"
    case plistNotDictionary = "plist-not-dictionary"
    case plistNoNSExtension = "plist-no-nsextension"
    case plistFragment = "plist-fragment"
    case plistBuildVariable = "plist-build-variable"
    case configWrongType = "config-wrong-type"
    case extensionEntryMissing = "extension-entry-missing"
    case extensionPointMissing = "extension-point-missing"
    case extensionPoint = "extension-point"
    case extensionPointNoPreprocessing = "extension-point-no-preprocessing"
    case extensionPointUnknown = "extension-point-unknown"
    case activationRuleMissing = "activation-rule-missing"
    case activationNoWebPage = "activation-no-web-page"
    case activationURLOnly = "activation-url-only"
    case activationTruepredicate = "activation-truepredicate"
    case activationUnknownKey = "activation-unknown-key"
    case activationPredicateSyntax = "activation-predicate-syntax"
    case activationSummary = "activation-summary"
    case preprocessingFile = "preprocessing-file"
    case preprocessingFileMissing = "preprocessing-file-missing"
    case preprocessingFileJSSuffix = "preprocessing-file-js-suffix"
    case preprocessingFileBuildVariable = "preprocessing-file-build-variable"
    case preprocessingFileNotFound = "preprocessing-file-not-found"
    case scriptNotFound = "script-not-found"
    case fixtureUnreadable = "fixture-unreadable"
    case pathOutsideFolder = "path-outside-folder"
    case htmlOutUnwritable = "html-out-unwritable"
    case resultsTypeMismatch = "results-type-mismatch"
    case principalClassMissing = "principal-class-missing"
    case principalClassNotFound = "principal-class-not-found"
    case storyboardMissing = "storyboard-missing"
    case storyboardNoInitialController = "storyboard-no-initial-controller"
    case ibOutletUnsupported = "ib-outlet-unsupported"
    case iosSyntax = "ios-syntax"
    case iosTarget = "ios-target"
    case iosAPIMissing = "ios-api-missing"

    /// The code as printed: `[run-threw]`.
    public var description: String { rawValue }

    public var severity: Diagnostic.Severity {
        switch self {
        case .syntaxError, .scriptThrew, .missingGlobal, .missingRun, .runThrew, .completionNotCalled,
             .timeout, .memoryLimit, .pageTooLarge, .resultsTooLarge, .resultsTooDeep, .finalizeThrew,
             .taskThrew, .handlerNotCompleted, .handlerCompletedTwice, .internalError, .scriptUnreadable,
             .pageUnreadable, .pageNotHTML, .pageMalformed, .plistUnreadable, .plistSyntax,
             .plistUnclosedElement, .plistUnknownElement, .plistMissingKey, .plistMissingValue,
             .plistInvalidValue, .plistUnexpectedText, .plistEmpty, .plistNotDictionary, .plistNoNSExtension,
             .configWrongType, .extensionPointMissing, .extensionPointNoPreprocessing,
             .extensionPointUnknown, .activationRuleMissing, .activationNoWebPage,
             .activationPredicateSyntax, .preprocessingFileMissing, .preprocessingFileJSSuffix,
             .preprocessingFileNotFound, .scriptNotFound, .fixtureUnreadable, .pathOutsideFolder, .htmlOutUnwritable,
             .principalClassMissing, .principalClassNotFound, .storyboardMissing,
             .storyboardNoInitialController, .ibOutletUnsupported,
             .iosSyntax, .iosAPIMissing:
            return .error
        case .notPlistValue, .completionCalledTwice, .missingFinalize, .selectionNotFound,
             .uncaughtException, .unhandledRejection, .pageScriptError, .pageScriptTimeout,
             .fixtureCORSBlocked, .unsupportedAPI, .pageEmpty, .webarchiveNotHTML, .encodingGuessed,
             .encodingLabelUnknown, .encodingUTF32WithoutBom, .invalidBytesReplaced, .nullSelection,
             .finalizeMissing, .plistDuplicateKey, .extensionEntryMissing, .activationURLOnly,
             .activationTruepredicate, .activationUnknownKey, .preprocessingFileBuildVariable,
             .resultsTypeMismatch:
            return .warning
        case .finalizeTasksLeft, .noFinalizeArgument, .mainQueueBlocked, .gzipNotCompressed,
             .urlFromFilePath, .documentKind, .encodingMetaLate, .examplePageMissing, .plistFragment, .plistBuildVariable,
             .extensionPoint, .activationSummary, .preprocessingFile, .iosTarget:
            return .note
        }
    }

    /// When the code is given (the README's "when" column).
    public var summary: String {
        switch self {
        case .syntaxError: return "the script does not parse (Safari skips it)"
        case .scriptThrew: return "the script threw while being injected"
        case .missingGlobal: return "no `ExtensionPreprocessingJS` after injection"
        case .missingRun: return "`ExtensionPreprocessingJS.run` is not a function"
        case .runThrew: return "`run` threw (or its promise was rejected) before `completionFunction` was called"
        case .completionNotCalled: return "nothing left could call `completionFunction`"
        case .timeout: return "run, finalize, a timer, the promise jobs they queued, or the conversion of the results or of finalize's argument (getters, `toJSON`, proxy traps) ran past `--timeout`"
        case .memoryLimit: return "a script (run, finalize, a timer, the DOM build) took the process past `--memory-limit` and was stopped, or the script is too large to parse within it"
        case .pageTooLarge: return "the page cannot be built within `--memory-limit` (on stderr with exit 2 when even reading it would pass the limit, a gzip bomb included)"
        case .resultsTooLarge: return "the results hold more text than a quarter of `--memory-limit`; the rest is not converted"
        case .resultsTooDeep: return "the results nest arrays and objects deeper than 256 levels; the rest is not converted"
        case .finalizeThrew: return "finalize threw"
        case .taskThrew: return "a timer or event callback threw"
        case .handlerNotCompleted: return "the handler never called `completeRequest`"
        case .handlerCompletedTwice: return "`completeRequest`/`cancelRequest` called again"
        case .internalError: return "the simulator could not build the page (a bug: please report)"
        case .scriptUnreadable: return "the preprocessing script cannot be read"
        case .notPlistValue: return "a value did not survive the JS → Foundation conversion (function, undefined, symbol, null → NSNull, NaN/Infinity, cycle, a DOM object), with its key path"
        case .completionCalledTwice: return "only the first call's value reaches the extension"
        case .missingFinalize: return "the handler sent finalize arguments but there is no `finalize`"
        case .selectionNotFound: return "`--select` text is not on the page"
        case .uncaughtException: return "an error in the page's code that nothing caught"
        case .unhandledRejection: return "a promise rejected with no handler"
        case .pageScriptError: return "a script of the page threw (`--page-scripts`)"
        case .pageScriptTimeout: return "a script of the page ran past `--timeout` (`--page-scripts`)"
        case .fixtureCORSBlocked: return "a `--fixture` answered a cross-origin request the page may not read (Safari blocks it too); says which header the fixture lacks"
        case .unsupportedAPI: return "the script used an API the simulator does not model (named, with the script's `file:line:column`), or the layout or text model could not answer and gave WebKit's answer for an element it does not render"
        case .finalizeTasksLeft: return "finalize left timers or requests running; the simulation stopped them"
        case .noFinalizeArgument: return "the handler returned items without `NSExtensionJavaScriptFinalizeArgumentKey`, so finalize is not called"
        case .mainQueueBlocked: return "the handler waited for the main queue while a test blocked it (`HandlerTesting`)"
        case .pageUnreadable: return "the page file cannot be read (exit 2)"
        case .pageNotHTML: return "the file is not a page the simulator can read (exit 2)"
        case .pageMalformed: return "a web archive or MHTML file is damaged (exit 2)"
        case .pageEmpty: return "the page is empty; Safari shows a blank document"
        case .gzipNotCompressed: return "a `.gz` page is not gzip-compressed; read as is"
        case .webarchiveNotHTML: return "a web archive's main resource is not HTML; parsed as HTML anyway"
        case .documentKind: return "the page is a text, image or media document, as its type makes it (`--mime`, the content type, the container, the extension or the bytes); says what WebKit builds"
        case .urlFromFilePath: return "no `--url`, saved-from comment or canonical link: the page's URL is its `file://` path"
        case .encodingGuessed: return "no BOM, charset or meta: the encoding was guessed from the bytes"
        case .encodingLabelUnknown: return "a charset label the Encoding standard does not know; windows-1252 is used"
        case .encodingMetaLate: return "the `<meta charset>` comes after the first 1,024 bytes, where Safari still finds it"
        case .encodingUTF32WithoutBom: return "UTF-32 without a BOM: Safari reads it as windows-1252, and so does the simulator"
        case .invalidBytesReplaced: return "bytes that are invalid in the page's encoding became U+FFFD"
        case .nullSelection: return "`check`: the script fails when `getSelection()` returns null"
        case .finalizeMissing: return "`check`: the script has no `finalize`, so what the handler returns is dropped"
        case .examplePageMissing: return "`check`: an example page could not be loaded; only the blank page was checked"
        case .plistUnreadable: return "the Info.plist cannot be read, or a binary property list is corrupt"
        case .plistSyntax: return "malformed XML in the Info.plist"
        case .plistUnclosedElement: return "an element with no end tag (points at its start tag)"
        case .plistUnknownElement: return "an element that is not a property-list element"
        case .plistMissingKey: return "a value in a `<dict>` with no `<key>` before it"
        case .plistMissingValue: return "a `<key>` with no value after it"
        case .plistInvalidValue: return "a bad `<integer>`, `<real>`, `<date>` or `<data>`, or a non-empty `<true>`"
        case .plistUnexpectedText: return "text between elements"
        case .plistDuplicateKey: return "a key written twice in one dictionary; the later wins"
        case .plistEmpty: return "the property list holds no value"
        case .plistNotDictionary: return "the root is not a dictionary"
        case .plistNoNSExtension: return "no `NSExtension` dictionary"
        case .plistFragment: return "the file is an `NSExtension` fragment, not a whole Info.plist"
        case .plistBuildVariable: return "a `$(NAME)` build setting Xcode substitutes; the text is used as written"
        case .configWrongType: return "an `NSExtension` key holds the wrong type"
        case .extensionEntryMissing: return "no `NSExtensionAttributes` dictionary"
        case .extensionPointMissing: return "no `NSExtensionPointIdentifier`"
        case .extensionPoint: return "the extension point, and whether Safari runs its preprocessing file"
        case .extensionPointNoPreprocessing: return "an extension point Safari never runs a preprocessing file for"
        case .extensionPointUnknown: return "an extension point that does not exist"
        case .activationRuleMissing: return "no `NSExtensionActivationRule`: the extension is never offered"
        case .activationNoWebPage: return "the activation rule accepts no web page, so Safari never runs the script"
        case .activationURLOnly: return "`NSExtensionActivationSupportsWebURLWithMaxCount` alone: the extension gets a URL, never the script's results"
        case .activationTruepredicate: return "`TRUEPREDICATE` is for development; App Review rejects it"
        case .activationUnknownKey: return "an activation rule key Apple does not document"
        case .activationPredicateSyntax: return "the activation predicate does not parse"
        case .activationSummary: return "what the activation rule accepts"
        case .preprocessingFile: return "the preprocessing file the plist names, and where it was found"
        case .preprocessingFileMissing: return "no `NSExtensionJavaScriptPreprocessingFile`"
        case .preprocessingFileJSSuffix: return "the file is named with `.js`; Safari appends it, so nothing runs"
        case .preprocessingFileBuildVariable: return "the file name is a build setting; the simulator uses the text as written"
        case .preprocessingFileNotFound: return "the named file is not next to the plist or in `--resources` (a warning when `--script` names the file)"
        case .scriptNotFound: return "`run --extension`: the preprocessing file the plist names is not found (exit 2)"
        case .fixtureUnreadable: return "a `--fixture`/`--fixtures` file cannot be read (exit 2)"
        case .pathOutsideFolder: return "a path a suite, a `fixtures.json` or an Info.plist names leads outside the folder it is relative to (through `..` or a symbolic link) and outside paths are not allowed (exit 2)"
        case .htmlOutUnwritable: return "`--html-out` cannot write its file"
        case .resultsTypeMismatch: return "the handler asked the attachment for a type it does not hold (`public.url` where Safari sent a property list) and never loaded the results"
        case .principalClassMissing: return "`init-handler --from`: the plist has neither `NSExtensionPrincipalClass` nor `NSExtensionMainStoryboard`"
        case .principalClassNotFound: return "`init-handler --from`: the principal class (or the storyboard's `customClass`) is not declared in the folder's Swift files"
        case .storyboardMissing: return "`init-handler --from`: the `NSExtensionMainStoryboard` file is not in the folder, or cannot be read"
        case .storyboardNoInitialController: return "`init-handler --from`: the storyboard has no initial view controller, or it has no `customClass`"
        case .ibOutletUnsupported: return "`init-handler --from`: an `@IBOutlet` does not compile on Linux (no Objective-C runtime), and outlets would not be connected"
        case .iosSyntax: return "`--ios`: the script uses syntax Safari on that iOS version cannot parse, so it skips the file (the script is not run)"
        case .iosTarget: return "`check`: the iOS version the script was checked as (the extension's `MinimumOSVersion` or `IPHONEOS_DEPLOYMENT_TARGET`), or why that version cannot be simulated"
        case .iosAPIMissing: return "`--ios`: the script failed where it reached a built-in or Web API Safari on that iOS version lacks (named, with the version that added it and the script's `file:line:column`)"
        }
    }
}
