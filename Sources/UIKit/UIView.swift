import Foundation

/// Mirrors `UIView` as an inert tree: frames, colours and flags are kept, nothing is drawn.
/// When the request ends, the host records the text of the labels, text views and text fields
/// in the view controller's tree ("on screen: …"), which is how what reached the view
/// controller shows in the transcript.
open class UIView: UIResponder {
    open var frame: CGRect
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var backgroundColor: UIColor?
    open var tintColor: UIColor?
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var tag = 0
    open var isUserInteractionEnabled = true
    open var translatesAutoresizingMaskIntoConstraints = true
    open var accessibilityIdentifier: String?
    open var center = CGPoint.zero
    open var safeAreaInsets = UIEdgeInsets.zero
    /// The window: none, nothing is on a screen.
    open var window: UIWindow? { nil }
    /// Frames are kept as given: converting between views' coordinates returns the rectangle.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) { animations() }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }
    /// The view's layer: its properties are kept, nothing is drawn.
    open lazy var layer = CALayer()
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    public convenience override init() { self.init(frame: .zero) }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func sizeToFit() {}

    /// The visible text this view shows, for the "on screen" record (nil: none).
    var recordedText: String? { nil }
}

/// Mirrors `UILabel`.
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var numberOfLines = 1
    override var recordedText: String? { text }
}

/// Mirrors `UITextView`.
open class UITextView: UIView {
    open var contentInset = UIEdgeInsets.zero
    open var scrollIndicatorInsets = UIEdgeInsets.zero
    open var selectedRange = NSRange(location: 0, length: 0)
    open func selectAll(_ sender: Any?) { selectedRange = NSRange(location: 0, length: (text ?? "").utf16.count) }
    open func scrollRangeToVisible(_ range: NSRange) {}
    /// Inserts at the selection (replacing it), as typing does.
    open func insertText(_ inserted: String) {
        let current = (text ?? "") as NSString
        let range = NSRange(location: min(selectedRange.location, current.length), length: min(selectedRange.length, current.length - min(selectedRange.location, current.length)))
        text = current.replacingCharacters(in: range, with: inserted)
        selectedRange = NSRange(location: range.location + (inserted as NSString).length, length: 0)
    }
    open var text: String! = ""
    open var font: UIFont?
    open var textColor: UIColor?
    open var isEditable = true
    open var isSelectable = true
    override var recordedText: String? { text }
}

/// Mirrors `UITextField`.
open class UITextField: UIView {
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var textColor: UIColor?
    override var recordedText: String? { text ?? placeholder.map { "(placeholder) \($0)" } }
}

/// Mirrors `UIButton` (its titles only; target–action needs Objective-C selectors).
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    private var titles: [UInt: String] = [:]

    public convenience init(type buttonType: ButtonType) { self.init(frame: .zero) }

    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }
    open var currentTitle: String? { title(for: .normal) }
    override var recordedText: String? { currentTitle.map { "[\($0)]" } }
}

/// Mirrors `UIControl`: its states (for `UIButton.setTitle(_:for:)`) and flags.
open class UIControl: UIView {
    open var isEnabled = true
    open var isSelected = false

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// Mirrors `UIActivityIndicatorView`.
open class UIActivityIndicatorView: UIView {
    open private(set) var isAnimating = false
    open var hidesWhenStopped = true
    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }
}

/// Mirrors `UIColor` (components kept, nothing drawn).
open class UIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        super.init()
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let systemBackground = UIColor(white: 1, alpha: 1)
    public static let secondarySystemBackground = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    public static let label = UIColor(white: 0, alpha: 1)
    public static let secondaryLabel = UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6)
    public static let systemBlue = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
    public static let systemGray = UIColor(red: 0.56, green: 0.56, blue: 0.58, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
}

/// Mirrors `UIFont` (name and size kept).
open class UIFont: NSObject, @unchecked Sendable {
    public let fontName: String
    public let pointSize: CGFloat

    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        pointSize = fontSize
        super.init()
    }

    init(system size: CGFloat, name: String) {
        fontName = name
        pointSize = size
        super.init()
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(system: fontSize, name: ".SFUI-Regular") }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(system: fontSize, name: ".SFUI-Semibold") }
}
