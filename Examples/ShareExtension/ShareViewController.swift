// Seed 003 (../shared/seeds/003_*.txt): the Bookmarks app's Share extension, which adds the
// link Safari shares with the selected text as its note. The view controller reads what
// ShareScript.js sent (title, URL, selection) with the seed's code, shows it, and completes the
// request. The seed's `print("Share extension", context?.inputItems)` is left out: it would go
// to the simulator's standard output (`--trace` shows the same input items).
import UIKit
import UniformTypeIdentifiers

class ShareViewController: UIViewController {

    // Made in code: an @IBOutlet does not compile on Linux.
    let titleLabel = UILabel()
    let urlLabel = UILabel()
    let noteView = UITextView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(titleLabel)
        view.addSubview(urlLabel)
        view.addSubview(noteView)

        let context = self.extensionContext
        // 例1
        guard let item = context?.inputItems.first as? NSExtensionItem else { return }
        guard let itemProvider = item.attachments?.first else { return }

        // 例2
        guard itemProvider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) else { return }

        itemProvider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) { data, error in
            let dictionary = data as! NSDictionary
            OperationQueue.main.addOperation {
                let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! NSDictionary

                let title = results["title"] as! String
                let url = results["url"] as! String
                let note = results["selected"] as! String
                self.addBookmark(title: title, url: url, note: note)
            }
        }
    }

    func addBookmark(title: String, url: String, note: String) {
        titleLabel.text = title
        urlLabel.text = url
        noteView.text = note
        // The app saves the bookmark from its shared container; the sheet closes.
        self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
    }
}
