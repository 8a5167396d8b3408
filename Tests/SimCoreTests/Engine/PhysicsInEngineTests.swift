import Foundation
import Testing

@testable import SimCore

/// The presets inside whole runs: strategies see the same callbacks, the content moves as the
/// platform moves it.
@Suite struct PhysicsInEngineTests {
  func offsets(_ result: RunResult) throws -> [Double] {
    result.events.map(\.offset)
  }

  /// Android's 8 dp touch slop: a 20 dp drag moves the content 12 dp; iOS has none.
  @Test func touchSlop() throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0)
    let touches = Fixtures.constantDrag(start: 0.1, steps: 10, step: 2, interval: 0.02)
    for (physics, moved) in [("android", 12.0), ("ios", 20.0), ("flutter-android", 2.0)] {
      let trace = Fixtures.trace(touches, viewportHeight: 400)
      let result = try Simulation.run(
        trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(name: "infinite", parameters: []),
        options: SimulationOptions(recordEvents: true, physics: physics))
      let end = try Fixtures.events(result, named: "drag-end")
      #expect(abs(try end[0]["offset"].double() - moved) < 1e-9, "\(physics)")
    }
  }

  /// A fling toward the top from near the top: iOS bounces past the edge (negative offsets)
  /// and springs back to 0; Android stops at 0.
  @Test func bounceAtTheTop() throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0)
    var touches = Fixtures.constantDrag(start: 0.1, steps: 30, step: 10, interval: 1.0 / 120, hold: 0.1)
    // Then flick upward (finger moves down) fast and lift while moving.
    let start = touches.last!.t + 0.5
    touches.append(TouchSample(t: start, y: 100, phase: .began))
    for k in 1...6 {
      touches.append(
        TouchSample(t: start + Double(k) / 120, y: 100 + Double(k * k) * 8, phase: k == 6 ? .ended : .moved))
    }
    let trace = Fixtures.trace(touches, viewportHeight: 400, refreshRate: 120)
    for physics in ["ios", "flutter-ios", "android", "chromium"] {
      let result = try Simulation.run(
        trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(name: "smart", parameters: []),
        options: SimulationOptions(recordEvents: true, physics: physics))
      let lowest = try offsets(result).min()!
      let bounces = physics.hasSuffix("ios")
      #expect(bounces ? lowest < -5 : lowest == 0, "\(physics): \(lowest)")
      #expect(try Fixtures.events(result, named: "decelerate-end").count == 1, "\(physics)")
      #expect(try offsets(result).last == 0, "\(physics)")
    }
  }

  /// A quick flick (about 5400 pt/s at release) from the top of a 400 pt viewport: it passes
  /// offset 600 (the end of ten 100 pt rows) on every preset.
  private var flickTrace: Trace {
    var touches: [TouchSample] = [TouchSample(t: 0.1, y: 300, phase: .began)]
    for k in 1...8 {
      touches.append(TouchSample(t: 0.1 + Double(k) / 120, y: 300 - Double(k * k) * 3, phase: k == 8 ? .ended : .moved))
    }
    return Fixtures.trace(touches, viewportHeight: 400, refreshRate: 120)
  }

  /// A fling into the end of the loaded content with more on the server stalls on every
  /// platform; bouncing ones overshoot the end meanwhile, clamping ones stop at it.
  @Test func flingIntoTheEndStalls() throws {
    let scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 100, pageLatency: 1.0, contentLatency: 0)
    for physics in PhysicsPresets.names {
      let result = try Simulation.run(
        trace: flickTrace, traceName: "t", scenario: scenario,
        strategy: StrategyChoice(name: "infinite", parameters: []),
        options: SimulationOptions(recordEvents: true, physics: physics))
      #expect(result.metrics.stallCount >= 1, "\(physics)")
      let stallEnd = try #require(try Fixtures.events(result, named: "stall-end").first?["t"].double())
      let held = try result.events.map { JSONCursor(try JSONParser.parse($0.line)) }
        .filter { try $0["t"].double() < stallEnd }.map { try $0["offset"].double() }
      let highest = try #require(held.max())
      let bounces = ["ios", "ios-fast", "flutter-ios"].contains(physics)
      #expect(bounces ? highest > 600.5 : highest <= 600, "\(physics): \(highest)")
    }
  }

  /// Under the `wait` policy a stall delays the user's path but never shortens it: the fling
  /// the end stopped goes on when the page lands (`fling-resume`) and rests where it rests
  /// with every row loaded from the start, later by the stall.
  @Test func aStallDelaysAFlingWithoutShorteningIt() throws {
    let free = Fixtures.scenario(
      pageSize: 90, initialItems: 100, totalItems: 100, pageLatency: 1.0, contentLatency: 0)
    let stalled = Fixtures.scenario(
      pageSize: 90, initialItems: 10, totalItems: 100, pageLatency: 1.0, contentLatency: 0)
    for physics in PhysicsPresets.names {
      func run(_ scenario: Scenario) throws -> RunResult {
        try Simulation.run(
          trace: flickTrace, traceName: "t", scenario: scenario,
          strategy: StrategyChoice(name: "infinite", parameters: []),
          options: SimulationOptions(recordEvents: true, physics: physics))
      }
      let freeRun = try run(free)
      let stalledRun = try run(stalled)
      #expect(stalledRun.metrics.stallCount == 1, "\(physics)")
      #expect(try Fixtures.events(stalledRun, named: "fling-resume").count == 1, "\(physics)")
      let freeRest = try #require(try offsets(freeRun).last)
      let stalledRest = try #require(try offsets(stalledRun).last)
      #expect(freeRest > 600 && abs(freeRest - stalledRest) < 1e-6, "\(physics): \(freeRest) \(stalledRest)")
      #expect(
        abs(stalledRun.metrics.sessionSeconds - freeRun.metrics.sessionSeconds - stalledRun.metrics.stallSeconds)
          < 1.0 / 60, "\(physics)")
    }
  }

  /// A flick on `chromium` rests where headless Chromium (Linux, 96 px/in, an 844 px viewport)
  /// rested the same touches, sent through the DevTools protocol with these timestamps: from
  /// y = 700, eight moves of v/60 px at 60 Hz, lifted with the last. Measured there: 300 px/s
  /// → 44 px, 500 → 103, 1000 → 315, 2000 → 1024, 4000 → 3082, 6000 → 3365. Each is the finger's
  /// travel − 15 px of slop + 8 ms of resampling lead + v²/2a (at most 3 · 844 px).
  @Test(arguments: [(300.0, 44.0), (500, 103), (1000, 315), (2000, 1024), (4000, 3082), (6000, 3365)])
  func chromiumFlickRestsWhereChromiumRestedIt(velocity: Double, measured: Double) throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0)
    var touches = [TouchSample(t: 0.1, y: 700, phase: .began)]
    for k in 1...8 {
      touches.append(TouchSample(t: 0.1 + Double(k) / 60, y: 700 - velocity * Double(k) / 60, phase: .moved))
    }
    touches.append(TouchSample(t: touches.last!.t, y: touches.last!.y, phase: .ended))
    let result = try Simulation.run(
      trace: Fixtures.trace(touches, viewportHeight: 844, refreshRate: 60), traceName: "t", scenario: scenario,
      strategy: StrategyChoice(name: "infinite", parameters: []),
      options: SimulationOptions(recordEvents: true, physics: "chromium"))
    let rest = try #require(try offsets(result).last)
    #expect(abs(rest - measured) <= 1, "\(velocity) px/s: \(rest)")
  }

  /// Flicks that catch the fling before go further: three flicks of 3000 px/s (eight moves at
  /// 120 Hz) a second apart boost to 6000 and 9000 px/s (`FlingBooster`), and the bound grows
  /// with them (2 and 3 times three viewports). Headless Chromium rested the same touches at
  /// 13 532 and 13 580 px in two runs (paced in real time; without boosting they would rest
  /// near 5700).
  @Test func chromiumBoostsAFlingCaughtAndFlungOn() throws {
    let scenario = Fixtures.scenario(
      pageSize: 1000, initialItems: 1000, totalItems: 1000, pageLatency: 0.1, contentLatency: 0)
    var touches: [TouchSample] = []
    for flick in 0..<3 {
      let start = 0.2 + Double(flick)
      touches.append(TouchSample(t: start, y: 700, phase: .began))
      for k in 1...8 { touches.append(TouchSample(t: start + Double(k) / 120, y: 700 - 25 * Double(k), phase: .moved)) }
      touches.append(TouchSample(t: start + 8.0 / 120, y: 500, phase: .ended))
    }
    let result = try Simulation.run(
      trace: Fixtures.trace(touches, viewportHeight: 844, refreshRate: 60), traceName: "t", scenario: scenario,
      strategy: StrategyChoice(name: "infinite", parameters: []),
      options: SimulationOptions(recordEvents: true, physics: "chromium"))
    let velocities = try Fixtures.events(result, named: "drag-end").map { try $0["velocity"].double() }
    #expect(
      velocities.count == 3 && abs(velocities[1] - 2 * velocities[0]) < 1 && abs(velocities[2] - 3 * velocities[0]) < 1)
    let rest = try #require(try offsets(result).last)
    #expect(rest > 13_532 * 0.99 && rest < 13_580 * 1.01, "\(rest)")
  }

  /// `--velocity` picks the estimator; the default is the platform's.
  @Test func velocityTrackerChoice() throws {
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 5, seed: 3)
    func firstRelease(_ physics: String, _ tracker: VelocityTrackerKind?) throws -> Double {
      let result = try Simulation.run(
        trace: trace, traceName: "t", scenario: .default, strategy: StrategyChoice(name: "infinite", parameters: []),
        options: SimulationOptions(recordEvents: true, physics: physics, velocityTracker: tracker))
      return try Fixtures.events(result, named: "drag-end")[0]["velocity"].double()
    }
    #expect(try firstRelease("ios", nil) == firstRelease("ios", .iosWeighted))
    #expect(try firstRelease("ios", .lsq2) != firstRelease("ios", .iosWeighted))
    #expect(try firstRelease("android", nil) == firstRelease("android", .impulse))
  }

  /// `scrollsim compare --physics NAME` runs on every trace in Traces/, for every preset (one
  /// test case per preset, so that the presets run side by side), on each trace's first 10 s:
  /// a preset acts at each release, and every trace has released several times by then (checked
  /// below; the whole traces took a quarter of the suite, their first 30 s a tenth; the goldens
  /// run them whole on their own physics).
  @Test(arguments: PhysicsPresets.names)
  func everySampleTraceRunsOnEveryPreset(physics: String) throws {
    let folder = PackageRoot.url("Traces")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    #expect(files.count >= 5)
    let traces = try files.map {
      NamedTrace(
        name: $0,
        trace: try TraceTools.slice(Trace.load(path: folder.appendingPathComponent($0).path), from: 0, to: 10))
    }
    for trace in traces {
      // A recorded scroll offset (not a finger) is replayed, not flung: no release to count.
      guard case .touches(let touches) = trace.trace.input else { continue }
      let releases = touches.filter { $0.phase == .ended }.count
      #expect(releases >= 3, "\(trace.name) releases \(releases) times in its first 10 s")
    }
    // Each run alone, without the clairvoyant limit a comparison adds: its search runs a trace
    // a hundred times, and Chromium's boosted flings take fling-stress through millions of px
    // (OracleTests check the oracle).
    let strategies = try StrategyCatalog.builtIn.choices("all").filter { !$0.isLimit }
    for trace in traces {
      for strategy in strategies {
        let metrics = try Simulation.run(
          trace: trace.trace, traceName: trace.name, scenario: .default, strategy: strategy,
          options: SimulationOptions(physics: physics)
        ).metrics
        #expect(metrics.sessionSeconds > 0 && metrics.cellsAppeared > 0, "\(physics) \(trace.name) \(strategy.label)")
      }
    }
  }
}
