import Foundation
import SimCore

/// The work any short trace may cost (issue 30): every built-in strategy, the limit included,
/// over the default scenario, in under `seconds` of wall time and `megabytes` of memory above
/// what the process held before, on the machine the fuzzer runs on (release build).
///
/// Checked by the `simulate` target under the fuzzer (`Fuzz/run`): a trace past the budget
/// stops the fuzzer, which saves it as a finding. Replays in `swift test` (debug builds, many
/// times slower) run the strategies without timing them. `.ci/bounded-work.py` checks the same
/// budget on the release CLI over seeded random traces.
enum RunBudget {
  static let maxSamples = 20
  static let seconds = 1.0
  static let megabytes = 200.0
  /// How much slower the fuzzer's build runs than a release build: libFuzzer's coverage
  /// instrumentation (`--sanitize=fuzzer`) counts every edge. Measured on the input in
  /// `Fuzz/Regressions/simulate/held-drag-480hz.json`: every strategy and the limit take
  /// 0.27 s with the release CLI (`compare --serial`) and 1.03 s under the fuzzer, 3.8×; the
  /// budget under the fuzzer is `seconds` × 4, so it still bounds the release build's 1 s.
  static let instrumentedSlowdown = 4.0

  /// Runs every strategy on `trace` if it has at most `maxSamples` samples; under the fuzzer,
  /// traps when that takes longer or more memory than the budget.
  static func check(_ trace: Trace) {
    let samples: Int
    switch trace.input {
    case .touches(let touches): samples = touches.count
    case .offsets(let offsets): samples = offsets.count
    }
    guard samples <= maxSamples else { return }
    guard let strategies = try? StrategyCatalog.builtIn.choices("all") else { return }
    #if FUZZING
      let before = Memory.residentBytes()
      Memory.resetPeak()
      let start = ContinuousClock.now
    #endif
    _ = try? Comparison.run(
      traces: [NamedTrace(name: "fuzz", trace: trace)], scenario: .default, strategies: strategies, jobs: 1)
    #if FUZZING
      let elapsed = start.duration(to: .now)
      let grown = Double(Memory.peakBytes() - before) / 1_048_576
      if elapsed > .seconds(seconds * instrumentedSlowdown) || grown > megabytes {
        fatalError(
          "over the budget of a short trace: \(elapsed), \(Int(grown)) MB (at most 1 s on a release build, \(instrumentedSlowdown)× that under the fuzzer's instrumentation, and 200 MB)"
        )
      }
    #endif
  }
}

/// The process's memory, from Linux's /proc (0 where it cannot be read).
enum Memory {
  static func residentBytes() -> Int { status("VmRSS:") }
  static func peakBytes() -> Int { status("VmHWM:") }

  /// Sets the peak (VmHWM) to the current resident size (Linux ≥ 4.0, `proc(5)`, clear_refs 5).
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  private static func status(_ key: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
      let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
  }
}
