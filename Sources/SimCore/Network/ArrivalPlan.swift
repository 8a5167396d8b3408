/// When given requests arrive, decided before the run by a strategy that knows
/// (`ListCallbacks.arrivalPlan`): a planned request skips its host's queue and the link, takes
/// no connection, does not fail, and arrives at its planned time (or at once if that has
/// passed). Requests the plan does not name travel the network as usual; a planned request
/// is still asked for by the strategy, so the engine counts it, and the rows it fills, as it
/// counts any other.
///
/// What it is for: measuring exactly what the user would see under a schedule worked out
/// elsewhere — the clairvoyant limit plans on a relaxed network (`LimitSchedule`) and lets the
/// engine play the plan; a replay of the arrival times measured on a device would use it the
/// same way. Times are seconds from the start of the run.
public struct ArrivalPlan: Sendable, Equatable {
  /// Arrival time of each planned page.
  public var pages: [Int: Double]
  /// Arrival time of each planned row's content.
  public var content: [Int: Double]

  public init(pages: [Int: Double] = [:], content: [Int: Double] = [:]) {
    self.pages = pages
    self.content = content
  }

  /// When the request for `kind` `index` arrives, if planned.
  func arrival(_ kind: RequestKind, index: Int) -> Double? {
    kind == .page ? pages[index] : content[index]
  }
}
