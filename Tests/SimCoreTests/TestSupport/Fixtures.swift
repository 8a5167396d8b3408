@testable import SimCore

/// Small hand-made inputs whose outcomes can be computed by hand.
enum Fixtures {
  /// A drag at constant speed: began at `start`, then one `moved` sample every `interval`
  /// seconds moving the finger up by `step` pt (content scrolls down), then the finger holds
  /// still for `hold` s (> 40 ms, so it releases with zero velocity) and lifts.
  static func constantDrag(
    start: Double, steps: Int, step: Double, interval: Double, hold: Double = 0.1, fromY: Double = 10_000
  ) -> [TouchSample] {
    var samples = [TouchSample(t: start, y: fromY, phase: .began)]
    for k in 1...steps {
      samples.append(TouchSample(t: start + Double(k) * interval, y: fromY - Double(k) * step, phase: .moved))
    }
    samples.append(
      TouchSample(t: start + Double(steps) * interval + hold, y: fromY - Double(steps) * step, phase: .ended))
    return samples
  }

  /// A scenario with uniform rows, fixed latencies and free rendering.
  static func scenario(
    itemHeight: Double = 100, pageSize: Int, initialItems: Int, totalItems: Int?, pageLatency: Double,
    contentLatency: Double, renderTime: Double = 0, policy: StallPolicy = .wait
  ) -> Scenario {
    var scenario = Scenario()
    scenario.list = ListSpec(heights: .uniform(itemHeight), columns: 1)
    scenario.feed = FeedSpec(kind: .append, pageSize: pageSize, initialItems: initialItems, totalItems: totalItems)
    // No link: latencies are exactly the given ones, sizes cost no time.
    scenario.network.link = NetworkProfiles.named("none")!
    scenario.network.page = EndpointSpec(latency: .fixed(pageLatency), bytes: .fixed(1000), maxInFlight: 2)
    scenario.network.content = EndpointSpec(latency: .fixed(contentLatency), bytes: .fixed(10_000), maxInFlight: 100)
    scenario.cell = CellSpec(hasContent: true, renderTime: .fixed(renderTime), renderWorkers: 4)
    scenario.stall = StallSpec(policy: policy, giveUpAfter: 30)
    return scenario
  }

  static func trace(_ touches: [TouchSample], viewportHeight: Double, refreshRate: Int = 50) -> Trace {
    Trace(
      device: Device(viewportWidth: 100, viewportHeight: viewportHeight, refreshRate: refreshRate),
      input: .touches(touches))
  }

  static func run(
    _ strategy: String, params: [String] = [], trace: Trace, scenario: Scenario, seed: UInt64 = 1, events: Bool = false
  ) throws -> RunResult {
    try Simulation.run(
      trace: trace, traceName: "test", scenario: scenario, strategy: StrategyChoice(name: strategy, parameters: params),
      options: SimulationOptions(seed: seed, recordEvents: events))
  }

  /// The parsed events named `name` from a run's timeline.
  static func events(_ result: RunResult, named name: String) throws -> [JSONCursor] {
    try result.events.map { JSONCursor(try JSONParser.parse($0.line)) }.filter { try $0["event"].string() == name }
  }
}
