import Foundation
import Testing

@testable import SimCore

/// The one metric table: `docs/metrics.md` documents exactly its keys, JSON and CSV carry its
/// stored keys, and every table shows the same number under the same header.
@Suite struct MetricTableTests {
  /// The keys in the first column of `docs/metrics.md`'s "Keys" table (a row may name several).
  static func documentedKeys() throws -> [String] {
    let text = try String(
      contentsOf: GoldenTests.root.appendingPathComponent("docs/metrics.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## Keys").dropFirst().first)
    var keys: [String] = []
    for line in section.components(separatedBy: "\n").dropFirst() {
      if line.hasPrefix("## ") { break }
      guard line.hasPrefix("| `") else { continue }
      let first = line.dropFirst(2).components(separatedBy: " |")[0]
      keys += first.components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
    }
    return keys
  }

  @Test func theDocsListExactlyTheTablesKeys() throws {
    let documented = try Self.documentedKeys()
    #expect(documented.count == Set(documented).count, "a key documented twice")
    #expect(Set(documented) == Set(Metric.all.map(\.key)))
  }

  @Test func jsonAndCSVCarryTheStoredKeysInTableOrder() throws {
    #expect(RunMetrics.keys == Metric.all.filter(\.isStored).map(\.key))
    #expect(RunMetrics().fields.map(\.0) == RunMetrics.keys)
    for metric in Metric.all where !metric.isStored {
      #expect(metric.parts.allSatisfy { Metric.named($0)?.isStored == true }, "\(metric.key)")
    }
  }

  /// `wasted` is content + page requests in the plain, the replicated and the sweep tables.
  @Test func wastedMeansOneThingEverywhere() throws {
    var run = RunMetrics()
    run.wastedContentRequests = 7
    run.wastedPageRequests = 3
    let wasted = try #require(Metric.named("wastedRequests"))
    #expect(wasted.value(run) == 10)
    #expect(wasted.value(in: ["wastedContentRequests": 7, "wastedPageRequests": 3]) == 10)
    for view in [Metric.table, Metric.replicatedTable, Metric.sweepTable] {
      #expect(view.filter { $0.column?.header == "wasted" }.map(\.key) == ["wastedRequests"])
    }
    let grid = Report.grid([run], columns: Metric.table)
    #expect(grid.rows[0][try #require(grid.header.firstIndex(of: "wasted"))] == "10")
    let replicated = ReplicatesReport.grid(
      [ReplicatedRow(strategy: "s", trace: "t", runs: [run, run])], ties: [[]], columns: Metric.replicatedTable)
    #expect(replicated.rows[0][try #require(replicated.header.firstIndex(of: "wasted"))] == "10.0 ±0.0")
    #expect(try Objective("wasted_requests").value(Gate.Row.values(run)) == 10)
  }

  /// A header names one metric in every table that shows it.
  @Test func aHeaderNamesOneMetric() {
    var owner: [String: String] = [:]
    for metric in Metric.all {
      guard let header = metric.column?.header else { continue }
      #expect(owner[header] == nil, "\(header): \(owner[header] ?? "") and \(metric.key)")
      owner[header] = metric.key
    }
  }
}
