// Seed 000 (../shared/seeds/000_*.txt): the note-taking Action extension's request handler with
// its iOS imports, as Xcode's Action Extension template (no user interface) has them. The same
// code is the built-in `--handler example-notes` (PreprocessingKit's copy has `import Foundation`).
import UIKit
import MobileCoreServices

class ActionRequestHandler: NSObject, NSExtensionRequestHandling {

    var extensionContext: NSExtensionContext?

    func beginRequest(with context: NSExtensionContext) {
        self.extensionContext = context

        let identifierType = kUTTypePropertyList as String
        for item in context.inputItems as! [NSExtensionItem] {
            for itemProvider in item.attachments ?? [] {
                if itemProvider.hasItemConformingToTypeIdentifier(identifierType) {
                    itemProvider.loadItem(forTypeIdentifier: identifierType, options: nil, completionHandler: { (item, error) in
                        let dictionary = item as! NSDictionary
                        DispatchQueue.main.async {
                            self.itemLoadCompletedWithPreprocessingResults(dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! NSDictionary)
                        }
                    })
                }
            }
        }
    }

    func itemLoadCompletedWithPreprocessingResults(_ javaScriptPreprocessingResults: NSDictionary) {
        if let text = javaScriptPreprocessingResults["args"] as? String {
            let userDefaults = UserDefaults(suiteName: "group.name")
            userDefaults?.set(text, forKey: "note")
            self.doneWithResults(["message": "已成功添加到筆記應用"])
        }
    }

    func doneWithResults(_ resultsForJavaScriptFinalizeArg: [String: Any]?) {
        if let resultsForJavaScriptFinalize = resultsForJavaScriptFinalizeArg {
            // Whatever sits under this key is what Action.js's finalize() receives.
            let resultsDictionary = [NSExtensionJavaScriptFinalizeArgumentKey: resultsForJavaScriptFinalize]

            let resultsProvider = NSItemProvider(item: resultsDictionary as NSDictionary, typeIdentifier: kUTTypePropertyList as String)

            let resultsItem = NSExtensionItem()
            resultsItem.attachments = [resultsProvider]

            self.extensionContext!.completeRequest(returningItems: [resultsItem], completionHandler: nil)
        } else {
            // Nothing for finalize, but the request must still be completed.
            self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
        }

        self.extensionContext = nil
    }
}
