import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data source's settings that can change while it runs. The initial row count and the seed
/// only mean something at start-up, so the panel leaves them out.
enum DataSourceField: String, Sendable, CaseIterable {
  case latency
  case failRate
  case pageSize
  case total

  var unit: String {
    switch self {
    case .latency: "s"
    case .failRate: ""
    case .pageSize, .total: "rows"
    }
  }

  var step: Double {
    switch self {
    case .latency: 0.05
    case .failRate: 0.01
    case .pageSize: 1
    case .total: 10
    }
  }

  /// The slider's span before it is widened to hold the value the run started with (the
  /// command line accepts any page size or total, the slider should not cut them).
  var baseRange: ClosedRange<Double> {
    switch self {
    case .latency: 0...10
    case .failRate: 0...1
    case .pageSize: 1...200
    case .total: 0...1000
    }
  }

  func value(in data: DataSourceConfiguration) -> Double {
    switch self {
    case .latency: data.latency
    case .failRate: data.failureRate
    case .pageSize: Double(data.pageSize)
    case .total: Double(data.total)
    }
  }

  func setting(_ value: Double, in data: DataSourceConfiguration) -> DataSourceConfiguration {
    var data = data
    switch self {
    case .latency: data.latency = value
    case .failRate: data.failureRate = value
    case .pageSize: data.pageSize = Int(value.rounded())
    case .total: data.total = Int(value.rounded())
    }
    return data
  }
}
