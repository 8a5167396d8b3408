import Foundation
import Testing

@testable import SimCore

/// The history file and its trend: entries keep the headline rows' means and read back; the
/// drawing marks where the inputs changed.
@Suite struct HistoryTests {
  static func comparison(wait: Double, scenario: String = "0123456789abcdef") -> Baseline {
    let rows = [
      Gate.Row(strategy: "a", trace: "t1", seeds: [1, 2], runs: [["waitSeconds": wait], ["waitSeconds": wait + 2]]),
      Gate.Row(
        strategy: "a", trace: "sum over 2 traces", seeds: [1, 2],
        runs: [["waitSeconds": wait, "bytes": 1], ["waitSeconds": wait + 2]]),
      Gate.Row(
        strategy: "b", trace: "sum over 2 traces", seeds: [1, 2],
        runs: [["waitSeconds": 2 * wait], ["waitSeconds": 2 * wait]]),
    ]
    let provenance = Provenance(
      version: "0.2.0", command: "scrollsim compare", scenario: scenario, seed: 1, replicates: 2,
      traces: [("t1", "aaaaaaaaaaaaaaaa"), ("t2", "bbbbbbbbbbbbbbbb")])
    return Baseline(provenance: provenance, rows: rows)
  }

  @Test func entriesKeepTheHeadlineMeansAndReadBack() throws {
    let entry = HistoryEntry(Self.comparison(wait: 3), label: "abc123", date: "2026-11-24")
    // The rows over traces only; a metric missing in one replicate is left out.
    #expect(entry.rows.map(\.strategy) == ["a", "b"])
    #expect(entry.rows[0].means == ["waitSeconds": 4])
    #expect(entry.replicates == 2)
    let text = entry.line + "\n" + HistoryEntry(Self.comparison(wait: 5), label: "def456", date: nil).line + "\n"
    let read = try HistoryEntry.read(text, file: "h.jsonl")
    #expect(read.map(\.label) == ["abc123", "def456"])
    #expect(read[0].line == entry.line)
    #expect(read[1].rows[1].means["waitSeconds"] == 10)
    #expect(!read[1].inputsDiffer(from: read[0]))
    let changed = HistoryEntry(Self.comparison(wait: 5, scenario: "fedcba9876543210"), label: "x", date: nil)
    #expect(changed.inputsDiffer(from: read[0]))
  }

  @Test func aBadLineIsNamed() {
    let good = HistoryEntry(Self.comparison(wait: 3), label: "a", date: nil).line
    #expect {
      try HistoryEntry.read(
        good + "\n" + good.replacingOccurrences(of: "\"replicates\":2", with: "\"replicates\":0"), file: "h.jsonl")
    } throws: { error in
      "\(error)".contains("h.jsonl") && "\(error)".contains("line 2 $.replicates")
    }
    #expect(throws: SimError.self) { try HistoryEntry.read("{\"format\": \"scrollsim-run\"}", file: "h.jsonl") }
  }

  /// A line per strategy through each entry's value, and the dashed mark where inputs changed.
  @Test func theTrendDrawsEachStrategyAndMarksChangedInputs() throws {
    let entries = [
      HistoryEntry(Self.comparison(wait: 3), label: "one", date: nil),
      HistoryEntry(Self.comparison(wait: 4), label: "two", date: nil),
      HistoryEntry(Self.comparison(wait: 4, scenario: "fedcba9876543210"), label: "three", date: nil),
    ]
    let svg = HistorySVG.render(entries, metric: try Objective("wait_time"), metricText: "wait_time")
    #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
    #expect(svg.contains("a 4.00 → 5.00") && svg.contains("b 6.00 → 8.00"))
    #expect(svg.components(separatedBy: "inputs changed").count - 1 == 2)  // the subtitle and one mark
    #expect(svg.contains("<title>b at two: 8.000</title>"))
    let only = HistorySVG.render(
      entries, metric: try Objective("wait_time"), metricText: "wait_time", strategies: ["b"])
    #expect(only.components(separatedBy: "<polyline").count - 1 == 1)
  }
}
