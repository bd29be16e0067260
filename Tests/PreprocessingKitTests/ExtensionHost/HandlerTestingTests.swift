import Foundation
import Testing
@testable import PreprocessingKit
import TestSupport

/// The library API for handler unit tests (`Simulator.run(script:page:handler:selection:)`),
/// with seed 000's handler and handlers that use the main queue, cancel, or complete twice.
@Suite struct HandlerTestingTests {
    static let page = TestPage.html("<html><head><title>Shopping</title></head><body><p>Remember to buy milk today.</p></body></html>")
    static let actionScript = TestScript.file(Paths.inRepository("Scripts/Action.js"))

    @Test func seed000HandlerSendsTheSavedMessageToFinalize() throws {
        let transcript = try Simulator().run(script: Self.actionScript, page: Self.page,
                                             handler: ActionRequestHandler(), selection: "buy milk")
        #expect(transcript.results == .dictionary(["args": .string("buy milk")]))
        #expect(transcript.handler.completed)
        #expect(transcript.handler.finalizeArguments == .dictionary(["message": .string("已成功添加到筆記應用")]))
        #expect(transcript.finalize.alerts == ["已成功添加到筆記應用"])
        #expect(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
    }

    @MainActor
    @Test func seed000HandlerCompletesFromAMainActorTestWithAwait() async throws {
        let transcript = try await Simulator().run(script: Self.actionScript, page: Self.page,
                                                   handler: ActionRequestHandler(), selection: "milk", handlerTimeout: 5)
        #expect(transcript.finalize.alerts == ["已成功添加到筆記應用"])
    }

    final class OperationQueueHandler: NSObject, NSExtensionRequestHandling {
        func beginRequest(with context: NSExtensionContext) {
            OperationQueue.main.addOperation {
                let answer = NSExtensionItem()
                answer.attachments = [NSItemProvider(item: [NSExtensionJavaScriptFinalizeArgumentKey: ["message": "from the main operation queue"]] as NSDictionary,
                                                     typeIdentifier: kUTTypePropertyList)]
                context.completeRequest(returningItems: [answer], completionHandler: nil)
            }
        }
    }

    @Test func handlerUsingOperationQueueMainCompletes() throws {
        let transcript = try Simulator().run(script: Self.actionScript, page: Self.page,
                                             handler: OperationQueueHandler(), selection: "milk", handlerTimeout: 5)
        #expect(transcript.handler.completed)
        #expect(transcript.finalize.alerts == ["from the main operation queue"])
    }

    final class CancellingHandler: NSObject, NSExtensionRequestHandling {
        func beginRequest(with context: NSExtensionContext) {
            context.cancelRequest(withError: NSError(domain: "NotesErrorDomain", code: 7))
        }
    }

    @Test func cancelRequestIsRecordedAndFinalizeIsNotCalled() throws {
        let transcript = try Simulator().run(script: Self.actionScript, page: Self.page, handler: CancellingHandler())
        let cancelled = try #require(transcript.handler.cancelled)
        #expect(cancelled.contains("NotesErrorDomain"))
        #expect(!transcript.finalize.called)
        #expect(transcript.handler.calls.contains { $0.hasPrefix("NSExtensionContext.cancelRequest") })
    }

    final class TwiceCompletingHandler: NSObject, NSExtensionRequestHandling {
        func beginRequest(with context: NSExtensionContext) {
            context.completeRequest(returningItems: nil, completionHandler: nil)
            context.completeRequest(returningItems: nil, completionHandler: nil)
        }
    }

    @Test func completingTwiceIsAnError() throws {
        let transcript = try Simulator().run(script: Self.actionScript, page: Self.page, handler: TwiceCompletingHandler())
        #expect(transcript.diagnostics.contains { $0.code == "handler-completed-twice" && $0.severity == .error })
        #expect(!transcript.succeeded)
    }

    @Test func scriptSourceWrittenInTheTestRuns() throws {
        let script = TestScript.source("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ title: document.title }); } };")
        let transcript = try Simulator().run(script: script, page: Self.page, handler: EchoHandler())
        #expect(transcript.results == .dictionary(["title": .string("Shopping")]))
    }

    @Test func missingPageFileThrows() {
        #expect(throws: PageLoadError.self) {
            try Simulator().run(script: Self.actionScript, page: .file("/nonexistent/page.html"), handler: EchoHandler())
        }
    }

    @Test func registeredHandlerIsOfferedByName() throws {
        BuiltInHandlers.register(name: "test-cancelling") { CancellingHandler() }
        #expect(BuiltInHandlers.names.contains("test-cancelling"))
        #expect(BuiltInHandlers.make("test-cancelling", finalizeArguments: nil) is CancellingHandler)
    }
}
