/// What the future holds for a run, as only the clairvoyant strategy may know it: when each row
/// will be visible and how much of the screen it covers, if nothing ever made the user wait
/// (the engine's `FreePath`), with the rows seen sorted once.
struct Foresight: Sendable {
  /// Per row seen: the time it first becomes visible (absent: never).
  let firstVisible: [Int: Double]
  /// Per row seen: its total visible time (over every visibility episode).
  let visibleSeconds: [Int: Double]
  /// Per row seen: when it stops being visible for the last time (infinity: still visible
  /// when the session ends, which a late image prolongs).
  let lastVisible: [Int: Double]
  /// Per row seen: its cumulative coverage of the screen, as (time, share × seconds) points
  /// (`FreePath.coverage`).
  let coverage: [Int: [Double]]

  /// Rows that will be visible, earliest first (ties by index).
  let seenRows: [Int]

  init(
    firstVisible: [Int: Double], visibleSeconds: [Int: Double], lastVisible: [Int: Double],
    coverage: [Int: [Double]] = [:]
  ) {
    self.firstVisible = firstVisible
    self.visibleSeconds = visibleSeconds
    self.lastVisible = lastVisible
    self.coverage = coverage
    seenRows = firstVisible.keys.sorted { (firstVisible[$0]!, $0) < (firstVisible[$1]!, $1) }
  }

  init(_ path: FreePath) {
    self.init(
      firstVisible: path.firstVisible, visibleSeconds: path.visibleSeconds, lastVisible: path.lastVisible,
      coverage: path.coverage)
  }

  /// The foresight of `trace` over `scenario`: its free path.
  static func compute(
    trace: Trace, scenario: Scenario, physics: any ScrollPhysics, options: SimulationOptions
  ) throws(SimError) -> Foresight {
    Foresight(try FreePath.compute(trace: trace, scenario: scenario, physics: physics, options: options))
  }

  /// The screen `item` covers before `time`, in share of the viewport × seconds: what it
  /// costs the user if it is blank until then (0 if it is never seen).
  func coverage(of item: Int, before time: Double) -> Double {
    guard let points = coverage[item], points.count >= 2 else { return 0 }
    if time >= points[points.count - 2] { return points[points.count - 1] }
    // The last point at or before `time` (points are in time order), then linear to the next.
    var low = 0
    var high = points.count / 2 - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if points[2 * mid] <= time { low = mid } else { high = mid - 1 }
    }
    guard points[2 * low] <= time else { return 0 }
    let (t0, c0, t1, c1) = (points[2 * low], points[2 * low + 1], points[2 * low + 2], points[2 * low + 3])
    return c0 + (c1 - c0) * (time - t0) / max(t1 - t0, 1e-12)
  }
}
