import Foundation
import PreprocessingKit

exit(PreprocessSim.main(Array(CommandLine.arguments.dropFirst())))
