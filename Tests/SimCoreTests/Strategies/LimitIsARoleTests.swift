import Foundation
import Testing

@testable import SimCore

/// The limit is known by its role (`RunMetrics.limitRole`, `StrategyChoice.limit`), never by its
/// label: no source outside `Strategies/` spells its name as a string, so renaming it or adding
/// a second plan cannot leave a report, a chart or the tuner comparing labels.
@Suite struct LimitIsARoleTests {
  @Test func noSourceOutsideTheStrategiesSpellsTheLimitsName() throws {
    let info = OracleStrategy.info
    let spellings = ([info.name] + info.aliases).flatMap { ["\"\($0)\"", "\"\($0)(", "\"\($0)+", "+\($0)\""] }
    let roots = ["Sources/SimCore", "Sources/ScrollsimCLI"].map { GoldenTests.root.appendingPathComponent($0) }
    var checked = 0
    for root in roots {
      let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Strategies/") {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        for spelling in spellings {
          #expect(!text.contains(spelling), "\(root.lastPathComponent)/\(file) spells \(spelling)")
        }
        checked += 1
      }
    }
    #expect(checked > 200)
  }

  @Test func theLimitChoiceIsTheCatalogsLimit() throws {
    #expect(StrategyChoice.limit.isLimit)
    #expect(try StrategyCatalog.builtIn.canonicalName(OracleStrategy.info.name) == StrategyChoice.limit.name)
  }
}
