/// The regression gate (`compare --baseline base.json --fail-if 'wait_time > +10%'`): checks
/// each condition on every row (strategy × trace, summaries included) that both runs have.
///
/// With replicates, a condition holds only with the assertion's confidence (95% for a
/// `--fail-if`): per replicate seed, how far the row is past the bound (now − baseline·(1 + 10%) for `> +10%`), then a
/// paired t interval over the seeds, which both runs share; the lower end must be past 0.
/// Noise in the luck of the network therefore does not fail a pull request; a real regression
/// smaller than the interval does not either, so more replicates make the gate finer
/// (`docs/ci.md`).
package enum Gate {
  /// One strategy on one trace (or `sum over N traces`): its metrics per replicate seed.
  package struct Row: Sendable {
    package var strategy: String
    package var trace: String
    package var seeds: [UInt64]
    package var runs: [[String: Double]]
    /// The class of session the row covers (a population broken down by `--by`: its trace is
    /// `population@CLASS`); nil: the whole, or not a population.
    package var sessionClass: String?
    /// The seeds were read from a report that wrote them as doubles (scrollsim before seeds
    /// were written exactly): they match a seed that rounds to the same double.
    package var seedsRounded = false

    package init(strategy: String, trace: String, seeds: [UInt64], runs: [[String: Double]]) {
      self.strategy = strategy
      self.trace = trace
      self.seeds = seeds
      self.runs = runs
    }

    /// Whether `other` ran from the same seeds.
    func sameSeeds(_ other: Row) -> Bool {
      guard seedsRounded || other.seedsRounded else { return seeds == other.seeds }
      return seeds.map(Double.init) == other.seeds.map(Double.init)
    }

    /// A plain comparison's row (one replicate).
    package init(_ metrics: RunMetrics) {
      self.init(
        strategy: metrics.strategy, trace: metrics.trace, seeds: [metrics.seed], runs: [Self.values(metrics)])
    }

    /// A replicated comparison's row.
    package init(_ row: ReplicatedRow) {
      self.init(
        strategy: row.strategy, trace: row.trace, seeds: row.runs.map(\.seed),
        runs: row.runs.map(Self.values))
    }

    static func values(_ metrics: RunMetrics) -> [String: Double] { numbers(metrics.fields) }

    /// A row's numeric metrics by key (the seed is the row's, not a metric): from a run, or
    /// from a stored report's object (`Baseline`).
    static func numbers(_ fields: [(String, JSONValue)]) -> [String: Double] {
      var values: [String: Double] = [:]
      for (key, value) in fields where key != "seed" {
        if let number = value.double { values[key] = number }
      }
      return values
    }
  }

  package enum Verdict: String, Sendable {
    /// The condition holds (with the assertion's confidence when replicated): an `error`
    /// assertion fails the gate, a `warn` one warns.
    case fails
    case passes
    /// A metric without a value (a percentile with no sample) on either side.
    case undefined
  }

  /// One assertion on one row.
  package struct Check: Sendable {
    package var assertion: Assertion
    /// The assertion's position in the list checked: checks of one assertion on one trace
    /// make one JUnit test case and one annotation.
    package var assertionIndex = 0
    package var condition: GateCondition { assertion.condition }
    package var strategy: String
    package var trace: String
    /// Means over the replicates (nil: no baseline, or no value).
    package var baseline: Double?
    package var now: Double?
    /// Half-width of the 95% paired interval of the change (0 with one replicate).
    package var changeHalfWidth: Double
    package var verdict: Verdict
    /// The condition holds on an `error` assertion: the job fails.
    package var failsJob: Bool { verdict == .fails && assertion.level == .error }
    /// The condition holds on a `warn` assertion: reported, the job passes.
    package var warns: Bool { verdict == .fails && assertion.level == .warn }
  }

  /// `--fail-if` conditions: errors at 95%.
  package static func check(_ conditions: [GateCondition], now: [Row], baseline: [Row]?) throws(SimError) -> [Check] {
    try check(conditions.map { Assertion($0) }, now: now, baseline: baseline)
  }

  /// Checks `assertions` on `now`'s rows against `baseline`'s (nil: only `value` bounds).
  /// Rows are matched by strategy and trace; they must have the same replicate seeds. What
  /// keeps the runs from pairing is named (`pairing`, `missingStrategy`).
  package static func check(_ assertions: [Assertion], now: [Row], baseline: [Row]?) throws(SimError) -> [Check] {
    if let baseline { try pairing(now: now, baseline: baseline) }
    var checks: [Check] = []
    for (index, assertion) in assertions.enumerated() {
      let condition = assertion.condition
      if condition.needsBaseline && baseline == nil {
        throw SimError(
          .usage,
          "'\(condition)' bounds the change from a baseline: give --baseline FILE (compare --format json, or a sweep's CSV)"
        )
      }
      if skips(assertion, now: now, baseline: baseline) { continue }
      try missingStrategy(condition, now: now, baseline: baseline)
      try missingClass(condition, now: now)
      var matched = false
      for row in now where condition.applies(to: row.strategy) && condition.sessionClass == row.sessionClass {
        let old = baseline?.first { $0.strategy == row.strategy && $0.trace == row.trace }
        if baseline != nil && old == nil { continue }
        matched = true
        var result = check(assertion, row: row, baseline: old)
        result.assertionIndex = index
        checks.append(result)
      }
      if !matched {
        throw SimError(
          .usage,
          "'\(condition)': no row of \(condition.strategy ?? "any strategy") is on a trace both runs have (this run: \(traces(now, of: condition).joined(separator: ", ")))"
        )
      }
    }
    return checks
  }

  /// Throws when no row of the two runs can pair, naming why: no trace in common, another
  /// number of replicates, another seed.
  static func pairing(now: [Row], baseline: [Row]) throws(SimError) {
    let nowTraces = traces(now)
    let oldTraces = traces(baseline)
    guard nowTraces.contains(where: oldTraces.contains) else {
      throw SimError(
        .usage,
        "no trace in common: the baseline ran \(list(oldTraces)), this run \(list(nowTraces)); run the gate on the baseline's traces (its meta lists them), or store a new baseline"
      )
    }
    for row in now {
      guard let old = baseline.first(where: { $0.strategy == row.strategy && $0.trace == row.trace }) else { continue }
      if old.seeds.count != row.seeds.count {
        throw SimError(
          .usage,
          "the baseline ran \(old.seeds.count) replicate\(old.seeds.count == 1 ? "" : "s") per row, this run \(row.seeds.count): run with --replicates \(old.seeds.count) and --seed \(old.seeds[0]), as the baseline's meta says"
        )
      }
      if !old.sameSeeds(row) {
        throw SimError(
          .usage,
          old.seeds[0] != row.seeds[0]
            ? "the baseline ran from --seed \(old.seeds[0]), this run from --seed \(row.seeds[0]): run with --seed \(old.seeds[0]) so both see the same network luck"
            : "the same --seed \(old.seeds[0]) gave other replicate seeds (\(row.strategy) on \(row.trace)): the baseline was made by a scrollsim that derives them otherwise; store it again"
        )
      }
      return
    }
  }

  /// Whether an assertion from a file names a strategy that neither run has: one file serves
  /// `compare` and `sweep`, which run different strategies, so it is left out with a note
  /// (`skipped`) where a `--fail-if` would be refused.
  static func skips(_ assertion: Assertion, now: [Row], baseline: [Row]?) -> Bool {
    guard !assertion.strict, assertion.condition.strategy != nil else { return false }
    return !(now + (baseline ?? [])).contains { assertion.condition.applies(to: $0.strategy) }
  }

  /// The notes for the assertions `check` skips.
  package static func skipped(_ assertions: [Assertion], now: [Row], baseline: [Row]?) -> [String] {
    assertions.filter { skips($0, now: now, baseline: baseline) }.map {
      "'\($0.condition)' not checked: no row of \($0.condition.strategy!) in either run"
    }
  }

  /// Throws when the condition names a strategy that one of the runs lacks.
  static func missingStrategy(_ condition: GateCondition, now: [Row], baseline: [Row]?) throws(SimError) {
    guard let strategy = condition.strategy else { return }
    for (rows, which) in [(now, "this run"), (baseline ?? [], "the baseline")]
    where which == "this run" || baseline != nil {
      guard !rows.contains(where: { condition.applies(to: $0.strategy) }) else { continue }
      var ran: [String] = []
      for row in rows where !ran.contains(row.strategy) { ran.append(row.strategy) }
      throw SimError(
        .usage,
        "'\(condition)': \(which) has no strategy \(strategy)\(NameSuggestion.hint(for: strategy, among: ran)) (it ran \(list(ran)))"
      )
    }
  }

  /// Throws when the condition names a class of session (`wait_p90@low-end`) that this run
  /// does not break down.
  static func missingClass(_ condition: GateCondition, now: [Row]) throws(SimError) {
    guard let wanted = condition.sessionClass, !now.contains(where: { $0.sessionClass == wanted }) else { return }
    var classes: [String] = []
    for row in now { if let name = row.sessionClass, !classes.contains(name) { classes.append(name) } }
    throw SimError(
      .usage,
      classes.isEmpty
        ? "'\(condition)': @\(wanted) names a class of session, but this run has none: compare a population broken down with --by device or --by network"
        : "'\(condition)': this run has no class \(wanted)\(NameSuggestion.hint(for: wanted, among: classes)) (its classes: \(list(classes)))"
    )
  }

  /// What the gate leaves unchecked because only one run has it: traces and strategies.
  package static func notes(now: [Row], baseline: [Row]) -> [String] {
    var notes: [String] = []
    let nowTraces = traces(now)
    let oldTraces = traces(baseline)
    let onlyOld = oldTraces.filter { !nowTraces.contains($0) }
    let onlyNow = nowTraces.filter { !oldTraces.contains($0) }
    if !onlyOld.isEmpty || !onlyNow.isEmpty {
      var parts: [String] = []
      if !onlyOld.isEmpty { parts.append("only the baseline ran \(list(onlyOld))") }
      if !onlyNow.isEmpty { parts.append("only this run ran \(list(onlyNow))") }
      notes.append(parts.joined(separator: " and ") + ": not checked, nor the sums over traces")
    }
    let nowStrategies = Set(now.map(\.strategy))
    let oldStrategies = Set(baseline.map(\.strategy))
    let strategiesOnlyOld = oldStrategies.subtracting(nowStrategies).sorted()
    let strategiesOnlyNow = nowStrategies.subtracting(oldStrategies).sorted()
    if !strategiesOnlyOld.isEmpty {
      notes.append("strategies only in the baseline, not checked: \(list(strategiesOnlyOld))")
    }
    if !strategiesOnlyNow.isEmpty {
      notes.append("strategies only in this run, not checked: \(list(strategiesOnlyNow))")
    }
    return notes
  }

  /// The traces the rows ran, in order, without the sums over traces.
  static func traces(_ rows: [Row], of condition: GateCondition? = nil) -> [String] {
    var names: [String] = []
    for row in rows where !SummaryRow.names(row.trace) && !names.contains(row.trace) {
      if let condition, !condition.applies(to: row.strategy) { continue }
      names.append(row.trace)
    }
    return names
  }

  static func list(_ names: [String]) -> String {
    names.count <= 4
      ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
  }

  static func check(_ assertion: Assertion, row: Row, baseline: Row?) -> Check {
    let condition = assertion.condition
    let nowValues = row.runs.map { condition.metric.value($0) }
    let oldValues = baseline.map { $0.runs.map { condition.metric.value($0) } }
    func mean(_ values: [Double?]?) -> Double? {
      guard let values, !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
      return values.reduce(0) { $0 + $1! } / Double(values.count)
    }
    var result = Check(
      assertion: assertion, strategy: row.strategy, trace: row.trace, baseline: mean(oldValues), now: mean(nowValues),
      changeHalfWidth: 0, verdict: .undefined)
    var excesses: [Double] = []
    var changes: [Double] = []
    for (index, now) in nowValues.enumerated() {
      let old = oldValues?[index]
      // A bound that is a value needs no baseline value (a baseline from before a metric existed
      // lacks it); a change from the baseline does.
      guard let now, !condition.needsBaseline || old != nil else { return result }
      excesses.append(condition.excess(baseline: old ?? nil, now: now))
      if let old = old ?? nil { changes.append(now - old) }
    }
    let excess = Estimate.of(excesses, confidence: assertion.confidence)
    if changes.count > 1 { result.changeHalfWidth = Estimate.of(changes).halfWidth }
    // Reports round to 1e-9, and 1.2 − 1.0 is not 0.2 in binary: closer than that is equal.
    let lower = excess.mean - excess.halfWidth
    let tolerance = 1e-9 * max(1, abs(result.now ?? 0))
    let holds = condition.inclusive ? lower >= -tolerance : lower > tolerance
    result.verdict = lower.isNaN ? .undefined : holds ? .fails : .passes
    return result
  }
}
