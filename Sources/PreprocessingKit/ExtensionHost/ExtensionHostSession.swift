import Foundation

/// What the simulated user taps in an `SLComposeServiceViewController` sheet (`run --post`,
/// `run --cancel`).
public enum ComposeChoice: String, Sendable, Equatable, CaseIterable {
    /// Post: `isContentValid()` must be true, then `didSelectPost()`.
    case post
    /// Cancel: `didSelectCancel()`.
    case cancel
}

/// The simulator's side of an extension context, for the source-compatible `UIKit` and `Social`
/// modules: they record what a view controller does into the transcript's handler calls and
/// learn what the simulated user does. Not part of Apple's API (the modules re-export only the
/// Apple-named types, so a user's code never sees this).
public enum ExtensionHostSession {
    /// Adds a line to the handler's calls (the transcript's Handler section and `--trace`).
    public static func record(_ call: String, in context: NSExtensionContext) {
        context.log.record(call)
    }

    /// What the simulated user taps in a compose sheet.
    public static func composeChoice(of context: NSExtensionContext) -> ComposeChoice {
        context.composeChoice
    }

    /// Runs `body` on the main queue once the item loads the handler started have called back
    /// (and after what their callbacks sent to the main queue): the moment a user, looking at
    /// the filled-in sheet, taps a button.
    public static func afterPendingWork(of context: NSExtensionContext, _ body: @escaping @Sendable () -> Void) {
        // Not counted as the handler's work: until the request ends the simulator waits anyway,
        // and once it has ended the tap no longer matters (the sheet is gone).
        let log = context.log
        DispatchQueue.global().async {
            log.waitUntilPendingWork(atMost: 0, before: Date().addingTimeInterval(60))
            DispatchQueue.main.async(execute: body)
        }
    }

    /// Calls `observer` once, just before the request is completed or cancelled and on the
    /// thread that ends it, so what was on screen at that moment is recorded before the ending.
    public static func beforeEnding(of context: NSExtensionContext, _ observer: @escaping () -> Void) {
        context.addEndingObserver(observer)
    }
}

extension NSItemProvider {
    /// Apple's `async` form of `loadItem(forTypeIdentifier:options:completionHandler:)`: the item,
    /// or the error the closure form would receive.
    public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil) async throws -> NSSecureCoding {
        let box: LoadedItem = try await withCheckedThrowingContinuation { continuation in
            loadItem(forTypeIdentifier: typeIdentifier, options: options) { item, error in
                if let item {
                    continuation.resume(returning: LoadedItem(item: item))
                } else {
                    continuation.resume(throwing: error ?? NSError(domain: "NSItemProviderErrorDomain", code: -1000))
                }
            }
        }
        return box.item
    }
}

/// Carries the loaded item across the continuation (Foundation's property-list objects are not
/// `Sendable`; the closure hands it over once).
private struct LoadedItem: @unchecked Sendable {
    let item: NSSecureCoding
}
