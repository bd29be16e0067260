import Foundation
import PreprocessSimCommandLine

exit(PreprocessSim.main(Array(CommandLine.arguments.dropFirst())))
