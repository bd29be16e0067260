// A Share extension on Apple's compose sheet (Xcode's Share Extension template): Safari's
// preprocessing results fill the sheet, Post is enabled once there is something to post, and
// Post hands the page to a reading list. The principal class is named in Info.plist
// (NSExtensionPrincipalClass), without a storyboard.
import UIKit
import Social
import MobileCoreServices

class ComposeViewController: SLComposeServiceViewController {

    var pageTitle: String?
    var pageURL: String?
    let listItem: SLComposeSheetConfigurationItem = SLComposeSheetConfigurationItem()

    override func viewDidLoad() {
        super.viewDidLoad()
        placeholder = "Why read it later?"
        listItem.title = "List"
        listItem.value = "Reading List"
        for case let item as NSExtensionItem in extensionContext?.inputItems ?? [] {
            for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier(kUTTypePropertyList as String) {
                provider.loadItem(forTypeIdentifier: kUTTypePropertyList as String, options: nil) { data, _ in
                    guard let dictionary = data as? NSDictionary,
                          let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary else { return }
                    DispatchQueue.main.async {
                        self.pageTitle = results["title"] as? String
                        self.pageURL = results["url"] as? String
                        if let selected = results["selected"] as? String, !selected.isEmpty {
                            self.contentText = selected
                        }
                        self.validateContent()
                    }
                }
            }
        }
    }

    override func isContentValid() -> Bool {
        // Something to save, and a note short enough for the list.
        pageURL != nil && contentText.count <= 280
    }

    override func didSelectPost() {
        // The app picks the entry up from its shared container; the sheet shows where it went.
        listItem.value = "Saved: \(pageTitle ?? "") <\(pageURL ?? "")>"
        super.didSelectPost()
    }

    override func configurationItems() -> [Any]! {
        [listItem]
    }
}
