import Foundation

/// `preprocess-sim run`: one script on one page, through a handler, into finalize.
public struct RunCommand: Equatable {
    public enum Format: String, Equatable { case text, json, plist }

    public var scriptPath: String?
    public var pagePath: String?
    public var url: String?
    public var encoding: String?
    public var contentType: String?
    public var selectText: String?
    public var occurrence = 1
    public var selectCSS: String?
    public var handler = "none"
    public var finalizeArguments: String?
    public var format = Format.text
    public var timeout: Double = 5
    public var handlerTimeout: Double = 10
    public var confirmAnswer = false
    public var promptAnswer: String?
    public var cookie = ""

    static func parse(_ arguments: [String]) throws -> RunCommand {
        var command = RunCommand()
        var reader = ArgumentReader(arguments, command: "run")
        try reader.parse { name, value in
            switch name {
            case "--script": command.scriptPath = try value()
            case "--page": command.pagePath = try value()
            case "--url": command.url = try value()
            case "--encoding": command.encoding = try value()
            case "--content-type": command.contentType = try value()
            case "--select": command.selectText = try value()
            case "--occurrence":
                let text = try value()
                guard let number = Int(text), number >= 1 else {
                    throw UsageError("--occurrence takes a whole number from 1, not '\(text)'", command: "run")
                }
                command.occurrence = number
            case "--select-css": command.selectCSS = try value()
            case "--handler": command.handler = try value()
            case "--finalize-args": command.finalizeArguments = try value()
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError("--format is text, json or plist, not '\(text)'", command: "run")
                }
                command.format = format
            case "--json": command.format = .json
            case "--timeout": command.timeout = try parseNumber(try value(), option: name, command: "run")
            case "--handler-timeout": command.handlerTimeout = try parseNumber(try value(), option: name, command: "run")
            case "--confirm":
                let text = try value().lowercased()
                guard ["yes", "no", "true", "false", "ok", "cancel"].contains(text) else {
                    throw UsageError("--confirm is yes or no, not '\(text)'", command: "run")
                }
                command.confirmAnswer = ["yes", "true", "ok"].contains(text)
            case "--prompt": command.promptAnswer = try value()
            case "--cookie": command.cookie = try value()
            default: return false
            }
            return true
        }
        if let extra = reader.positionals.first {
            throw UsageError("unexpected argument '\(extra)'", command: "run")
        }
        guard command.scriptPath != nil else { throw UsageError("run needs --script FILE", command: "run") }
        guard command.pagePath != nil else { throw UsageError("run needs --page FILE", command: "run") }
        if command.selectText != nil && command.selectCSS != nil {
            throw UsageError("--select and --select-css cannot be used together", command: "run")
        }
        if command.finalizeArguments != nil && !["none", "finalize-args"].contains(command.handler) {
            throw UsageError("--finalize-args gives the handler's answer; it cannot be combined with --handler \(command.handler)", command: "run")
        }
        if command.finalizeArguments == nil && BuiltInHandlers.make(command.handler, finalizeArguments: nil) == nil {
            throw UsageError("unknown handler '\(command.handler)' (built in: \(BuiltInHandlers.names.joined(separator: ", ")))", command: "run")
        }
        return command
    }

    func execute(output: Output) -> Int32 {
        guard let scriptPath, let pagePath else { return PreprocessSim.ExitCode.usage }
        guard FileManager.default.isReadableFile(atPath: scriptPath), !isDirectory(scriptPath) else {
            output.error("\(scriptPath): error: cannot read the preprocessing script [script-unreadable]")
            return PreprocessSim.ExitCode.usage
        }
        let page: LoadedPage
        do {
            page = try PageLoader.load(path: pagePath, options: PageLoadOptions(url: url, encoding: encoding, contentType: contentType))
        } catch let error as PageLoadError {
            output.error("\(error.path): error: \(error.message) [\(error.code)]")
            return PreprocessSim.ExitCode.usage
        } catch {
            output.error("\(pagePath): error: \(error) [page-unreadable]")
            return PreprocessSim.ExitCode.usage
        }

        var fixedArguments: PropertyListValue?
        if let finalizeArguments {
            do {
                fixedArguments = try Self.readFinalizeArguments(finalizeArguments)
            } catch let error as UsageError {
                output.error("preprocess-sim: error: \(error.message)")
                return PreprocessSim.ExitCode.usage
            } catch {
                output.error("preprocess-sim: error: --finalize-args: \(error)")
                return PreprocessSim.ExitCode.usage
            }
        }
        let handlerName = finalizeArguments != nil ? "finalize-args" : handler
        guard let handlerInstance = BuiltInHandlers.make(handlerName, finalizeArguments: fixedArguments) else {
            output.error("preprocess-sim: error: unknown handler '\(handler)'")
            return PreprocessSim.ExitCode.usage
        }

        var request = RunRequest(scriptPath: scriptPath, page: page, handler: handlerInstance, handlerName: handlerName)
        if let selectText { request.selection = .text(selectText, occurrence: occurrence) }
        if let selectCSS { request.selection = .elementContents(selector: selectCSS) }
        request.timeout = timeout
        request.handlerTimeout = handlerTimeout
        request.confirmAnswer = confirmAnswer
        request.promptAnswer = promptAnswer
        request.cookie = cookie
        let transcript = Simulator().run(request)

        switch format {
        case .text:
            output.write(TextReport.render(transcript, colours: output.isTerminal))
        case .json:
            output.write(JSONReport.render(transcript))
        case .plist:
            output.write(PlistReport.render(transcript))
            for diagnostic in transcript.diagnostics { output.error(diagnostic.formatted) }
        }
        return transcript.succeeded ? PreprocessSim.ExitCode.success : PreprocessSim.ExitCode.failure
    }

    /// `--finalize-args '{"k":"v"}'`, `@file.json` or `@file.plist`.
    static func readFinalizeArguments(_ text: String) throws -> PropertyListValue {
        let value: PropertyListValue
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("--finalize-args: cannot read \(path)", command: "run")
            }
            if path.hasSuffix(".plist") || data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) {
                do { value = try PropertyListValue(propertyList: data) } catch {
                    throw UsageError("--finalize-args: \(path) is not a valid property list", command: "run")
                }
            } else {
                do { value = try PropertyListValue(json: data) } catch {
                    throw UsageError("--finalize-args: \(path) is not valid JSON (\(Self.describe(error)))", command: "run")
                }
            }
        } else {
            do { value = try PropertyListValue(json: Data(text.utf8)) } catch {
                throw UsageError("--finalize-args is not valid JSON (\(Self.describe(error)))", command: "run")
            }
        }
        guard value.dictionaryValue != nil else {
            throw UsageError("--finalize-args must be a JSON object or a plist dictionary (finalize receives a dictionary)", command: "run")
        }
        return value
    }

    private static func describe(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }
}

func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
}
