import Foundation

/// Stands in for Objective-C's `Selector`, which Swift on Linux does not have: a method's name.
/// `init-handler --from` writes `#selector(done)` as `Selector("done")`; a bar button or
/// control keeps its target and selector as a record (the transcript shows which action a
/// button has), and nothing is sent: there is no Objective-C runtime to look the method up.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
    public var description: String { name }
}

/// Mirrors `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public static let zero = UIEdgeInsets()
}

/// Mirrors `UIImage`: the name it was made from, nothing drawn.
open class UIImage: NSObject, @unchecked Sendable {
    public let name: String?
    public init?(named name: String) { self.name = name; super.init() }
    public init?(systemName name: String) { self.name = name; super.init() }
    public init?(data: Data) { name = nil; super.init() }
}

/// Mirrors `UIImageView`: keeps its image.
open class UIImageView: UIView {
    open var image: UIImage?
    open var contentMode = 0
    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}

/// Mirrors `CALayer` for the properties views set: kept, nothing drawn.
open class CALayer: NSObject {
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var masksToBounds = false
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 0
}

/// Mirrors `UIBarButtonItem`: its title, system item, target and action are kept (the
/// transcript's record of what the navigation bar offers); nothing is tapped.
open class UIBarButtonItem: NSObject {
    public enum SystemItem: Int, Sendable { case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close }
    public enum Style: Int, Sendable { case plain, bordered, done }
    open var title: String?
    open var image: UIImage?
    open var isEnabled = true
    open var tintColor: UIColor?
    open weak var target: AnyObject?
    open var action: Selector?
    open var menu: UIMenu?
    open var style: Style = .plain
    public let systemItem: SystemItem?

    /// One initialiser under Apple's three: the item is a system item, a title or an image.
    init(systemItem: SystemItem?, title: String?, image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.systemItem = systemItem
        self.title = title
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
        super.init()
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(systemItem: systemItem, title: nil, image: nil, style: .plain, target: target, action: action)
    }

    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(systemItem: nil, title: title, image: nil, style: style, target: target, action: action)
    }

    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init(systemItem: nil, title: nil, image: image, style: style, target: target, action: action)
    }
}

/// Mirrors `UINavigationItem`: the bar's title and buttons, kept.
open class UINavigationItem: NSObject {
    open var title: String?
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    open var hidesBackButton = false
    open var titleView: UIView?
    open var backButtonTitle: String?
    open var largeTitleDisplayMode = 0
    open var backButtonDisplayMode: BackButtonDisplayMode = .default
    public enum BackButtonDisplayMode: Int, Sendable { case `default`, generic, minimal }
}

/// Mirrors `UINavigationBar` (colours kept).
open class UINavigationBar: UIView {
    open var barTintColor: UIColor?
    open var isTranslucent = true
    open var prefersLargeTitles = false
}

/// Mirrors `UINavigationController`: a stack of view controllers; pushing records, nothing
/// animates.
open class UINavigationController: UIViewController {
    open private(set) var viewControllers: [UIViewController] = []
    public let navigationBar = UINavigationBar(frame: .zero)
    open var topViewController: UIViewController? { viewControllers.last }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
        viewController.navigationControllerStorage = self
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        return viewControllers.popLast()
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { navigationBar.isHidden = hidden }
}

/// Mirrors `UIAction`: a menu item's title, image and handler (kept; not chosen).
open class UIAction: NSObject {
    public let title: String
    public let image: UIImage?
    public let handler: (UIAction) -> Void
    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.handler = handler
        super.init()
    }
}

/// Mirrors `UIMenu`: its title and children, kept.
open class UIMenu: NSObject {
    public let title: String
    public let children: [NSObject]
    public init(title: String = "", image: UIImage? = nil, children: [NSObject] = []) {
        self.title = title
        self.children = children
        super.init()
    }
}

extension UIBarButtonItem {
    /// A button that opens a menu.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(systemItem: nil, title: title, image: image, style: .plain, target: nil, action: nil)
        self.menu = menu
    }
}

/// Mirrors `UIStoryboard` by name: the stand-ins build no scenes, so a controller asked for
/// by identifier is a plain `UIViewController` (a cast to the app's class fails, as a missing
/// identifier would).
open class UIStoryboard: NSObject {
    public let name: String
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController { UIViewController() }
    open func instantiateInitialViewController() -> UIViewController? { nil }
}

/// Mirrors `UIWindow` (a view).
open class UIWindow: UIView {}

extension UIResponder {
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
}

extension NotificationCenter {
    /// The selector form of observing, which needs the Objective-C runtime to call back: here
    /// the observation is accepted and never called (the simulator posts no keyboard or app
    /// notifications).
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {}
}

extension NSValue {
    /// UIKit's name for the rectangle an `NSValue` holds.
    public var cgRectValue: CGRect { rectValue }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
}
