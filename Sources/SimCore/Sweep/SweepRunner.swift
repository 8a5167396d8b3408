import Foundation

/// Runs a sweep's configurations on `jobs` threads. Each configuration is an independent
/// simulation with its own seed; results are stored by configuration index, so the table is
/// the same for any number of jobs. `shouldStop` is polled between configurations (Ctrl-C):
/// finished rows are kept, unstarted ones are not run.
public enum SweepRunner {
  public struct Input: Sendable {
    public var plan: SweepPlan
    public var traces: [NamedTrace]
    public var scenario: Scenario
    public var options: SimulationOptions

    public init(plan: SweepPlan, traces: [NamedTrace], scenario: Scenario, options: SimulationOptions) {
      self.plan = plan
      self.traces = traces
      self.scenario = scenario
      self.options = options
    }

    /// A fingerprint of what the sweep is, not of how it is run: the plan, the scenario, the
    /// simulation options and the traces' contents. Shards and resumed runs must match it, so
    /// a shard run with another `--set`, preset or edited trace cannot be merged in.
    public var fingerprint: String {
      var text = plan.definition
      text += ";scenario=" + JSONWriter.compact(scenario.json)
      text += ";physics=\(options.physics ?? "trace");velocity=\(options.velocityTracker?.rawValue ?? "preset")"
      text += ";drain=\(JSONWriter.number(options.drainSeconds));maxEvents=\(options.maxEvents)"
      for named in traces { text += ";trace=" + named.trace.encoded() }
      let hex = String(fnv1a64(text), radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }
  }

  /// Runs `configurations` (a shard, or what a resumed table lacks) into `table`.
  /// `progress(done)` is called from worker threads.
  public static func run(
    _ input: Input, configurations: [SweepPlan.Configuration], into table: inout SweepTable, jobs: Int,
    shouldStop: @escaping @Sendable () -> Bool = { false }, progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) {
    // One scenario per network, built once.
    var scenarios: [String: Scenario] = [:]
    for network in input.plan.networks {
      var scenario = input.scenario
      if network != "scenario" { scenario.network.link = try NetworkProfiles.lookup(network) }
      scenarios[network] = scenario
    }
    let frozenScenarios = scenarios
    let state = SharedState(count: configurations.count)
    let worker: @Sendable () -> Void = {
      while !shouldStop(), let position = state.next() {
        let configuration = configurations[position]
        let result: Result<RunMetrics, SimError>
        do throws(SimError) {
          let strategy = try input.plan.choice(configuration.strategy, configuration.parameters)
          var options = input.options
          options.seed = configuration.seed
          options.recordEvents = false
          let trace = input.traces[configuration.trace]
          result = .success(
            try Simulation.run(
              trace: trace.trace, traceName: trace.name, scenario: frozenScenarios[configuration.network]!,
              strategy: strategy, options: options
            ).metrics)
        } catch {
          result = .failure(error)
        }
        progress(state.finish(position, result))
      }
    }
    let threads = max(1, min(jobs, configurations.count))
    if threads == 1 {
      worker()
    } else {
      let group = DispatchGroup()
      for _ in 0..<threads {
        group.enter()
        Thread {
          worker()
          group.leave()
        }.start()
      }
      group.wait()
    }
    for (position, result) in state.results.enumerated() {
      guard let result else { continue }
      switch result {
      case .success(let metrics):
        let configuration = configurations[position]
        table.add(configuration, traceName: input.traces[configuration.trace].name, metrics: metrics)
      case .failure(let error): throw error
      }
    }
  }

  /// The work queue and result slots shared by the worker threads (under one lock).
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private var done = 0
    private(set) var results: [Result<RunMetrics, SimError>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func next() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard cursor < results.count else { return nil }
      cursor += 1
      return cursor - 1
    }

    func finish(_ position: Int, _ result: Result<RunMetrics, SimError>) -> Int {
      lock.lock()
      defer { lock.unlock() }
      results[position] = result
      done += 1
      return done
    }
  }
}
