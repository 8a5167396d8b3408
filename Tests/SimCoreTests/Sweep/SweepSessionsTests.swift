import Testing

@testable import SimCore

@Suite struct SweepSessionsTests {
  /// Two strategies over three traces and two networks: a trace's wait is its mean over the
  /// networks; across traces, the mean, percentiles and the paired interval are computed by
  /// hand here; stalls and long blanks count traces, not runs.
  @Test func perSessionFiguresAcrossTraces() throws {
    var table = SweepTable(fingerprint: "f", total: 12)
    let waits: [String: [[Double]]] = [
      "a": [[1, 3], [2, 2], [4, 6]],  // per trace: 2, 2, 5
      "b": [[1, 1], [1, 1], [2, 2]],  // per trace: 1, 1, 2
    ]
    var index = 0
    for strategy in ["a", "b"] {
      for trace in 0..<3 {
        for network in 0..<2 {
          var metrics = RunMetrics()
          metrics.strategy = strategy
          metrics.waitSeconds = waits[strategy]![trace][network]
          metrics.stallCount = strategy == "a" && trace == 0 && network == 1 ? 1 : 0
          metrics.timeToContent = strategy == "b" && trace == 2 ? [1.5] : [0.1]
          metrics.blankMaxSeconds = metrics.timeToContent[0]
          let configuration = SweepPlan.Configuration(
            index: index, strategy: strategy, parameters: [], network: network == 0 ? "wifi" : "3g", trace: trace,
            replicate: 0, seed: 1)
          table.add(configuration, traceName: "t\(trace).json", metrics: metrics)
          index += 1
        }
      }
    }
    let candidates = SweepSummary.candidates(table, objective: try Objective("wait_time"))
    let lines = SweepSessions.markdown(table, best: SweepSummary.best(candidates))
    let text = lines.joined(separator: "\n")
    #expect(text.contains("## Per session"))
    // a: traces 2, 2, 5: mean 3, p50 2, p90 5; against b (1, 1, 2): differences 1, 1, 3.
    let half = StudentT.twoSided(0.95, degreesOfFreedom: 2) * ((4.0 / 3) / 3).squareRoot()  // s² = 4/3
    #expect(
      text.contains(
        "| a | (defaults) | 3 | 3.00 | 2.00 | 5.00 | 5.00 | +1.67 ±\(NumberText.fixed(half, 2)) | 33 | 0 | 0 |"),
      "\(text)")
    #expect(text.contains("| b | (defaults) | 3 | 1.33 | 1.00 | 2.00 | 2.00 |  | 0 | 33 | 0 |"), "\(text)")
    // One trace is not a population: no section.
    var single = SweepTable(fingerprint: "f", total: 1)
    single.rows = table.rows.filter { $0.value.trace == "t0.json" }
    #expect(
      SweepSessions.markdown(
        single, best: SweepSummary.best(SweepSummary.candidates(single, objective: try Objective("wait_time")))
      ).isEmpty)
  }
}
