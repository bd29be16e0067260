import Foundation

/// Mirrors `UIAlertController`: its title, message, actions and text fields are kept, and a
/// presentation is recorded with them in the transcript (as visible as a page's `alert`).
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet
        case alert
    }

    open var message: String?
    open private(set) var preferredStyle: Style = .alert
    open private(set) var actions: [UIAlertAction] = []
    open var preferredAction: UIAlertAction?
    open private(set) var textFields: [UITextField]?

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    open func addAction(_ action: UIAlertAction) { actions.append(action) }

    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField()
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }

    /// `UIAlertController(title: "Saved", message: "…", actions: "OK")` as the transcript shows it.
    var contentDescription: String {
        func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }
        let kind = preferredStyle == .alert ? "alert" : "action sheet"
        let buttons = actions.map { "\"\($0.title ?? "")\"" }.joined(separator: ", ")
        return "UIAlertController (\(kind)) title: \(quoted(title)), message: \(quoted(message)), actions: [\(buttons)]"
    }
}

/// Mirrors `UIAlertAction`.
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default`
        case cancel
        case destructive
    }

    open private(set) var title: String?
    open private(set) var style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}
