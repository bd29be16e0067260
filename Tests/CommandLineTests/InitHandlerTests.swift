import Foundation
import Testing
@testable import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// `preprocess-sim init-handler`: the template is written, builds against this repository, and
/// its runner runs seed 000's flow with the user's handler.
@Suite struct InitHandlerTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("init-handler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a program to its end; returns its exit code and what it printed.
    func execute(_ executable: String, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The template's handler is the built-in `example-notes` handler (seed 000's), so the two
    /// cannot drift apart: the same code line for line, but for what a separate module needs
    /// (`public`, an `init` the runner can call, its imports) and comments.
    @Test func templateHandlerIsTheBuiltInSeedHandler() throws {
        func codeLines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") && $0 != "public override init() { super.init() }" }
                .map { $0.replacingOccurrences(of: "public class NotesHandler", with: "class ActionRequestHandler")
                         .replacingOccurrences(of: "public func ", with: "func ")
                         .replacingOccurrences(of: #"\s*//.*$"#, with: "", options: .regularExpression) }
        }
        let builtIn = try String(contentsOf: Paths.repository.appendingPathComponent("Sources/PreprocessingKit/ExtensionHost/Handlers/ActionRequestHandler.swift"), encoding: .utf8)
        #expect(codeLines(InitHandlerTemplate.handler(name: "Notes")) == codeLines(builtIn))
    }

    @Test func parseRejectsANameThatIsNotASwiftIdentifier() throws {
        #expect(throws: UsageError.self) { try PreprocessSim.parse(["init-handler", "my-handler"]) }
        #expect(throws: UsageError.self) { try PreprocessSim.parse(["init-handler"]) }
        #expect(try PreprocessSim.parse(["init-handler", "Notes", "--kit", "/k"])
                == .initHandler(InitHandlerCommand(name: "Notes", outputDirectory: nil, kitPath: "/k")))
    }

    @Test func templateNamesTheKitByItsFolder() throws {
        let command = InitHandlerCommand(name: "Notes", outputDirectory: nil, kitPath: "/somewhere/PreprocessingSimulator")
        let files = command.files(kit: URL(fileURLWithPath: "/somewhere/PreprocessingSimulator"))
        let manifest = try #require(files.first { $0.path == "Package.swift" }?.text)
        #expect(manifest.contains(#".package(path: "/somewhere/PreprocessingSimulator")"#))
        #expect(manifest.contains(#"package: "PreprocessingSimulator""#))
        #expect(files.map(\.path).contains("Sources/Notes/NotesHandler.swift"))
        #expect(files.map(\.path).contains("Sources/Notes-sim/main.swift"))
        #expect(files.map(\.path).contains("Tests/NotesTests/NotesHandlerTests.swift"))
    }

    @Test func kitIsFoundFromAFolderInsideTheRepository() {
        let inside = Paths.repository.appendingPathComponent("Sources/PreprocessingKit")
        #expect(InitHandlerCommand.findKit(from: inside)?.standardizedFileURL.path == Paths.repository.standardizedFileURL.path)
        #expect(InitHandlerCommand.findKit(from: URL(fileURLWithPath: "/")) == nil)
    }

    @Test func existingFolderIsNotOverwritten() throws {
        let output = try temporaryFolder()
        try FileManager.default.createDirectory(at: output.appendingPathComponent("Notes"), withIntermediateDirectories: true)
        let code = PreprocessSim.main(["init-handler", "Notes", "--output", output.path, "--kit", Paths.repository.path],
                                      output: Output(writeOut: { _ in }, writeError: { _ in }))
        #expect(code == 2)
    }

    /// Builds the template with `swift build` (a few minutes the first time; the scratch path
    /// under this repository's `.build` keeps the kit's build for the next run).
    @Test(.timeLimit(.minutes(20))) func templateBuildsAndRunsSeed000HandlerByName() throws {
        let output = try temporaryFolder()
        let code = PreprocessSim.main(["init-handler", "Notes", "--output", output.path, "--kit", Paths.repository.path],
                                      output: Output(writeOut: { _ in }, writeError: { _ in }))
        try #require(code == 0)
        let package = output.appendingPathComponent("Notes")
        let scratch = Paths.repository.appendingPathComponent(".build/init-handler-template").path
        let (built, buildLog) = try execute("swift", ["build", "--scratch-path", scratch], in: package)
        try #require(built == 0, "\(buildLog)")

        let page = Paths.repository.appendingPathComponent("Pages/mozilla-hacks-fetch.html").path
        let runner = scratch + "/debug/Notes-sim"
        let (ran, json) = try execute(runner, ["run", "--script", "Scripts/Action.js", "--page", page,
                                               "--select", "fetch", "--handler", "Notes", "--format", "json"], in: package)
        #expect(ran == 0, "\(json)")
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(json.utf8))
        #expect(transcript.handler.name == "Notes")
        #expect(transcript.handler.completed)
        #expect(transcript.finalize.alerts == ["已成功添加到筆記應用"])
    }
}
