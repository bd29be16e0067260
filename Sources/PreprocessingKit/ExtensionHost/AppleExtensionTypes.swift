import Foundation

// Types named and shaped as Apple's, so that a request handler written for iOS compiles here
// with only its `import` lines changed (`import MobileCoreServices`/`UniformTypeIdentifiers`
// become `import PreprocessingKit`).

/// The key of the dictionary the preprocessing script's results arrive under
/// (Apple: `NSExtensionJavaScriptPreprocessingResultsKey`).
public let NSExtensionJavaScriptPreprocessingResultsKey = "NSExtensionJavaScriptPreprocessingResultsKey"

/// The key under which a handler returns the dictionary `finalize` receives
/// (Apple: `NSExtensionJavaScriptFinalizeArgumentKey`).
public let NSExtensionJavaScriptFinalizeArgumentKey = "NSExtensionJavaScriptFinalizeArgumentKey"

/// Apple: `kUTTypePropertyList` (MobileCoreServices). A `String` here, where Apple's is a
/// `CFString`; `kUTTypePropertyList as String` works with both.
public let kUTTypePropertyList = "com.apple.property-list"
/// Apple: `kUTTypeURL`.
public let kUTTypeURL = "public.url"
/// Apple: `kUTTypePlainText`.
public let kUTTypePlainText = "public.plain-text"

/// Mirrors `UTType` (UniformTypeIdentifiers) for the types an extension handler names.
/// Differs: only a few static members; conformance is by identifier equality plus the
/// `public.data`/`public.item` roots.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public init?(_ identifier: String) { self.identifier = identifier }
    init(identifier: String) { self.identifier = identifier }

    public static let propertyList = UTType(identifier: kUTTypePropertyList)
    public static let url = UTType(identifier: kUTTypeURL)
    public static let plainText = UTType(identifier: kUTTypePlainText)
    public static let text = UTType(identifier: "public.text")
    public static let html = UTType(identifier: "public.html")
    public static let fileURL = UTType(identifier: "public.file-url")
    public static let json = UTType(identifier: "public.json")
    public static let image = UTType(identifier: "public.image")
    public static let data = UTType(identifier: "public.data")
    public static let item = UTType(identifier: "public.item")

    public func conforms(to other: UTType) -> Bool {
        UTType.conforms(identifier, to: other.identifier)
    }

    public var description: String { identifier }

    static func conforms(_ identifier: String, to other: String) -> Bool {
        if identifier == other || other == "public.item" { return true }
        if other == "public.data" { return identifier != "public.url" && identifier != "public.file-url" }
        if other == "public.text" { return identifier == "public.plain-text" || identifier == "public.html" || identifier == "public.json" }
        if other == "public.url" { return identifier == "public.file-url" }
        return false
    }
}

/// Mirrors `NSItemProvider`: holds one item per type identifier and loads it asynchronously.
///
/// Differs from Apple's: no file representations or `NSItemProviderReading`; `loadItem` calls
/// back on a global queue (as Apple's does, never on the caller's thread).
open class NSItemProvider: NSObject {
    public typealias CompletionHandler = (NSSecureCoding?, Error?) -> Void

    private var items: [(typeIdentifier: String, item: NSSecureCoding?)] = []
    let log: ExtensionActivityLog?

    public override init() {
        log = nil
        super.init()
    }

    public init(item: NSSecureCoding?, typeIdentifier: String?) {
        log = nil
        super.init()
        if let typeIdentifier { items.append((typeIdentifier, item)) }
    }

    init(item: NSSecureCoding?, typeIdentifier: String, log: ExtensionActivityLog) {
        self.log = log
        super.init()
        items.append((typeIdentifier, item))
    }

