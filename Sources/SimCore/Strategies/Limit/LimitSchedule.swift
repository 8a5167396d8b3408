import Foundation

/// When every page and image the limit needs arrives, on a relaxed network that no real
/// strategy's network is faster than (`docs/strategies.md`, "The clairvoyant limit"):
///
/// - the link can pause a transfer and resume it later for free, and gives its whole bandwidth
///   to one transfer at a time, chosen by a `Rule`; a real link shares its bandwidth among
///   everything on its way and can only cancel and ask again;
/// - no connection limit, no failure, no timeout;
/// - each request's latency is the least of its item's first `latencyDraws` attempts' draws
///   (asking again for an item draws anew; a strategy that cancels and asks again gets a
///   later draw, which this covers for a few tries);
/// - every page is asked for at the start, and each image as soon as its row's data is in.
///
/// Rows seen for less than `minVisible` seconds get no image (their bandwidth goes to the
/// others), and an image whose row has left the screen for good is dropped. What a plan costs
/// the user is estimated from the free path (`Foresight`): each row blanks the share of the
/// screen it covers while it is visible before its image is in, and a page of an append feed
/// that lands after its first row is due stalls the user that long (simplified: the shift a
/// stall gives everything after it is left out; this only ranks plans). The engine then plays
/// the plan of least estimate (`ArrivalPlan`) and measures the wait exactly. Each plan is
/// a simulation of a few thousand transfers, not of frames: a few plans cost less than a run.
struct LimitSchedule {
  /// Arrival time of each page asked for (not those loaded at the start).
  var pages: [Int: Double] = [:]
  /// Arrival time of each row's image.
  var content: [Int: Double] = [:]
  /// The wait the plan is estimated to cost (seconds of a wholly blank screen).
  var estimatedWait = 0.0

  /// Attempts whose latency draws the relaxed network takes the least of.
  static let latencyDraws = 3
  /// The thresholds `best` tries when `minVisible` is not given.
  static let thresholds: [Double] = [0, 0.1, 0.3]
  /// The rules `best` tries.
  static let rules: [Rule] = [.apparentTardiness(k: 8), .apparentTardiness(k: 32), .lateBySmith]

  /// Which transfer the relaxed link serves first.
  enum Rule: Equatable {
    /// The one whose row is due first (preemptive EDF).
    case earliestDeadline
    /// Every page before any image, each earliest deadline first: when the user is held at
    /// the end of the list, a page frees the whole screen.
    case pagesFirst
    /// The one of highest apparent tardiness cost (Vepsalainen & Morton 1987): what finishing
    /// it now saves the user, per second of link it needs, discounted by exp(−slack / (k × the
    /// mean transfer)); an overloaded link then serves the rows that pay most instead of
    /// making every row late in turn.
    case apparentTardiness(k: Double)
    /// Among the transfers already late (their row due before they could finish), the one
    /// that saves most screen per second of link (Smith's rule: the screen it would blank per
    /// second, over its transfer time); none late: earliest deadline first. A big image due
    /// now then waits for the small ones due with it.
    case lateBySmith

    /// Whether its priorities change with time alone (the choice is looked at again every
    /// `recheck`).
    var drifts: Bool { self != .earliestDeadline && self != .pagesFirst }
  }

  /// The plan of least estimated wait over `thresholds` (or at the one given).
  static func best(
    foresight: Foresight, scenario: Scenario, seed: UInt64, minVisible: Double?
  ) -> LimitSchedule {
    var best: LimitSchedule?
    for plan in candidates(foresight: foresight, scenario: scenario, seed: seed, minVisible: minVisible)
    where best == nil || plan.estimatedWait < best!.estimatedWait - 1e-12 {
      best = plan
    }
    return best!
  }

  /// Every plan `best` chooses from, in the order it tries them.
  static func candidates(
    foresight: Foresight, scenario: Scenario, seed: UInt64, minVisible: Double?
  ) -> [LimitSchedule] {
    let problem = LimitProblem(foresight: foresight, scenario: scenario, seed: seed)
    // Earliest deadline first at each threshold; the apparent-tardiness rules weigh each row
    // already, at the threshold given or none; pages first on an append feed.
    var tries = (minVisible.map { [$0] } ?? thresholds).map { ($0, Rule.earliestDeadline) }
    tries += rules.map { (minVisible ?? 0, $0) }
    if problem.feed.kind == .append { tries.append((minVisible ?? 0.1, .pagesFirst)) }
    return tries.map { minVisible, rule in
      var link = RelaxedLink(problem, minVisible: minVisible, rule: rule)
      return link.plan()
    }
  }

  /// The script the engine delivers the plan with.
  var arrivals: ArrivalPlan { ArrivalPlan(pages: pages, content: content) }
}
