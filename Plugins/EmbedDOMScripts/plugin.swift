import Foundation
import PackagePlugin

/// Embeds `DOM/js/*.js` (in the order `DOM/js/order.txt` gives) into the library as Swift source.
@main
struct EmbedDOMScripts: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let jsDirectory = target.directory.appending(["DOM", "js"])
        let orderFile = jsDirectory.appending(["order.txt"])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: jsDirectory.string)) ?? []
        let inputs = [orderFile] + names.filter { $0.hasSuffix(".js") }.sorted().map { jsDirectory.appending([$0]) }
        let output = context.pluginWorkDirectory.appending(["DOMBundle.swift"])
        return [
            .buildCommand(
                displayName: "Embedding the DOM's JavaScript",
                executable: try context.tool(named: "embed-js").path,
                arguments: [output.string, orderFile.string, jsDirectory.string],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
