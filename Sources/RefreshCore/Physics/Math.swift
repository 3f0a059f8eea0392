#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The standard library has no transcendental functions on Linux; the C library has them.
// Keeping them behind these names confines the C import to this file (Foundation would bring
// its internationalization data into every process that links the core).

@inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inline(__always) func _log(_ x: Double) -> Double { log(x) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) func _sqrt(_ x: Double) -> Double { x.squareRoot() }
@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
