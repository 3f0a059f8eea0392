import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tuning panel edits: the core's tuning and the simulated server, as one value, so a
/// change to either is one step the panel can check before anything is applied.
struct StudioValues: Sendable, Equatable {
  /// The controller's constants.
  var tuning: Tuning
  /// The built-in data source's settings.
  var data: DataSourceConfiguration
  /// What the export key writes.
  var exportFormat = ExportFormat.json
  /// Which header the table draws.
  var headerName = LabHeaders.defaultName
}
