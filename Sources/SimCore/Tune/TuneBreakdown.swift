import Foundation

/// What the answer does where a team's users are, on the held-out sessions: the best setting
/// found against the current one per network and per device class, with the tails beside the
/// mean (the p90 of the per-run wait, and the share of runs that showed a blank over a second);
/// how many sessions would decide a change the interval leaves undecided; and a warning when a
/// few sessions decide the mean (a network carrying half the wait or more, twice its share of
/// the runs or more; or a tenth of the sessions carrying half), with the options that follow,
/// and when the answer raises a group's runs with a blank over a second by a tenth of them or
/// more (among 10 runs or more, so that one run of a few does not warn).
///
/// A mean over a population is the right objective when every second of waiting counts alike;
/// when 5 % of sessions on 3G wait 38 s each, it is their objective, and a change that helps them
/// can cost the other 95 % (a blank over a second on 4G from 27 % to 44 % of sessions in the
/// issue that asked for this). The rows show it; the warning says it.
package struct TuneBreakdown: Sendable {
  /// One setting's figures on a group's runs.
  package struct Figures: Sendable, Equatable {
    /// The mean and nearest-rank p90 of the per-run wait (s).
    package var mean: Double
    package var p90: Double
    /// The share of runs in which a cell waited over a second for its content.
    package var longBlank: Double
  }

  /// One network or device class.
  package struct Row: Sendable {
    package var name: String
    package var sessions: Int
    package var runs: Int
    package var current: Figures
    package var tuned: Figures
    /// The group's share of the held-out runs, and of the current setting's total wait on them.
    package var runShare: Double
    package var waitShare: Double
  }

  package var networks: [Row]
  /// Device classes, when the sessions are of two or more.
  package var classes: [Row]
  /// Held-out sessions that would decide the change at the spread seen (nil: decided, or no
  /// change to decide), and the sessions in all that this takes at the held-out share.
  package var sessionsToDecide: (heldOut: Int, total: Int)?
  /// What decides the mean, when a few sessions do.
  package var warnings: [String]

  /// A network carrying at least `dominantWait` of the wait, and at least `overweight` times
  /// its share of the runs, decides the mean (5 % of the runs with 62 % of the wait; a third of
  /// them with 92 %).
  package static let dominantWait = 0.5
  package static let overweight = 2.0
  /// A group's runs with a blank over a second rising by this share of them, among at least
  /// `tailRuns` runs, is said.
  package static let tailRise = 0.1
  package static let tailRuns = 10

  /// The breakdown of `tuned` against `current` over per-run `runs` (each with its session, its
  /// group names and its waits for both settings).
  static func make(
    runs: [(
      session: Int, network: String, device: String, current: Double, tuned: Double, currentBlank: Bool,
      tunedBlank: Bool
    )],
    gain: TuneGain, heldOut: Int, sessions: Int, chosen: Int, key: PopulationKey
  ) -> TuneBreakdown {
    let total = runs.reduce(0) { $0 + $1.current }
    func rows(_ name: (Int) -> String) -> [Row] {
      var order: [String] = []
      for index in runs.indices where !order.contains(name(index)) { order.append(name(index)) }
      return order.map { group in
        let mine = runs.indices.filter { name($0) == group }.map { runs[$0] }
        func figures(_ waits: [Double], _ blanks: [Bool]) -> Figures {
          Figures(
            mean: waits.reduce(0, +) / Double(max(waits.count, 1)),
            p90: TuneGain.nearestRank(waits.sorted(), 0.9),
            longBlank: Double(blanks.filter { $0 }.count) / Double(max(blanks.count, 1)))
        }
        return Row(
          name: group, sessions: Set(mine.map(\.session)).count, runs: mine.count,
          current: figures(mine.map(\.current), mine.map(\.currentBlank)),
          tuned: figures(mine.map(\.tuned), mine.map(\.tunedBlank)),
          runShare: Double(mine.count) / Double(max(runs.count, 1)),
          waitShare: total > 0 ? mine.reduce(0) { $0 + $1.current } / total : 0)
      }
    }
    let networks = rows { runs[$0].network }
    let devices = rows { runs[$0].device }
    var result = TuneBreakdown(
      networks: networks, classes: devices.count >= 2 ? devices : [], sessionsToDecide: nil, warnings: [])
    // An undecided change: the interval narrows as √n, so n · (half-width / change)² sessions
    // would put it on one side of zero at this spread.
    if chosen != 0, !gain.isSignificant, let relative = gain.relative, relative.change != 0, heldOut > 0 {
      let half = (relative.upper - relative.lower) / 2
      let needed = Int((Double(heldOut) * pow(half / abs(relative.change), 2)).rounded(.up))
      if needed > heldOut {
        let share = Double(heldOut) / Double(max(sessions, 1))
        result.sessionsToDecide = (needed, Int((Double(needed) / max(share, 1e-9)).rounded(.up)))
      }
    }
    result.warnings =
      warnings(runs: runs, networks: networks, key: key)
      + tailWarnings(networks + result.classes, classes: result.classes)
    return result
  }

  /// A network of a small share carrying most of the wait; a tenth of the sessions carrying
  /// half of it.
  private static func warnings(
    runs: [(
      session: Int, network: String, device: String, current: Double, tuned: Double, currentBlank: Bool,
      tunedBlank: Bool
    )], networks: [Row], key: PopulationKey
  ) -> [String] {
    guard key == .mean else { return [] }
    var warnings: [String] = []
    for row in networks
    where networks.count > 1 && row.waitShare >= dominantWait && row.waitShare >= overweight * row.runShare {
      let others = networks.filter { $0.name != row.name }.map(\.name).joined(separator: ",")
      warnings.append(
        "\(row.name) is \(NumberText.fixed(row.runShare * 100, 0)) % of the runs and \(NumberText.fixed(row.waitShare * 100, 0)) % of the wait: the mean is decided by it. --for p50 or --for p90 weighs every session alike, --networks \(others) tunes for the others, and its row above shows what the answer does to them."
      )
    }
    var perSession: [Int: Double] = [:]
    for run in runs { perSession[run.session, default: 0] += run.current }
    let ordered = perSession.values.sorted(by: >)
    let total = ordered.reduce(0, +)
    guard total > 0, ordered.count >= 10 else { return warnings }
    var sum = 0.0
    var count = 0
    for value in ordered where sum < total * dominantWait {
      sum += value
      count += 1
    }
    if Double(count) <= Double(ordered.count) / 10 {
      warnings.append(
        "\(count) of \(ordered.count) held-out sessions carry half of your setting's wait: the mean follows them. --for p50 or --for p90 weighs every session alike; the tails in the rows above show who else gains or loses."
      )
    }
    return warnings
  }
}

