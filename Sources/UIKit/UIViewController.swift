import Foundation
import PreprocessingKit

/// Mirrors `UIResponder`: here only the root of the view-controller and view classes.
open class UIResponder: NSObject {
    public override init() { super.init() }
}

/// Mirrors `UIViewController` for what an extension's data flow touches: `extensionContext`,
/// the appearance methods the host calls (`viewDidLoad`, `viewWillAppear(_:)`,
/// `viewDidAppear(_:)`, …), `view`, `title`, and `present`/`dismiss`, which are recorded in the
/// transcript rather than shown.
///
/// Differs: nothing is drawn or laid out; `init?(coder:)` ignores the coder (storyboard outlets
/// are not connected); the methods are not bound to the main actor.
open class UIViewController: UIResponder, NSExtensionRequestHandling {
    /// The host sets it before `beginRequest(with:)`, as iOS does.
    open internal(set) var extensionContext: NSExtensionContext?
    open var title: String?
    open var nibName: String? { storedNibName }
    open var nibBundle: Bundle? { storedNibBundle }
    open var preferredContentSize = CGSize.zero
    open var isModalInPresentation = false
    open private(set) var presentedViewController: UIViewController?
    open private(set) weak var presentingViewController: UIViewController?
    private let storedNibName: String?
    private let storedNibBundle: Bundle?
    private var loadedView: UIView?
    /// The navigation controller whose stack holds this one.
    weak var navigationControllerStorage: UINavigationController?
    open var navigationController: UINavigationController? { navigationControllerStorage ?? (self as? UINavigationController) }
    open lazy var navigationItem = UINavigationItem()
    /// The storyboard this controller came from (by name; its scenes are not built).
    open var storyboard: UIStoryboard?
    open private(set) var children: [UIViewController] = []
    open func addChild(_ childController: UIViewController) { children.append(childController) }
    open func removeFromParent() {}
    open func didMove(toParent parent: UIViewController?) {}

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        storedNibName = nibNameOrNil
        storedNibBundle = nibBundleOrNil
        super.init()
    }

    /// What a storyboard calls; the coder's content is not read.
    public required init?(coder: NSCoder) {
        storedNibName = nil
        storedNibBundle = nil
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The root view. The first access makes it, as UIKit does: `loadView()`, then
    /// `viewDidLoad()`.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: .zero) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    open var isViewLoaded: Bool { loadedView != nil }
    open var viewIfLoaded: UIView? { loadedView }

    open func loadView() { loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }
    open func loadViewIfNeeded() { _ = view }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    /// `NSExtensionRequestHandling`, as UIKit's view controllers adopt it: keeps the context.
    open func beginRequest(with context: NSExtensionContext) {
        extensionContext = context
    }

    /// Records the presentation (an alert with its title, message and buttons) and calls
    /// `completion`. An alert's preferred action, else its first, is then tapped on the main
    /// queue, as a user would tap one; the tap is recorded too.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.extensionContext = viewControllerToPresent.extensionContext ?? hostContext
        record("\(Self.className(of: self)) presents \(viewControllerToPresent.presentationDescription)")
        viewControllerToPresent.loadViewIfNeeded()
        viewControllerToPresent.viewWillAppear(flag)
        viewControllerToPresent.viewDidAppear(flag)
        completion?()
        if let alert = viewControllerToPresent as? UIAlertController, let action = alert.preferredAction ?? alert.actions.first,
           let context = hostContext {
            // The user reads the alert, then taps, once what the extension started has called back.
            let tap = UncheckedTap(alert: alert, action: action)
            ExtensionHostSession.afterPendingWork(of: context) {
                tap.alert.record("the user taps \"\(tap.action.title ?? "")\" in the alert")
                tap.alert.dismiss(animated: true) { tap.action.handler?(tap.action) }
            }
        }
    }

    /// Records the dismissal and calls `completion`. (Dismissing an extension's own view
    /// controller does not end the request: `completeRequest` does.)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presenting = presentingViewController {
            presenting.presentedViewController = nil
            presentingViewController = nil
            record("\(Self.className(of: presenting)) dismisses \(Self.className(of: self))")
        } else if let presented = presentedViewController {
            presentedViewController = nil
            presented.presentingViewController = nil
            record("\(Self.className(of: self)) dismisses \(Self.className(of: presented))")
        } else {
            record("\(Self.className(of: self)).dismiss(animated: \(flag)) (the request goes on until completeRequest)")
        }
        completion?()
    }

    /// How a presentation is recorded: an alert by its content, others by their class.
    var presentationDescription: String {
        (self as? UIAlertController)?.contentDescription ?? Self.className(of: self)
    }

    /// The context of this controller or of the one presenting it.
    var hostContext: NSExtensionContext? {
        var controller: UIViewController? = self
        while let current = controller {
            if let context = current.extensionContext { return context }
            controller = current.presentingViewController
        }
        return nil
    }

    func record(_ call: String) {
        guard let context = hostContext else { return }
        ExtensionHostSession.record(call, in: context)
    }

    static func className(of object: AnyObject) -> String {
        String(describing: type(of: object))
    }
}

/// Hands an alert and the action to tap to the main queue (see `present`).
private struct UncheckedTap: @unchecked Sendable {
    let alert: UIAlertController
    let action: UIAlertAction
}
