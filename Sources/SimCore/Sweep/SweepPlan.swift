/// What a sweep runs (`scrollsim sweep`, `docs/sweeps.md`): strategies × parameter
/// configurations (a grid, or random samples over ranges) × networks × traces × replicates,
/// enumerated in one fixed order so that configuration `i` is the same on every machine.
package struct SweepPlan: Sendable {
  /// One axis of the grid: a parameter and its values (numbers as text, or choices such as
  /// `static,dynamic`).
  package struct Axis: Sendable {
    package var name: ParameterName
    package var values: [String]
    /// The option that gave it, as errors name it: `--grid`, or `--param` for a held value.
    package var option: String
    package init(name: ParameterName, values: [String], option: String = "--grid") {
      self.name = name
      self.values = values
      self.option = option
    }
  }

  /// A range for random search.
  package struct Range: Sendable {
    package var name: ParameterName
    package var lower: Double
    package var upper: Double
  }

  /// One run of the sweep.
  package struct Configuration: Sendable {
    package var index: Int
    package var strategy: String
    package var parameters: [ParameterAssignment]
    package var network: String
    package var trace: Int
    package var replicate: Int
    package var seed: UInt64
    package var parametersText: String { parameters.map(\.description).joined(separator: ";") }
  }

  package var strategies: [String]
  package var grid: [Axis] = []
  package var ranges: [Range] = []
  package var samples = 0
  /// Parameter sets listed one by one, by strategy (`scrollsim tune`'s candidates): a strategy
  /// listed here runs these instead of the grid or the samples.
  package var listedSets: [String: [[ParameterAssignment]]] = [:]
  /// Network profile names; "scenario" lays none (each session on its own network, else the
  /// scenario's link).
  package var networks: [String] = ["scenario"]
  package var traceNames: [String]
  package var replicates = 1
  /// Whether each trace draws its own luck (a population's sessions, as `compare` over a
  /// folder runs them: `SessionSeed`); otherwise every trace runs under the replicate's
  /// seed.
  package var sessionLuck = false
  package var seed: UInt64 = 1
  /// Where the strategies' names are found (the built-ins, or a tool's own catalog).
  package var catalog: StrategyCatalog

  package init(strategies: [String], traceNames: [String], catalog: StrategyCatalog = .builtIn) {
    self.strategies = strategies
    self.traceNames = traceNames
    self.catalog = catalog
  }

  /// `threshold=0.5:0.95:0.05` (start:stop:step, stop included), `preload-leading=1,2,3` or
  /// `mode=static,dynamic`; parameter names may be kebab-case, and scoped to one strategy
  /// (`threshold.mode=static,dynamic`). An axis applies to the strategies that declare it, with
  /// the values each takes (threshold's `mode` values are not smart-range's).
  package static func axis(_ text: String) throws(SimError) -> Axis {
    guard let (key, spec) = splitKeyValue(text) else {
      throw SimError(.usage, "--grid \(text): expected name=start:stop:step or name=a,b,c")
    }
    let name = ParameterName(parsing: key)
    if spec.contains(":") {
      let parts = spec.split(separator: ":").map { Double($0) }
      guard parts.count == 3, let start = parts[0], let stop = parts[1], let step = parts[2], step > 0, stop >= start,
        start.isFinite, stop.isFinite
      else {
        throw SimError(.usage, "--grid \(text): expected start:stop:step with step > 0 and stop ≥ start")
      }
      // Counted as a Double first: 0:1:1e-300 has more values than an Int holds.
      let values = ((stop - start) / step + 1e-9).rounded(.down) + 1
      guard values.isFinite, values <= 100_000 else {
        let how = values < 1e12 ? NumberText.fixed(values, 0) : "more than 10^12"
        throw SimError(.usage, "--grid \(text): \(how) values is too many (at most 100000)")
      }
      let count = Int(values)
      // Values on a decimal grid: start + k·step, rounded to 10 decimals against float drift.
      return Axis(
        name: name,
        values: (0..<count).map { JSONWriter.number(rounded(start + Double($0) * step, decimals: 10)) })
    }
    let values = spec.split(separator: ",").map { axisValue(String($0)) }
    guard !values.isEmpty else { throw SimError(.usage, "--grid \(text): no values") }
    return Axis(name: name, values: values)
  }

  /// An axis's value as the table writes it: a number in its shortest form, else the text.
  package static func axisValue(_ text: String) -> String {
    Double(text).map { JSONWriter.number($0) } ?? text
  }

  /// `threshold=0.5:0.95` for random search.
  package static func range(_ text: String) throws(SimError) -> Range {
    guard let (key, spec) = splitKeyValue(text) else {
      throw SimError(.usage, "--range \(text): expected name=low:high")
    }
    let parts = spec.split(separator: ":").map { Double($0) }
    guard parts.count == 2, let low = parts[0], let high = parts[1], low.isFinite, high.isFinite, high >= low else {
      throw SimError(.usage, "--range \(text): expected name=low:high with high ≥ low")
    }
    return Range(name: ParameterName(parsing: key), lower: low, upper: high)
  }

  /// The most runs one plan enumerates: a plan beyond it is refused before anything is built
  /// (two 99,001-value axes once took 3.8 GB before dying).
  package static let maximumRuns = 1_000_000

  /// How many runs the plan holds, counted without building them (as a Double: a grid's product
  /// can pass Int's range).
  package func runCount() throws(SimError) -> Double {
    try runCount(taken: valuesTaken())
  }

  private func runCount(taken: [[[String]]]) throws(SimError) -> Double {
    var total = 0.0
    for (index, strategy) in strategies.enumerated() {
      let types = try catalog.resolve(strategy)
      var sets = 1.0
      if let listed = listedSets[strategy] {
        sets = Double(listed.count)
      } else if samples > 0 {
        sets = ranges.contains { !$0.name.parts(of: types).isEmpty } ? Double(samples) : 1
      } else {
        for values in taken[index] where !values.isEmpty { sets *= Double(values.count) }
      }
      total += sets
    }
    return total * Double(networks.count) * Double(traceNames.count) * Double(replicates)
  }

  /// For each strategy, for each grid axis, the values it takes (checked once: a 100,000-value
  /// axis costs a strategy check per value).
  private func valuesTaken() -> [[[String]]] {
    strategies.map { strategy in
      grid.map { axis in catalog.values(axis.values, takenBy: strategy, name: axis.name) }
    }
  }

  /// Parameter sets for one strategy: the grid over the axes it declares (or random samples
  /// over the ranges it declares), each value checked against its declaration.
  private func parameterSets(for strategy: String, taken: [[String]]) throws(SimError) -> [[ParameterAssignment]] {
    let types = try catalog.resolve(strategy)
    if let listed = listedSets[strategy] { return listed }
    if samples > 0 {
      let mine = ranges.filter { !$0.name.parts(of: types).isEmpty }
      guard !mine.isEmpty else { return [[]] }
      var random = SeededRandom(seed: seed, stream: "sweep-samples-\(strategy)")
      return (0..<samples).map { _ in
        mine.map { range in
          ParameterAssignment(
            range.name,
            JSONWriter.number(rounded(range.lower + (range.upper - range.lower) * random.unit(), decimals: 6)))
        }
      }
    }
    var sets: [[ParameterAssignment]] = [[]]
    for (axis, values) in zip(grid, taken) {
      guard !values.isEmpty else { continue }
      sets = sets.flatMap { set in values.map { set + [ParameterAssignment(axis.name, $0)] } }
    }
    return sets
  }

  /// Every configuration, in order; parameter values are checked against the strategies.
  package func configurations() throws(SimError) -> Configurations {
    var resolved: [(name: String, types: [StrategyKind])] = []
    for strategy in strategies { resolved.append((strategy, try catalog.resolve(strategy))) }
    for range in ranges { try range.name.requireDeclared(by: resolved, option: "--range") }
    for axis in grid { try axis.name.requireDeclared(by: resolved, option: axis.option) }
    let taken = valuesTaken()
    for (axisIndex, axis) in grid.enumerated() {
      let takenBySome = Set(taken.flatMap { $0[axisIndex] })
      for value in axis.values where !takenBySome.contains(value) {
        throw SimError(
          .usage,
          "\(axis.option) \(axis.name)=\(value): no strategy of \(strategies.joined(separator: ", ")) takes that value; see scrollsim strategies"
        )
      }
    }
    let runs = try runCount(taken: taken)
    guard runs <= Double(Self.maximumRuns) else {
      throw SimError(
        .usage,
        "the sweep would take \(NumberText.fixed(runs, 0)) runs; at most \(Self.maximumRuns) fit one plan (fewer grid values, samples, networks, traces or replicates)"
      )
    }
    var groups: [Configurations.Group] = []
    for (index, strategy) in strategies.enumerated() {
      for parameters in try parameterSets(for: strategy, taken: taken[index]) {
        _ = try choice(strategy, parameters)
        groups.append(Configurations.Group(strategy: strategy, parameters: parameters))
      }
    }
    return Configurations(plan: self, groups: groups)
  }

  /// The seed of `trace`'s runs in `replicate`.
  func runSeed(trace: Int, replicate: Int) -> UInt64 {
    let base = Replicates.seed(base: seed, index: replicate)
    return sessionLuck ? SessionSeed.derive(base, session: traceNames[trace]) : base
  }

  /// The runnable strategy of a configuration.
  func choice(_ strategy: String, _ parameters: [ParameterAssignment]) throws(SimError) -> StrategyChoice {
    try StrategyChoice(name: strategy, settings: parameters, catalog: catalog)
  }

  /// The plan as text (strategies, axes, ranges, samples, networks, trace names, replicates,
  /// seed): half of the sweep's fingerprint (`SweepRunner.Input.fingerprint`).
  package var definition: String {
    var text =
      "strategies=\(strategies.joined(separator: ","));samples=\(samples);replicates=\(replicates);seed=\(seed)"
    text += ";networks=\(networks.joined(separator: ","));traces=\(traceNames.joined(separator: ","))"
    if sessionLuck { text += ";sessionLuck" }
    for axis in grid {
      text += ";grid:\(axis.name)=\(axis.values.joined(separator: ","))"
    }
    for strategy in strategies {
      guard let listed = listedSets[strategy] else { continue }
      text +=
        ";listed:\(strategy)=" + listed.map { $0.map(\.description).joined(separator: "&") }.joined(separator: "|")
    }
    for range in ranges {
      text += ";range:\(range.name)=\(JSONWriter.number(range.lower)):\(JSONWriter.number(range.upper))"
    }
    return text
  }
}