    open var registeredTypeIdentifiers: [String] { items.map(\.typeIdentifier) }

    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        let answer = items.contains { UTType.conforms($0.typeIdentifier, to: typeIdentifier) }
        log?.record("NSItemProvider.hasItemConformingToTypeIdentifier(\"\(typeIdentifier)\") → \(answer)")
        if !answer { log?.recordMismatch(typeIdentifier, registered: registeredTypeIdentifiers) }
        return answer
    }

    open func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping (@escaping CompletionHandler, AnyClass?, [AnyHashable: Any]?) -> Void) {
        var loaded: NSSecureCoding?
        loadHandler({ item, _ in loaded = item }, nil, nil)
        items.append((typeIdentifier, loaded))
    }

    open func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
                       completionHandler: CompletionHandler? = nil) {
        log?.record("NSItemProvider.loadItem(forTypeIdentifier: \"\(typeIdentifier)\")")
        let match = items.first { UTType.conforms($0.typeIdentifier, to: typeIdentifier) }
        if match == nil { log?.recordMismatch(typeIdentifier, registered: registeredTypeIdentifiers) } else { log?.recordMatchingLoad() }
        let log = self.log
        log?.beginAsyncWork()
        DispatchQueue.global().async {
            if let match {
                completionHandler?(match.item, nil)
            } else {
                completionHandler?(nil, NSError(domain: "NSItemProviderErrorDomain", code: -1000,
                                                userInfo: [NSLocalizedDescriptionKey: "Cannot load representation of type \(typeIdentifier)"]))
            }
            log?.endAsyncWork()
        }
    }

    /// The item stored for a type, without the asynchronous hop (the simulator reads what a
    /// handler returned this way).
    func storedItem(conformingTo typeIdentifier: String) -> NSSecureCoding?? {
        items.first { UTType.conforms($0.typeIdentifier, to: typeIdentifier) }.map { $0.item }
    }
}

/// Mirrors `NSExtensionItem`.
open class NSExtensionItem: NSObject {
    open var attachments: [NSItemProvider]?
    open var userInfo: [AnyHashable: Any]?
    open var attributedTitle: NSAttributedString?
    open var attributedContentText: NSAttributedString?

    public override init() { super.init() }

    open override var description: String {
        let types = (attachments ?? []).map { "<NSItemProvider: registeredTypeIdentifiers = (\($0.registeredTypeIdentifiers.map { "\"\($0)\"" }.joined(separator: ", ")))>" }
        return "<NSExtensionItem: attachments = (\(types.joined(separator: ", ")))>"
    }
}

/// Mirrors `NSExtensionContext`: the input items, and `completeRequest`/`cancelRequest`, which
/// the simulator waits for.
///
/// Differs: calling `completeRequest` or `cancelRequest` a second time is recorded as an error
/// (on a device it is silently ignored or traps, depending on the version).
open class NSExtensionContext: NSObject {
    public let inputItems: [Any]
    let log: ExtensionActivityLog
    /// What the simulated user taps in a compose sheet (`--post`, `--cancel`).
    let composeChoice: ComposeChoice
    /// Called before the request ends (the UI host records what is on screen).
    private var endingObservers: [() -> Void] = []
    private let observersLock = NSLock()

    init(inputItems: [Any], log: ExtensionActivityLog, composeChoice: ComposeChoice = .post) {
        self.inputItems = inputItems
        self.log = log
        self.composeChoice = composeChoice
        super.init()
    }

    /// Runs the ending observers once, on the thread that ends the request.
    private func notifyEnding() {
        observersLock.lock()
        let observers = endingObservers
        endingObservers = []
        observersLock.unlock()
        for observer in observers { observer() }
    }

    func addEndingObserver(_ observer: @escaping () -> Void) {
        observersLock.lock(); endingObservers.append(observer); observersLock.unlock()
    }

    open func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {
        notifyEnding()
        log.record("NSExtensionContext.completeRequest(returningItems: \(items.map { "\($0.count) item(s)" } ?? "nil"))")
        log.complete(.completed(items))
        if let completionHandler {
            log.beginAsyncWork()
            DispatchQueue.main.async {
                completionHandler(true)
                self.log.endAsyncWork()
            }
        }
    }

    open func cancelRequest(withError error: Error) {
        notifyEnding()
        log.record("NSExtensionContext.cancelRequest(withError: \(error))")
        log.complete(.cancelled("\(error)"))
    }

    open func open(_ url: URL, completionHandler: ((Bool) -> Void)? = nil) {
        log.record("NSExtensionContext.open(\(url.absoluteString)) (not opened)")
        completionHandler?(false)
    }
}

/// Mirrors `NSExtensionRequestHandling`: the entry point of an extension without a user interface.
public protocol NSExtensionRequestHandling: NSObjectProtocol {
    func beginRequest(with context: NSExtensionContext)
}

