// The request handler of seed 000 (an Action extension that saves the selected text as a note),
// written as an iOS developer writes it against Apple's API. On iOS its imports are
// `import UIKit` and `import MobileCoreServices`; here it compiles against PreprocessingKit's
// Apple-named types with no other change. `preprocess-sim run --handler example-notes` runs it.
// Examples/ActionExtension/ActionRequestHandler.swift is the same code with its iOS imports,
// compiled against the simulator's UIKit and MobileCoreServices (ExtensionTargetTests keeps the
// two identical).
import Foundation

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
