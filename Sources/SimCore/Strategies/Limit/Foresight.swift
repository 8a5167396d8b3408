/// What the future holds for a run, as only the clairvoyant strategy may know it: when each row
/// will first be visible and for how long in all, if nothing ever made the user wait (the
/// engine's `FreePath`), with the rows seen sorted once for the oracle's many runs.
struct Foresight: Sendable {
  /// Per row seen: the time it first becomes visible (absent: never).
  let firstVisible: [Int: Double]
  /// Per row seen: its total visible time (over every visibility episode).
  let visibleSeconds: [Int: Double]
  /// Per row seen: when it stops being visible for the last time (infinity: still visible
  /// when the session ends, which a late image prolongs).
  let lastVisible: [Int: Double]

  /// Rows that will be visible, earliest first (ties by index): sorted once, read by each of
  /// the oracle's runs.
  let seenRows: [Int]

  init(firstVisible: [Int: Double], visibleSeconds: [Int: Double], lastVisible: [Int: Double]) {
    self.firstVisible = firstVisible
    self.visibleSeconds = visibleSeconds
    self.lastVisible = lastVisible
    seenRows = firstVisible.keys.sorted { (firstVisible[$0]!, $0) < (firstVisible[$1]!, $1) }
  }

  init(_ path: FreePath) {
    self.init(firstVisible: path.firstVisible, visibleSeconds: path.visibleSeconds, lastVisible: path.lastVisible)
  }

  /// The foresight of `trace` over `scenario`: its free path.
  static func compute(
    trace: Trace, scenario: Scenario, physics: any ScrollPhysics, options: SimulationOptions
  ) throws(SimError) -> Foresight {
    Foresight(try FreePath.compute(trace: trace, scenario: scenario, physics: physics, options: options))
  }
}
