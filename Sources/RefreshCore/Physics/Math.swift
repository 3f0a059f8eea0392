import RealModule

// The standard library has no transcendental functions; swift-numerics' RealModule has them on
// every platform, without Foundation (whose internationalization data would come into every
// process that links the core) and without a platform's C library. These names keep the import
// to this file.

@inline(__always) func _exp(_ x: Double) -> Double { .exp(x) }
@inline(__always) func _log(_ x: Double) -> Double { .log(x) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { .pow(x, y) }
@inline(__always) func _sqrt(_ x: Double) -> Double { x.squareRoot() }
@inline(__always) func _sin(_ x: Double) -> Double { .sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { .cos(x) }
@inline(__always) func _erf(_ x: Double) -> Double { .erf(x) }
