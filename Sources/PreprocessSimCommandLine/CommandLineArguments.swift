import Foundation
import PreprocessingKit

/// A usage mistake: printed with the command's help hint, exit code 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var command: String?
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
    public var description: String { message }
}

/// Reads `--name value`, `--name=value` and `--flag` options after a subcommand.
struct ArgumentReader {
    private var arguments: [String]
    private(set) var positionals: [String] = []
    let command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// Consumes every option; `handle` returns false for names it does not know.
    mutating func parse(_ handle: (_ name: String, _ value: () throws -> String) throws -> Bool) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                return
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let currentIndex = index
            var consumed = false
            let value: () throws -> String = { [arguments, command] in
                if let inlineValue { return inlineValue }
                guard currentIndex < arguments.count else {
                    throw UsageError("option \(name) needs a value", command: command)
                }
                consumed = true
                return arguments[currentIndex]
            }
            guard try handle(name, value) else {
                throw UsageError("unknown option \(name)", command: command)
            }
            if consumed { index += 1 }
        }
    }
}

func parseNumber(_ text: String, option: String, command: String) throws -> Double {
    guard let number = Double(text), number.isFinite, number > 0 else {
        throw UsageError("\(option) takes a positive number of seconds, not '\(text)'", command: command)
    }
    return number
}

/// `--ios VERSION`, checked against the compatibility data (a version past its newest release
/// is refused with that explanation, not guessed).
func parseIOSVersion(_ text: String, command: String) throws -> IOSVersion {
    do {
        return try IOSCompatibility.validated(text)
    } catch {
        throw UsageError("--ios: \(error.description)", command: command)
    }
}

/// `--device iphone|ipad`; another word is refused with the list of devices.
func parseDevice(_ text: String, command: String) throws -> SimulatedDevice {
    guard let device = SimulatedDevice.named(text) else {
        throw UsageError("--device is one of \(SimulatedDevice.names), not '\(text)'", command: command)
    }
    return device
}