/// What a handler did with the extension context: the calls it made, and how it ended.
final class ExtensionActivityLog: @unchecked Sendable {
    enum Ending {
        case completed([Any]?)
        case cancelled(String)
    }

    /// Guards the state and wakes `waitUntilSettled` when the handler's state changes.
    private let lock = NSCondition()
    private(set) var calls: [String] = []
    private(set) var ending: Ending?
    private(set) var extraEndings: [String] = []
    /// Type identifiers the handler asked an attachment for that it does not hold, with what it
    /// holds, in the order asked (each once).
    private(set) var mismatches: [(asked: String, registered: [String])] = []
    private var pendingAsyncWork = 0
    /// The main thread is waiting in its run loop, which a change on another thread does not
    /// wake by itself.
    private var mainThreadWaiting = false

    func record(_ call: String) {
        lock.lock(); calls.append(call); lock.unlock()
    }

    /// The handler loaded an item the attachment holds.
    private(set) var loadedMatchingItem = false

    func recordMatchingLoad() {
        lock.lock(); loadedMatchingItem = true; lock.unlock()
    }

    func recordMismatch(_ asked: String, registered: [String]) {
        lock.lock(); defer { lock.unlock() }
        if !mismatches.contains(where: { $0.asked == asked }) { mismatches.append((asked, registered)) }
    }

    func complete(_ ending: Ending) {
        lock.lock(); defer { changed() }
        if self.ending == nil { self.ending = ending } else {
            extraEndings.append("the request was completed or cancelled more than once")
        }
    }

    func beginAsyncWork() { lock.lock(); pendingAsyncWork += 1; changed() }
    func endAsyncWork() { lock.lock(); pendingAsyncWork -= 1; changed() }

    /// Wakes the waiter, then unlocks (called with the lock held).
    private func changed() {
        let wakeMain = mainThreadWaiting && !Thread.isMainThread
        lock.broadcast()
        lock.unlock()
        // An empty block on the main queue makes the waiting main run loop return at once.
        if wakeMain { DispatchQueue.main.async {} }
    }

    var isSettled: Bool {
        lock.lock(); defer { lock.unlock() }
        return ending != nil && pendingAsyncWork == 0
    }

    /// Waits until the request has ended and no asynchronous work of it is left, or until
    /// `deadline`; true when settled. Wakes as soon as the state changes (no polling). On the
    /// main thread the run loop turns meanwhile, so work handlers send to the main queue
    /// (`completeRequest`'s completion handler) runs.
    func waitUntilSettled(before deadline: Date) -> Bool {
        if Thread.isMainThread {
            lock.lock(); mainThreadWaiting = true; lock.unlock()
            // A run loop whose mode has no source returns at once, so this loop would spin (a
            // third of a millisecond of CPU per case, taken from the other worker); a timer that
            // never fires keeps it asleep until the main queue wakes it (`changed`) or the slice ends.
            let keepAsleep = Timer(timeInterval: 86_400, repeats: false) { _ in }
            RunLoop.current.add(keepAsleep, forMode: .default)
            defer {
                keepAsleep.invalidate()
                lock.lock(); mainThreadWaiting = false; lock.unlock()
            }
            while !isSettled && Date() < deadline {
                // Bounded slices, so the deadline is kept whatever wakes the loop.
                _ = RunLoop.current.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.05)))
            }
            return isSettled
        }
        lock.lock(); defer { lock.unlock() }
        while !(ending != nil && pendingAsyncWork == 0) {
            if !lock.wait(until: deadline) { break }
        }
        return ending != nil && pendingAsyncWork == 0
    }

    /// Waits (off the main thread) until at most `count` pieces of the handler's asynchronous
    /// work are pending, or until `deadline`.
    func waitUntilPendingWork(atMost count: Int, before deadline: Date) {
        lock.lock(); defer { lock.unlock() }
        while pendingAsyncWork > count {
            if !lock.wait(until: deadline) { break }
        }
    }

    var hasEnded: Bool {
        lock.lock(); defer { lock.unlock() }
        return ending != nil
    }

    var hasPendingWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return pendingAsyncWork > 0
    }
}
