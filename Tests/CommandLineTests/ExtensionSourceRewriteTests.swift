import Foundation
import Testing
@testable import PreprocessSimCommandLine

/// The copy `init-handler --from` compiles of a file with Objective-C attributes or platform
/// conditions: each edit in place (same line count), each listed with its line.
@Suite struct ExtensionSourceRewriteTests {
    /// Shaped like the view controllers of real Action extensions: an outlet, actions, a
    /// selector for a bar button, a registered name, a platform condition, and comments that
    /// mention the same words (left alone).
    static let source = """
        import UIKit
        #if os(iOS) || os(macOS)
        @objc(ActionController)
        class ActionViewController: UIViewController {
            @IBOutlet weak var textView: UITextView!
            @IBOutlet var custom: MyView!
            // @IBAction in a comment stays
            override func viewDidLoad() {
                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done))
                let other = #selector(ActionViewController.cancel(_:))
            }
            @IBAction func done() {}
            @objc func cancel(_ sender: Any?) {}
            @objc dynamic var count = 0
            @objc required dynamic init?(coder: NSCoder) { super.init(coder: coder) }
        }
        /* @objc in a block comment
           #selector(x) too */
        #endif
        """

    @Test func objectiveCAttributesAreRemovedLineForLine() throws {
        let rewrite = ExtensionSourceRewrite(Self.source)
        let lines = rewrite.text.components(separatedBy: "\n")
        #expect(lines.count == Self.source.components(separatedBy: "\n").count)
        #expect(lines[1] == "#if true || false")
        #expect(lines[2] == "")
        #expect(lines[4] == "    var textView: UITextView! = UITextView()")
        #expect(lines[5] == "    var custom: MyView!")
        #expect(lines[6] == "    // @IBAction in a comment stays")
        #expect(lines[8].hasSuffix("target: self, action: Selector(\"done\"))"))
        #expect(lines[9] == "        let other = Selector(\"ActionViewController.cancel(_:)\")")
        #expect(lines[11] == "    func done() {}")
        #expect(lines[12] == "    func cancel(_ sender: Any?) {}")
        #expect(lines[13] == "    var count = 0")
        #expect(lines[14] == "    required init?(coder: NSCoder) { super.init(coder: coder) }")
        #expect(lines[16] == "/* @objc in a block comment")
        #expect(lines[17] == "   #selector(x) too */")
        #expect(rewrite.registeredNames == ["ActionViewController": "ActionController"])
        #expect(rewrite.changes.map(\.line) == [2, 2, 3, 5, 6, 9, 10, 12, 13, 14, 14, 15, 15])
        #expect(rewrite.changes[0].what.hasPrefix("os(iOS) → true"))
        #expect(rewrite.changes[3].what.contains("filled with an empty UITextView"))
    }

    @Test func aFileWithoutAttributesIsUnchanged() {
        let source = "import UIKit\n\nclass Handler: NSObject {\n    var dynamicCount = 0\n    func objcBridge() {}\n}\n"
        let rewrite = ExtensionSourceRewrite(source)
        #expect(rewrite.text == source)
        #expect(rewrite.changes.isEmpty)
    }
}
