import Foundation
import RefreshLab

exit(RefreshLabApp.main(arguments: Array(CommandLine.arguments.dropFirst())))
