import Foundation
import JavaScriptEngine

/// The extension's side of an exchange: the request handler and what it returns for finalize.
extension Exchange {
    /// Hands the results to the request handler as Safari does and waits for `completeRequest`.
    /// Returns the finalize arguments, or nil when finalize is not to be called.
    mutating func runHandler(results: PropertyListValue?) -> PropertyListValue? {
        let log = ExtensionActivityLog()
        var payload: [String: Any] = [:]
        if let results { payload[NSExtensionJavaScriptPreprocessingResultsKey] = results.foundationObject }
        let provider = NSItemProvider(item: NSDictionary(dictionary: payload), typeIdentifier: kUTTypePropertyList, log: log)
        let item = NSExtensionItem()
        item.attachments = [provider]
        let context = NSExtensionContext(inputItems: [item], log: log, composeChoice: request.composeChoice)
        tracer.phase = "handler"
        if tracer.enabled {
            var lines = ["NSLog(@\"%@\", extensionContext.inputItems) would print:", "("]
            lines.append("    \(item)")
            lines.append(")")
            lines.append("item.attachments[0] holds a \(kUTTypePropertyList) item:")
            lines += PropertyListValue.dictionary(results.map { [NSExtensionJavaScriptPreprocessingResultsKey: $0] } ?? [:])
                .nslogDescription().split(separator: "\n").map(String.init)
            tracer.record(.extensionItems, "1 NSExtensionItem handed to \(request.handlerName).beginRequest(with:)", details: lines)
        }
        request.handler.beginRequest(with: context)
        _ = log.waitUntilSettled(before: Date().addingTimeInterval(request.handlerTimeout))
        transcript.handler.calls = log.calls
        // Only the trace shows the calls with what the handler returned (its property list
        // described as NSLog would).
        for call in log.calls where tracer.enabled {
            if call.hasPrefix("NSExtensionContext.completeRequest") || call.hasPrefix("NSExtensionContext.cancelRequest") {
                var lines: [String] = []
                if case .completed(let items)? = log.ending {
                    for case let returned as NSExtensionItem in items ?? [] {
                        lines.append("\(returned)")
                        for provider in returned.attachments ?? [] {
                            guard let stored = provider.storedItem(conformingTo: kUTTypePropertyList), let object = stored else { continue }
                            var problems: [String] = []
                            if let value = PropertyListValue(foundationObject: object, problems: &problems) {
                                lines += value.nslogDescription().split(separator: "\n").map { "    " + $0 }
                            }
                        }
                    }
                }
                tracer.record(.completeRequest, call, details: lines)
            } else {
                tracer.record(.handlerCall, call)
            }
        }
        diagnoseTypeMismatches(log)
        guard let ending = log.ending else {
            diagnose(.handlerNotCompleted,
                     "the request handler did not call completeRequest(returningItems:) within \(JavaScriptContext.formatSeconds(request.handlerTimeout)); on a device the extension never finishes and finalize is not called",
                     file: nil)
            return nil
        }
        transcript.handler.completed = true
        for problem in log.extraEndings {
            diagnose(.handlerCompletedTwice, problem, file: nil)
        }
        switch ending {
        case .cancelled(let error):
            transcript.handler.cancelled = error
            return nil
        case .completed(let items):
            transcript.handler.returnedItems = items?.count
            return finalizeArguments(in: items)
        }
    }

    /// A handler that asked the attachment for a type it does not hold (`public.url` where Safari
    /// sent a property list) and never loaded what it holds: on a device the same code finds
    /// nothing, and the results never reach it.
    mutating func diagnoseTypeMismatches(_ log: ExtensionActivityLog) {
        guard !log.loadedMatchingItem else { return }
        for mismatch in log.mismatches {
            let held = mismatch.registered.map { "\"\($0)\"" }.joined(separator: ", ")
            diagnose(.resultsTypeMismatch,
                     "the handler asked the attachment for \"\(mismatch.asked)\", but Safari sends the preprocessing results as one attachment holding [\(held)] (NSExtensionJavaScriptPreprocessingResultsKey is inside that property list), and the handler never loaded it; on a device the results do not reach the extension either (ask for kUTTypePropertyList / UTType.propertyList.identifier)",
                     file: nil)
        }
    }

    /// Finds `[NSExtensionJavaScriptFinalizeArgumentKey: dict]` in the returned items, as Safari does.
    mutating func finalizeArguments(in items: [Any]?) -> PropertyListValue? {
        for case let item as NSExtensionItem in items ?? [] {
            for provider in item.attachments ?? [] {
                guard let stored = provider.storedItem(conformingTo: kUTTypePropertyList), let object = stored else { continue }
                var problems: [String] = []
                guard let value = PropertyListValue(foundationObject: object, problems: &problems),
                      case .dictionary(let dictionary) = value else { continue }
                for problem in problems {
                    diagnose(.notPlistValue, "the handler returned \(problem)", file: nil)
                }
                if let arguments = dictionary[NSExtensionJavaScriptFinalizeArgumentKey] {
                    transcript.handler.finalizeArguments = arguments
                    return arguments
                }
            }
        }
        if let items, !items.isEmpty {
            diagnose(.noFinalizeArgument,
                     "the handler returned items, but none holds NSExtensionJavaScriptFinalizeArgumentKey in a property-list attachment, so finalize is not called",
                     file: nil)
        }
        return nil
    }
}
