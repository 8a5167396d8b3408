import Foundation
import Testing

/// `scrollsim bench` (BenchCommand.swift) in-process: the timing table for a generated input and
/// for trace files (with the reading table), and its usage errors. Times are not checked (they
/// belong in docs/performance.md), only that each row is there and counts what ran.
@Suite struct BenchCommandTests {
  @Test func timesEachStrategyOnAGeneratedTrace() {
    let bench = scrollsim("bench", "--strategies", "threshold,smart", "--duration", "5", "--repetitions", "1")
    #expect(bench.status == 0, "\(bench.standardError)")
    let rows = bench.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| fling-stress") }
    #expect(rows.count == 2)
    #expect(rows.contains { $0.contains("| threshold |") } && rows.contains { $0.contains("| smart-range |") })
    // Simulated seconds are the generated trace's session, at least its 5 s.
    let simulated = rows.compactMap { Double($0.split(separator: "|")[2].trimmingCharacters(in: .whitespaces)) }
    #expect(simulated.count == 2 && simulated.allSatisfy { $0 >= 5 })
  }

  @Test func traceFilesAlsoGetTheirReadingSpeed() {
    let bench = scrollsim(
      "bench", "--strategies", "threshold", "--repetitions", "1", bundledTrace("lab/reader-60s.json"))
    #expect(bench.status == 0, "\(bench.standardError)")
    #expect(bench.standardOutput.contains("| reader-60s.json | threshold |"))
    #expect(bench.standardOutput.contains("| trace file | MB | read ms | MB / s |"))
  }

  @Test func usageErrorsExit64() {
    #expect(scrollsim("bench", "--strategies", "nosuch", "--duration", "1").status == 64)
    #expect(scrollsim("bench", "--repetitions", "0", "--duration", "1").status == 64)
    #expect(scrollsim("bench", "--duration", "-1").status == 64)
    #expect(scrollsim("bench", "--strategies", "threshold", bundledTrace("missing.json")).status == 66)
  }
}
