import Foundation
import Testing

@testable import SimCore

/// The engine knows strategies only through their protocols (`ListCallbacks`,
/// `SearchingStrategy`): no file of `Sources/SimCore/Engine` names a built-in strategy's type,
/// its catalog name in quotes or backticks, or the limit's search.
@Suite struct EngineNamesNoStrategyTests {
  @Test func noEngineFileNamesAStrategy() throws {
    let folder = GoldenTests.root.appendingPathComponent("Sources/SimCore/Engine")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10)
    var names = ["Clairvoyance", "Foresight", "LimitSchedule", "OracleStrategy"]
    for type in StrategyCatalog.builtIn.strategies {
      names.append(String(describing: type.swiftType!))
      for name in [type.info.name] + type.info.aliases { names += ["\"\(name)\"", "`\(name)`"] }
    }
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for name in names { #expect(!text.contains(name), "\(file) names \(name)") }
    }
  }
}
