import Foundation

/// The request handlers the command line offers by name (`--handler NAME`).
public enum BuiltInHandlers {
    public static let names = ["none", "echo", "example-notes", "finalize-args"]

    /// A fresh handler for `name`; nil for an unknown name. `finalize-args` answers with
    /// `finalizeArguments` (required for it).
    public static func make(_ name: String, finalizeArguments: PropertyListValue?) -> NSExtensionRequestHandling? {
        switch name {
        case "none": return NoFinalizeHandler()
        case "echo": return EchoHandler()
        case "example-notes": return ActionRequestHandler()
        case "finalize-args": return finalizeArguments.map { FinalizeArgumentsHandler(arguments: $0) }
        default: return nil
        }
    }
}

/// Reads the preprocessing results the way handlers do on iOS: the first property-list
/// attachment, loaded asynchronously, its `NSExtensionJavaScriptPreprocessingResultsKey` entry.
private func loadPreprocessingResults(from context: NSExtensionContext, _ completion: @escaping (NSDictionary?) -> Void) {
    for case let item as NSExtensionItem in context.inputItems {
        for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier(kUTTypePropertyList) {
            provider.loadItem(forTypeIdentifier: kUTTypePropertyList, options: nil) { item, _ in
                let dictionary = item as? NSDictionary
                completion(dictionary?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary)
            }
            return
        }
    }
    completion(nil)
}

/// Returns one item whose property-list attachment carries `arguments` for finalize.
private func finalizeItem(_ arguments: Any) -> NSExtensionItem {
    let payload = NSDictionary(dictionary: [NSExtensionJavaScriptFinalizeArgumentKey: arguments])
    let item = NSExtensionItem()
    item.attachments = [NSItemProvider(item: payload, typeIdentifier: kUTTypePropertyList)]
    return item
}

/// `--handler none`: reads the results and completes with nil items, so finalize is not called
/// (what an extension that only consumes the page does).
public final class NoFinalizeHandler: NSObject, NSExtensionRequestHandling {
    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { _ in
            context.completeRequest(returningItems: nil, completionHandler: nil)
        }
    }
}

/// `--handler echo`: returns the results dictionary as finalize's argument.
public final class EchoHandler: NSObject, NSExtensionRequestHandling {
    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { results in
            guard let results else {
                context.completeRequest(returningItems: nil, completionHandler: nil)
                return
            }
            context.completeRequest(returningItems: [finalizeItem(results)], completionHandler: nil)
        }
    }
}

/// `--finalize-args JSON|@file`: returns a fixed dictionary as finalize's argument.
public final class FinalizeArgumentsHandler: NSObject, NSExtensionRequestHandling {
    let arguments: PropertyListValue

    public init(arguments: PropertyListValue) {
        self.arguments = arguments
    }

    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { [arguments] _ in
            context.completeRequest(returningItems: [finalizeItem(arguments.foundationObject)], completionHandler: nil)
        }
    }
}
