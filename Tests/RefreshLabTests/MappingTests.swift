import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// docs/exports/MAPPING.md is written from the exporters' tables: a table edited without the
/// document, or the document edited by hand, fails here. `make mapping` writes it anew (it runs
/// this test with REFRESHLAB_WRITE_MAPPING=1).
@Suite struct MappingTests {
  @Test func mappingMdIsTheExportersTables() throws {
    let path = RepositoryFile.path("docs/exports/MAPPING.md")
    let expected = ExportMapping.markdown()
    if ProcessInfo.processInfo.environment["REFRESHLAB_WRITE_MAPPING"] != nil {
      try expected.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let current = try String(contentsOfFile: path, encoding: .utf8)
    #expect(current == expected, "docs/exports/MAPPING.md is stale: run `make mapping`")
  }

  /// Every row names a setting, a meaning and a source file; every lab key it names is a key.
  @Test func everyRowIsComplete() {
    let keys = Set(Tuning.allKeys)
    for exporter in ExportMapping.exporters {
      for rule in exporter.rules {
        #expect(
          !rule.setting.isEmpty && !rule.meaning.isEmpty && !rule.source.isEmpty,
          "\(exporter.library): \(rule.setting)")
        for key in rule.keys {
          #expect(keys.contains(key), "\(exporter.library) \(rule.setting): no key \(key)")
        }
      }
    }
  }
}
