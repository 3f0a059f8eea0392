import Foundation

// The standard library has no transcendental functions on Linux; Foundation forwards to the C
// library. Keeping them behind these names confines the Foundation import to this file.

@inline(__always) func _exp(_ x: Double) -> Double { Foundation.exp(x) }
@inline(__always) func _log(_ x: Double) -> Double { Foundation.log(x) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
@inline(__always) func _sqrt(_ x: Double) -> Double { x.squareRoot() }
@inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
