import RefreshLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

RefreshLabApp.end(RefreshLabApp.main(arguments: Array(CommandLine.arguments.dropFirst())))
