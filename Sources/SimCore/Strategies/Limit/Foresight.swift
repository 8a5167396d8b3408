/// What the future holds for a run, as only the clairvoyant strategy may know it: when each row
/// will be visible and how much of the screen it covers, if nothing ever made the user wait
/// (the engine's `FreePath`), with the rows seen sorted once.
struct Foresight: Sendable {
  /// What the free path says of one row it shows.
  private struct SeenRow: Sendable {
    /// When it first becomes visible (NaN: never).
    var firstVisible = Double.nan
    /// Its total visible time (over every visibility episode).
    var visibleSeconds = 0.0
    /// When it stops being visible for the last time (infinity: still visible when the
    /// session ends, which a late image prolongs; NaN: never seen).
    var lastVisible = Double.nan
    /// Its cumulative coverage of the screen, as (time, share × seconds) points
    /// (`FreePath.coverage`).
    var coverage: [Double] = []
  }

  /// Per row, in a table rather than dictionaries: the plans look rows up hundreds of
  /// thousands of times, and hashing the row was a fifth of the limit's run.
  private let rows: RowTable<SeenRow>

  /// Rows that will be visible, earliest first (ties by index).
  let seenRows: [Int]

  init(
    firstVisible: [Int: Double], visibleSeconds: [Int: Double], lastVisible: [Int: Double],
    coverage: [Int: [Double]] = [:]
  ) {
    var rows = RowTable(defaultValue: SeenRow())
    for (item, time) in firstVisible where item >= 0 {
      rows[item] = SeenRow(
        firstVisible: time, visibleSeconds: visibleSeconds[item] ?? 0, lastVisible: lastVisible[item] ?? .nan,
        coverage: coverage[item] ?? [])
    }
    self.rows = rows
    seenRows = firstVisible.keys.filter { $0 >= 0 }.sorted { (firstVisible[$0]!, $0) < (firstVisible[$1]!, $1) }
  }

  init(_ path: FreePath) {
    self.init(
      firstVisible: path.firstVisible, visibleSeconds: path.visibleSeconds, lastVisible: path.lastVisible,
      coverage: path.coverage)
  }

  /// When `item` first becomes visible; nil: never.
  func firstVisible(_ item: Int) -> Double? {
    let time = rows[item].firstVisible
    return time.isNaN ? nil : time
  }

  /// How long `item` is visible in all (0 if never).
  func visibleSeconds(_ item: Int) -> Double { rows[item].visibleSeconds }

  /// When `item` stops being visible for the last time (infinity: never); nil: never seen.
  func lastVisible(_ item: Int) -> Double? {
    let time = rows[item].lastVisible
    return time.isNaN ? nil : time
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
    let points = rows[item].coverage
    guard points.count >= 2 else { return 0 }
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
