import Foundation

/// Mirrors `UITableView` as an inert list: it keeps its data source and delegate and, when asked
/// to (`reloadData()`), the cells the data source gives for section 0, so the "on screen" record
/// shows their labels. Nothing scrolls, nothing is reused.
open class UITableView: UIView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic }
    open weak var dataSource: UITableViewDataSource?
    open weak var delegate: UITableViewDelegate?
    open var rowHeight: CGFloat = 44
    open var estimatedRowHeight: CGFloat = 44
    open var separatorStyle = 0
    open var tableFooterView: UIView?
    open var tableHeaderView: UIView?
    open private(set) var style: Style = .plain
    private var registered: [String: UITableViewCell.Type] = [:]

    public init(frame: CGRect, style: Style) {
        super.init(frame: frame)
        self.style = style
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
    }

    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        (registered[identifier] ?? UITableViewCell.self).init(style: .default, reuseIdentifier: identifier)
    }

    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        (registered[identifier] ?? UITableViewCell.self).init(style: .default, reuseIdentifier: identifier)
    }

    /// Asks the data source for the first section's cells and keeps them as subviews.
    open func reloadData() {
        for view in subviews { view.removeFromSuperview() }
        guard let dataSource else { return }
        for row in 0..<max(0, dataSource.tableView(self, numberOfRowsInSection: 0)) {
            addSubview(dataSource.tableView(self, cellForRowAt: IndexPath(row: row, section: 0)))
        }
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: Int) {}
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func beginUpdates() {}
    open func endUpdates() {}
}

/// Mirrors `UITableViewDataSource`; Apple's optional requirements have defaults here.
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// Mirrors `UITableViewDelegate` (its methods are optional on iOS: none is required here).
public protocol UITableViewDelegate: AnyObject {}

/// Mirrors `UITableViewCell`: a view whose `textLabel` and `detailTextLabel` are labels.
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public let reuseIdentifier: String?
    open var accessoryType: AccessoryType = .none
    open var selectionStyle: SelectionStyle = .default
    public let contentView = UIView(frame: .zero)
    open var imageView: UIImageView? = UIImageView(frame: .zero)
    open var textLabel: UILabel?
    open var detailTextLabel: UILabel?

    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        let text = UILabel(frame: .zero)
        textLabel = text
        addSubview(contentView)
        contentView.addSubview(text)
        if style != .default {
            let detail = UILabel(frame: .zero)
            detailTextLabel = detail
            contentView.addSubview(detail)
        }
    }

    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
    }
}

/// Mirrors `UITableViewController`: its view is a table whose data source and delegate it is;
/// the table is filled when the view appears.
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    open var clearsSelectionOnViewWillAppear = true

    public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    open override func loadView() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
}

extension IndexPath {
    /// UIKit's row-and-section index path.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var row: Int { count > 1 ? self[1] : 0 }
    public var section: Int { count > 0 ? self[0] : 0 }
}
