import Foundation
import SimCore

/// What the scenario options say on stderr about the traces they will run: options that cannot
/// change a trace's run, and traces that cannot tell strategies apart.
extension ScenarioOptions {
  /// Says on stderr which of the options given cannot change a trace's run: physics and the
  /// velocity estimator act on touches, and an offsets trace replays recorded content offsets.
  func noteOptionsWithoutEffect(on traces: [NamedTrace]) {
    let given = [physics.map { "--physics \($0)" }, velocity.map { "--velocity \($0.rawValue)" }].compactMap { $0 }
    guard !given.isEmpty else { return }
    for named in traces {
      guard case .offsets = named.trace.input else { continue }
      printNote(
        "\(given.joined(separator: " and ")) \(given.count == 1 ? "has" : "have") no effect on \(named.name): it replays recorded content offsets, not touches"
      )
    }
  }

  /// Says on stderr which traces cannot tell strategies apart over `scenario`
  /// (`TraceReach.warning`): the first page's end never reached, or few rows shown.
  /// Each trace's reach is a run of its own: on `jobs` threads, as the comparison's runs are.
  func noteTracesThatCannotSeparate(
    _ traces: [NamedTrace], scenario: Scenario, jobs: Int = BatchControl.defaultThreads
  ) throws(SimError) {
    let options = try simulationOptions()
    let reaches = try TraceReach.of(traces.map(\.trace), scenario: scenario, options: options, jobs: jobs)
    for (named, reach) in zip(traces, reaches) {
      if let warning = reach.warning { printNote("warning: \(named.name): \(warning)") }
    }
  }
}