extension TuneBreakdown {
  /// Groups whose runs with a blank over a second the answer raises by `tailRise` of their runs:
  /// a mean that falls can hide them.
  static func tailWarnings(_ rows: [Row], classes: [Row]) -> [String] {
    rows.compactMap { row in
      let more = ((row.tuned.longBlank - row.current.longBlank) * Double(row.runs)).rounded()
      guard row.runs >= tailRuns, more >= (tailRise * Double(row.runs)).rounded(.up) else { return nil }
      let of = classes.contains { $0.name == row.name } ? "@\(row.name)" : ""
      return
        "On \(row.name) the answer raises the runs with a blank over 1 s from \(NumberText.fixed(row.current.longBlank * 100, 0)) % to \(NumberText.fixed(row.tuned.longBlank * 100, 0)) %: the objective does not see it. A budget on the longest blank bounds it (--budget 'blankMaxSeconds<=+10%\(of)'); --for p90 weighs the tail."
    }
  }
}

extension TuneSearch {
  /// `TuneBreakdown` of `chosen` against the current setting on the held-out sessions.
  func breakdown(chosen: Int, gain: TuneGain, table: SweepTable) -> TuneBreakdown {
    var runs:
      [(
        session: Int, network: String, device: String, current: Double, tuned: Double, currentBlank: Bool,
        tunedBlank: Bool
      )] = []
    for session in split.heldOut {
      let mine = indices(setting: 0, session: session)
      let theirs = indices(setting: chosen, session: session)
      for (position, (a, b)) in zip(mine, theirs).enumerated() {
        let network = request.networks[position / max(1, request.replicates)]
        let own = network == Trace.ownProfile ? (request.sessionNetworks?[session] ?? Trace.ownProfile) : network
        let current = table.rows[a]!.values
        let tuned = table.rows[b]!.values
        runs.append(
          (
            session, own, request.sessionClasses?[session] ?? Trace.ownProfile, current["waitSeconds"] ?? .nan,
            tuned["waitSeconds"] ?? .nan, (current["blankMaxSeconds"] ?? 0) > PopulationSummary.longBlank,
            (tuned["blankMaxSeconds"] ?? 0) > PopulationSummary.longBlank
          ))
      }
    }
    return TuneBreakdown.make(
      runs: runs, gain: gain, heldOut: split.heldOut.count, sessions: request.sessions.count, chosen: chosen,
      key: request.key)
  }
}
