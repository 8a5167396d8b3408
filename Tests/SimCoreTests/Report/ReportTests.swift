import Foundation
import Testing

@testable import SimCore

@Suite struct ReportTests {
  func sample() -> RunMetrics {
    var metrics = RunMetrics()
    metrics.strategy = "smart-range"
    metrics.trace = "a,b.json"
    metrics.blankCellSeconds = 0.1 + 0.2
    metrics.timeToContent = [0.1, 0.2, 0.3, 0.4]
    return metrics
  }

  @Test func csvHasEveryKeyInOrderAndQuotesFields() {
    let lines = Report.render([sample()], format: .csv).split(separator: "\n")
    #expect(lines[0] == RunMetrics.keys.joined(separator: ","))
    // seed, wait, over limit, the eight frame metrics, session, blank
    #expect(lines[1].hasPrefix("smart-range,\"a,b.json\",0,0,,0,0,0,0,0,0,0,0,0,0.3,"))
  }

  @Test func jsonKeepsTheDocumentedKeys() throws {
    let single = JSONCursor(try JSONParser.parse(Report.render([sample()], format: .json, single: true)))
    #expect(try single.keys() == ["format", "version"] + RunMetrics.keys)
    #expect(try single["format"].string() == "scrollsim-run")
    #expect(try single["ttcP50"].double() == 0.2)
    #expect(try single["ttcP95"].double() == 0.4)
    let many = JSONCursor(try JSONParser.parse(Report.render([sample()], summary: [sample()], format: .json)))
    #expect(try many.keys() == ["format", "version", "runs", "sumsOverTraces"])
    // No time-to-content sample: null, not zero.
    let empty = JSONCursor(try JSONParser.parse(Report.render([RunMetrics()], format: .json, single: true)))
    #expect(empty["ttcP50"].value == .null)
  }

  @Test func tableAndMarkdown() {
    let table = Report.render([sample()], format: .table)
    #expect(table.contains("smart-range"))
    #expect(table.contains("0.30"))
    let markdown = Report.render([sample()], format: .md).split(separator: "\n")
    #expect(markdown[0].hasPrefix("|  | strategy | trace | wait s |"))
    #expect(markdown[1] == "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    #expect(markdown.count == 3)
  }

  /// Fixed-point text for every Double: no trap on NaN, infinities or magnitudes past Int64.
  @Test func fixedFormatsAnyDouble() {
    #expect(NumberText.fixed(1.005, 2) == "1.00" || NumberText.fixed(1.005, 2) == "1.01")
    #expect(NumberText.fixed(-0.004, 2) == "0.00")
    #expect(NumberText.fixed(2.5, 0) == "3")
    #expect(NumberText.fixed(.nan, 2) == "–")
    #expect(NumberText.fixed(.infinity, 1) == "inf")
    #expect(NumberText.fixed(-.infinity, 1) == "-inf")
    #expect(NumberText.fixed(1e20, 2) == "100000000000000000000.00")
    #expect(NumberText.fixed(-1e300, 0).hasPrefix("-1000000000"))
    #expect(NumberText.fixed(.greatestFiniteMagnitude, 3).hasSuffix(".000"))
  }

  @Test func nearestRankPercentiles() {
    #expect(Percentile.nearestRank([], 0.5) == nil)
    #expect(Percentile.nearestRank([3, 1, 2], 0.5) == 2)
    #expect(Percentile.nearestRank(Array(1...100).map(Double.init), 0.95) == 95)
    #expect(Percentile.nearestRank([5], 0.95) == 5)
  }

  /// `scrollsim physics` without `--preset`: one line per preset and velocity, each in its unit.
  @Test func physicsOfEveryPreset() throws {
    let presets = try PhysicsPresets.names.map { name in
      let physics = try PhysicsPresets.lookup(name)
      return (name: name, unit: physics.unit, rows: PhysicsReport.rows(physics: physics, velocities: [1000, 4000]))
    }
    let lines = PhysicsReport.render(presets: presets, format: .csv).split(separator: "\n")
    #expect(lines.first == "preset,unit,velocity,distance,duration,target")
    #expect(lines.count == 1 + 2 * PhysicsPresets.names.count)
    #expect(lines[1] == "ios,pt,1000.0,494.02,2.3010,494.02")
    let table = PhysicsReport.render(presets: presets, format: .table)
    #expect(table.split(separator: "\n").count == 1 + 2 * PhysicsPresets.names.count)
  }
}
