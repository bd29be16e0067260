import Foundation
import PreprocessingKit

/// The simulator's stand-in for what iOS does when the share sheet opens an extension: creates
/// its principal class and, for a view controller, drives it through its appearance —
/// `beginRequest(with:)`, `loadView` and `viewDidLoad` (through `view`), `viewWillAppear(true)`,
/// `viewDidAppear(true)` — then lets a compose sheet (`SLComposeServiceViewController`) play the
/// user's Post or Cancel. A principal class that is a plain `NSExtensionRequestHandling` object
/// gets `beginRequest(with:)` only. Each step is recorded in the transcript's handler calls.
///
/// The runner `init-handler --from` writes registers one of these under the extension's name:
///
/// ```swift
/// handlers: ["ShareExtension": { PreprocessSimExtensionHost(storyboard: "MainInterface", className: "ShareViewController") {
///     ShareViewController(coder: $0) } }]
/// ```
///
/// Not an Apple type. The appearance runs on the calling thread (the main thread under the
/// command line), at once, rather than after an animation.
public final class PreprocessSimExtensionHost: NSObject, NSExtensionRequestHandling {
    let className: String
    let origin: String
    let make: () -> NSObject?
    /// Kept for the whole request, as iOS keeps the extension's view controller.
    private(set) var principal: NSObject?

    /// A class named by `NSExtensionPrincipalClass`, created with `init()`.
    public init(principalClass className: String, make: @escaping () -> NSObject) {
        self.className = className
        origin = "NSExtensionPrincipalClass"
        self.make = make
        super.init()
    }

    /// The initial view controller of a storyboard, created with `init?(coder:)` as a storyboard
    /// creates it (the coder holds nothing: outlets stay nil).
    public init(storyboard: String, className: String, make: @escaping (NSCoder) -> NSObject?) {
        self.className = className
        origin = "the initial view controller of \(storyboard).storyboard"
        self.make = { make(NSCoder()) }
        super.init()
    }

    public func beginRequest(with context: NSExtensionContext) {
        guard let object = make() else {
            ExtensionHostSession.record("\(className)(coder:) returned nil, so the extension has no view controller (\(origin))", in: context)
            return
        }
        principal = object
        guard let controller = object as? UIViewController else {
            ExtensionHostSession.record("\(className)() created (\(origin)); beginRequest(with:)", in: context)
            (object as? NSExtensionRequestHandling)?.beginRequest(with: context)
            return
        }
        let name = UIViewController.className(of: controller)
        ExtensionHostSession.record("\(name) created by \(origin.hasPrefix("NSExtension") ? "init()" : "init?(coder:)") (\(origin))", in: context)
        ExtensionHostSession.beforeEnding(of: context) { [weak controller] in
            guard let controller else { return }
            for line in Self.screen(of: controller) { ExtensionHostSession.record("on screen: \(line)", in: context) }
        }
        controller.extensionContext = context
        controller.beginRequest(with: context)
        if controller.isViewLoaded {
            // Code that touched `view` before (an init, beginRequest) loaded it then, as on iOS.
            ExtensionHostSession.record("\(name).viewDidLoad() ran already: the view was loaded before the host showed it", in: context)
        } else {
            ExtensionHostSession.record("\(name).viewDidLoad()", in: context)
            controller.loadViewIfNeeded()
        }
        ExtensionHostSession.record("\(name).viewWillAppear(true)", in: context)
        controller.viewWillAppear(true)
        ExtensionHostSession.record("\(name).viewDidAppear(true)", in: context)
        controller.viewDidAppear(true)
        (controller as? PreprocessSimPresentationFlow)?.preprocessSimSheetDidAppear(in: context)
    }

    /// The title, then the text of each label, text view, text field and button in the view
    /// tree (depth first, hidden views left out), as lines for the transcript.
    static func screen(of controller: UIViewController) -> [String] {
        var lines: [String] = []
        if let title = controller.title { lines.append("title \"\(title)\"") }
        lines += controller.screenLines
        guard let root = controller.viewIfLoaded else { return lines }
        var pending: [UIView] = [root]
        while let view = pending.popLast() {
            guard !view.isHidden else { continue }
            if let text = view.recordedText { lines.append("\(UIViewController.className(of: view)) \"\(text)\"") }
            pending += view.subviews.reversed()
        }
        return lines
    }
}

/// A view controller whose sheet the host plays after it appeared (`SLComposeServiceViewController`:
/// `isContentValid()`, then Post or Cancel). Not an Apple type.
public protocol PreprocessSimPresentationFlow: AnyObject {
    func preprocessSimSheetDidAppear(in context: NSExtensionContext)
}

extension UIViewController {
    /// Lines of what a controller shows besides its views (a compose sheet's text); see
    /// `PreprocessSimScreenContent`.
    var screenLines: [String] { (self as? PreprocessSimScreenContent)?.preprocessSimScreenLines ?? [] }
}

/// What a controller shows besides its view tree, for the "on screen" record. Not an Apple type.
public protocol PreprocessSimScreenContent: AnyObject {
    var preprocessSimScreenLines: [String] { get }
}
