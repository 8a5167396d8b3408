/// Which knob matters: each searched knob moved over the values tried while the others stay at
/// the answer, on `sessionsMoved` of the held-out sessions, or all of them when fewer (the first
/// in the split's order), and the objective each value gives. Thirty sessions, as a spread read
/// on eight (the cap before) swung with whichever few stalled; across several `--networks` each
/// session runs on one of them in turn (session k on network k mod n, every replicate), so the
/// networks share the sessions evenly and 30 users cost the runs 10 would on every network (the
/// cost is measured in docs/performance.md). The spread it reports is an estimate on those runs. A knob whose values all give the same
/// objective to the microsecond changes nothing on these sessions, and the report says so rather
/// than that values beyond the ones tried may do better.
///
/// These runs are not in `--runs`' table: the settings they need depend on the answer, which the
/// race decides, so they are run after it, on a plan of their own with the same seeds (each
/// session's luck is its name's, whatever the setting), and are not resumed or sharded.
package struct TuneSensitivity: Sendable {
  /// The held-out sessions the knobs are moved on (all when there are fewer).
  package static let sessionsMoved = 30

  package struct Knob: Sendable {
    /// The knob as the report names it (`TuneSpace.shortName`).
    package var name: String
    /// The answer's value of it.
    package var answer: String
    /// Each value tried, in the order tried, and the objective with the others at the answer.
    package var values: [(value: String, objective: Double)]

    /// The highest objective less the lowest (s).
    package var spread: Double {
      let objectives = values.map(\.objective).filter(\.isFinite)
      guard let low = objectives.min(), let high = objectives.max() else { return .nan }
      return high - low
    }

    /// Whether every value gives the same objective (to the microsecond).
    package var changesNothing: Bool { spread.isFinite && spread < 1e-6 }

    /// Whether the values' objectives differ by less than the report shows (`negligible` s): a
    /// knob not worth a reader's attention, and no hint to try values beyond it.
    package var changesNothingMeasurable: Bool { spread.isFinite && spread < Self.negligible }

    /// Under this (s) a spread prints as 0.00 s.
    package static let negligible = 0.005

    /// The value with the lowest objective (the first of equals).
    package var best: String? { values.filter { $0.objective.isFinite }.min { $0.objective < $1.objective }?.value }
  }

  package var knobs: [Knob]
  /// The held-out sessions the knobs were moved on.
  package var sessions: Int
  /// Runs it made (settings other than the answer on every held-out session).
  package var runs: Int
}

extension TuneSearch {
  /// Moves each searched knob of setting `answer` over its values on the held-out sessions; nil
  /// when stopped.
  func sensitivity(
    answer: Int, table: SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool
  ) throws(SimError) -> TuneSensitivity? {
    let space = request.space
    let base = settings[answer]
    let searched = space.parameters.filter(\.isSearched)
    let (probes, probeOf) = Self.probes(around: base, moving: searched)
    var plan = input.plan
    plan.listedSets = [strategy: probes]
    plan.strategies = [strategy]
    let probeInput = SweepRunner.Input(
      plan: plan, sessions: input.sessions, scenario: input.scenario, options: input.options, measuresLimit: false)
    let configurations = try plan.configurations()
    let perSetting = request.sessions.count * runsPerSession
    // The answer's own runs are in the race's table already: only the others run.
    let answerProbe = probes.firstIndex(of: base)
    let sessions = Array(split.heldOut.prefix(TuneSensitivity.sessionsMoved))
    // Session k's runs of `setting` on its one network (k mod n), every replicate.
    let networks = max(1, request.networks.count)
    func moved(_ setting: Int, _ position: Int, _ session: Int) -> [Int] {
      let all = indices(setting: setting, session: session)
      let per = all.count / networks
      let network = position % networks
      return Array(all[network * per..<(network + 1) * per])
    }
    var needed: [SweepPlan.Configuration] = []
    for probe in probes.indices where probe != answerProbe {
      for (position, session) in sessions.enumerated() {
        for offset in moved(0, position, session) {
          needed.append(configurations[probe * perSetting + offset])
        }
      }
    }
    var probeTable = SweepTable(fingerprint: "", total: configurations.count)
    try SweepRunner.run(probeInput, configurations: needed, into: &probeTable, jobs: jobs, shouldStop: shouldStop)
    guard !shouldStop() else { return nil }
    func objective(_ probe: Int) -> Double {
      let waits = sessions.enumerated().flatMap { position, session in
        probe == answerProbe
          ? moved(answer, position, session).map { table.rows[$0]?.values["waitSeconds"] ?? .nan }
          : moved(0, position, session).map {
            probeTable.rows[probe * perSetting + $0]?.values["waitSeconds"] ?? .nan
          }
      }
      return TuneGain.value(waits, request.key)
    }
    let objectives = probes.indices.map(objective)
    let knobs = searched.enumerated().map { knob, parameter in
      TuneSensitivity.Knob(
        name: space.shortName(parameter), answer: space.value(parameter.name.description, in: base),
        values: probeOf.filter { $0.knob == knob }.map { ($0.value, objectives[$0.probe]) })
    }
    return TuneSensitivity(knobs: knobs, sessions: sessions.count, runs: needed.count)
  }

  /// The settings that move one knob of `base` over its current value and its values, each
  /// once, and for each knob and value the setting it is (`probe`).
  private static func probes(
    around base: [ParameterAssignment], moving searched: [TuneSpace.Parameter]
  ) -> (probes: [[ParameterAssignment]], probeOf: [(knob: Int, value: String, probe: Int)]) {
    var probes: [[ParameterAssignment]] = []
    var probeOf: [(knob: Int, value: String, probe: Int)] = []
    for (knob, parameter) in searched.enumerated() {
      var seen: Set<String> = []
      for value in [parameter.current] + parameter.values where seen.insert(value).inserted {
        let setting = base.map { $0.name == parameter.name ? ParameterAssignment($0.name, value) : $0 }
        let index =
          probes.firstIndex(of: setting)
          ?? {
            probes.append(setting)
            return probes.count - 1
          }()
        probeOf.append((knob, value, index))
      }
    }
    return (probes, probeOf)
  }
}
