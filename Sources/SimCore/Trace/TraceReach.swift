/// How far a trace takes a list when nothing makes the user wait (its free path), and whether
/// that is far enough to tell strategies apart.
///
/// Strategies differ in when they fetch the next page and which rows they load early; a trace
/// that never reaches the end of the first page needs no page at all, and one that shows few
/// rows leaves every strategy the same few images to load, so many tie (the README's old
/// walkthrough trace, `generate --profile flinger`, showed 21 rows in 60 s and tied 9 of 18
/// strategies at 0.5 s). `trace info` and `compare` say so rather than let a tie pass for a
/// verdict.
package struct TraceReach: Sendable, Equatable {
  /// Distinct rows that come on screen.
  package var rowsSeen: Int
  /// The furthest row that comes on screen (−1: none).
  package var lastRow: Int
  /// Rows loaded before the trace starts (`feed.initialItems`).
  package var initialRows: Int
  /// Rows per page (`feed.pageSize`).
  package var pageSize: Int

  /// Fewer rows seen than this is "few": three pages' worth. An assumption, not a measured
  /// threshold: below it at most two pages are ever needed beyond the first, so paging
  /// strategies can differ in at most two decisions.
  package var fewRows: Int { 3 * pageSize }

  /// The free path of `trace` over `scenario`, as the engine works it out for the limit.
  package static func of(
    _ trace: Trace, scenario: Scenario, options: SimulationOptions = SimulationOptions()
  ) throws(SimError) -> TraceReach {
    let scenario = try scenario.forSession(trace)
    let physics = try PhysicsPresets.lookup(for: trace, override: options.physics, touch: scenario.touch)
    let path = try FreePath.compute(trace: trace, scenario: scenario, physics: physics, options: options)
    return TraceReach(
      rowsSeen: path.firstVisible.count, lastRow: path.firstVisible.keys.max() ?? -1,
      initialRows: scenario.feed.initialItems, pageSize: scenario.feed.pageSize)
  }

  /// What keeps a trace from separating strategies.
  package enum Shortfall: String, Sendable, CaseIterable {
    /// It never reaches the end of the rows loaded at the start: no page is ever fetched.
    case firstPage
    /// It shows fewer rows than `fewRows`.
    case fewRows
  }

  /// What keeps the trace from separating strategies; nil when nothing does.
  package var shortfall: Shortfall? {
    if lastRow < initialRows { return .firstPage }
    if rowsSeen < fewRows { return .fewRows }
    return nil
  }

  /// `shortfall` as a sentence; nil when nothing keeps the trace from separating strategies.
  package var warning: String? {
    let pages = "pages of \(pageSize) rows, \(initialRows) loaded at the start"
    switch shortfall {
    case .firstPage?:
      return
        "it never reaches the end of the first page (the furthest row it shows is row \(lastRow + 1) of the \(initialRows) loaded at the start): no page is ever fetched, so strategies differ only in how they load those rows' images; a trace that scrolls further separates them (a recorded feed session, or generate --profile fling-stress)"
    case .fewRows?:
      return
        "it shows only \(rowsSeen) rows (\(pages)): strategies have few pages and images to differ on, and many may tie; a trace that scrolls further separates them (a recorded feed session, or generate --profile fling-stress)"
    case nil:
      return nil
    }
  }
}

extension TraceReach {
  /// One line for people.
  package var text: String {
    "reach: \(rowsSeen) rows seen, furthest row \(lastRow + 1) (pages of \(pageSize) rows, \(initialRows) loaded at the start)"
  }

  package var json: JSONValue {
    .object([
      ("rowsSeen", .int(rowsSeen)), ("furthestRow", .int(lastRow + 1)), ("pageSize", .int(pageSize)),
      ("initialRows", .int(initialRows)),
    ])
  }
}
