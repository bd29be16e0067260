import Foundation
import PreprocessingKit
import UIKit

/// Mirrors `SLComposeServiceViewController`, the compose sheet of a Share extension, for its
/// contract with the extension: `contentText`, `placeholder`, `isContentValid()`,
/// `didSelectPost()`, `didSelectCancel()`, `configurationItems()`.
///
/// The simulator plays the sheet after `viewDidAppear`: `presentationAnimationDidFinish()`, the
/// configuration items (recorded), `isContentValid()`, then the user's tap — Post
/// (`run --post`, the default) calls `didSelectPost()` when the content is valid (Post is
/// disabled otherwise, and nothing happens, as on a device); Cancel (`run --cancel`) calls
/// `didSelectCancel()`.
///
/// Differs: `contentText` starts as the input item's `attributedContentText` (the simulator's
/// item has none, so it starts empty); there is no text view to type in.
open class SLComposeServiceViewController: UIViewController, PreprocessSimPresentationFlow, PreprocessSimScreenContent {
    open var contentText: String! = ""
    open var placeholder: String!
    open var charactersRemaining: NSNumber!
    open var textView: UITextView! = UITextView()

    /// Default: true (the Post button is enabled).
    open func isContentValid() -> Bool { true }

    /// Asks `isContentValid()` again, as the sheet does when the text changes.
    open func validateContent() { _ = isContentValid() }

    /// Default: completes the request with no items (Apple's template says calling super
    /// "will similarly complete the extension context").
    open func didSelectPost() {
        extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
    }

    /// Default: cancels the request with a user-cancelled error, as Apple's does.
    open func didSelectCancel() {
        extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: CocoaError.userCancelled.rawValue))
    }

    /// Default: none. Return `SLComposeSheetConfigurationItem`s to show rows under the text.
    open func configurationItems() -> [Any]! { [] }

    open func presentationAnimationDidFinish() {}
    open func reloadConfigurationItems() {}
    open func pushConfigurationViewController(_ viewController: UIViewController!) {
        record("\(String(describing: type(of: self))) pushes \(String(describing: type(of: viewController as AnyObject)))")
    }
    open func popConfigurationViewController() {}

    public func preprocessSimSheetDidAppear(in context: NSExtensionContext) {
        let name = String(describing: type(of: self))
        if contentText?.isEmpty != false, let item = context.inputItems.first as? NSExtensionItem,
           let text = item.attributedContentText?.string {
            contentText = text
        }
        record("\(name).presentationAnimationDidFinish()")
        presentationAnimationDidFinish()
        // The user reads the filled-in sheet, then taps: after the loads viewDidLoad started.
        let sheet = UncheckedSheet(controller: self, context: context)
        ExtensionHostSession.afterPendingWork(of: context) { sheet.controller.userTaps(in: sheet.context) }
    }

    /// The configuration items, `isContentValid()`, and the tap `--post`/`--cancel` chose.
    func userTaps(in context: NSExtensionContext) {
        let name = String(describing: type(of: self))
        for case let item as SLComposeSheetConfigurationItem in configurationItems() ?? [] {
            record("configuration item: \(item.title.map { "\"\($0)\"" } ?? "nil") = \(item.value.map { "\"\($0)\"" } ?? "nil")\(item.valuePending ? " (pending)" : "")")
        }
        let valid = isContentValid()
        record("\(name).isContentValid() → \(valid)")
        switch ExtensionHostSession.composeChoice(of: context) {
        case .post:
            guard valid else {
                record("Post stays disabled because isContentValid() returned false: the user cannot post (run --cancel taps Cancel)")
                return
            }
            record("the user taps Post: \(name).didSelectPost()")
            didSelectPost()
        case .cancel:
            record("the user taps Cancel: \(name).didSelectCancel()")
            didSelectCancel()
        }
    }

    public var preprocessSimScreenLines: [String] {
        var lines = ["compose text \"\(contentText ?? "")\""]
        if let placeholder { lines.append("compose placeholder \"\(placeholder)\"") }
        return lines
    }

    private func record(_ call: String) {
        guard let context = extensionContext else { return }
        ExtensionHostSession.record(call, in: context)
    }
}

/// Hands the sheet to the main queue (the simulator's objects are not `Sendable`; the main queue
/// is the only one that touches it then).
private struct UncheckedSheet: @unchecked Sendable {
    let controller: SLComposeServiceViewController
    let context: NSExtensionContext
}

/// Mirrors `SLComposeSheetConfigurationItem`: a row of the compose sheet.
open class SLComposeSheetConfigurationItem: NSObject {
    open var title: String!
    open var value: String!
    open var valuePending = false
    open var tapHandler: (() -> Void)?

    public override init() { super.init() }
}
