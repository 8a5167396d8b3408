/// Measures the engine's speed per strategy: simulated seconds per wall-clock second and
/// wall nanoseconds per engine event, best of `repetitions` runs (the least disturbed by
/// other work on a shared machine). Figures go to `docs/performance.md`, not to tests.
public enum Benchmark {
  public struct Figure: Sendable {
    public var strategy: String
    public var simulatedSeconds: Double
    public var wallSeconds: Double
    public var events: Int
    public var simulatedPerWall: Double { wallSeconds > 0 ? simulatedSeconds / wallSeconds : 0 }
    public var nanosecondsPerEvent: Double { events > 0 ? wallSeconds * 1e9 / Double(events) : 0 }
  }

  public static func run(
    trace: NamedTrace, scenario: Scenario, strategies: [StrategyChoice], repetitions: Int,
    options: SimulationOptions
  ) throws(SimError) -> [Figure] {
    let clock = ContinuousClock()
    var figures: [Figure] = []
    for strategy in strategies {
      var best = Double.infinity
      var metrics = RunMetrics()
      for _ in 0..<max(1, repetitions) {
        let start = clock.now
        metrics = try Simulation.run(
          trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: strategy,
          options: options
        ).metrics
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
      }
      figures.append(
        Figure(
          strategy: strategy.label, simulatedSeconds: metrics.sessionSeconds, wallSeconds: best, events: metrics.events)
      )
    }
    return figures
  }

  public static func table(_ figures: [Figure]) -> String {
    var lines = [
      "| strategy | simulated s | wall ms | events | simulated s / wall s | ns / event |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for f in figures {
      lines.append(
        "| \(f.strategy) | \(Report.fixed(f.simulatedSeconds, 1)) | \(Report.fixed(f.wallSeconds * 1000, 1)) | \(f.events) | \(Report.fixed(f.simulatedPerWall, 0)) | \(Report.fixed(f.nanosecondsPerEvent, 0)) |"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
