/// Compose Foundation's cache window: which lines of a `LazyColumn` or `LazyVerticalGrid` are
/// composed ahead of the viewport, and which stay composed behind it, as the list is measured
/// and scrolled. Positions and sizes are whole pixels, as Compose measures them.
///
/// Source (androidx/androidx, `compose/foundation/foundation/src/commonMain/kotlin/androidx/
/// compose/foundation/`): `lazy/layout/CacheWindowLogic.kt` @0837a65b, `MultiLaneCacheWindow`
/// with one lane (`ComposeFoundationFlags.kt` @00fd37cb turns `isMultiLaneCacheWindowEnabled`
/// and `isCacheWindowLookaheadCheckEnabled` on), driven as `lazy/LazyListCacheWindowStrategy.kt`
/// @0977a60 drives it (`lastItemIndexInLine` is the index itself in a list; a grid's lines are
/// its rows):
/// - `onVisibleItemsUpdated` (after each measure pass): the first pass, a change in the item
///   count, or a visible line cached with another size or key refills the window (a line
///   cached by its prefetch has no key, `CachedItem.NoKey`, so each prefetched line that comes
///   on screen refills it); a refill fills the ahead
///   window only if `isNonScrollCachingEnabled` (else with a window of 0, which just resets its
///   bounds); a count change first drops what lies ahead of the last visible line (behind the
///   first, scrolling back); the visible lines are cached with their sizes and their prefetch
///   handles cancelled.
/// - `onScroll(delta)` (after a scrolled measure pass; `delta < 0` scrolls forward): keep
///   around behind the motion up to the behind window, only lines already cached, dropping the
///   rest; then fill ahead: on a change of direction the ahead space restarts at `window −
///   extra` (the last visible line's overhang past the viewport's end, spacing included), else
///   it grows by `|delta|` up to that. Walking ahead from the window's end, a cached line's
///   size is taken from the space; the first line neither cached nor scheduled is scheduled
///   (urgent if it is the line next to the viewport and `|delta| ≥ extra`), and the walk stops.
/// - A prefetched line joins the cache, its size is taken from the space, and the next line is
///   scheduled while space is left (`scheduleNextItemIfNeeded`).
/// A line dropped from the cache is no longer kept composed: the strategy disposes it unless it
/// is on screen.
struct ComposeCacheWindow {
  /// The window's size, as `LazyLayoutCacheWindow` computes it (`lazy/layout/
  /// LazyLayoutCacheWindow.kt` @080d2b3e).
  enum Extent: Equatable, Sendable {
    /// `LazyLayoutCacheWindow(ahead = …dp, behind = …dp)`: `Dp.roundToPx()`.
    case dp(ahead: Double, behind: Double)
    /// `LazyLayoutCacheWindow(aheadFraction =, behindFraction =)`: `(viewport × f).roundToInt()`.
    case fraction(ahead: Double, behind: Double)
    /// `LazyListDefaults.cacheWindow` (`lazy/LazyListDefaults.kt` @4a12bedb): ahead the average
    /// size of the visible items "clamped between 10% and 50% of the viewport", nothing behind,
    /// no caching at rest. Its class, `DefaultLazyLayoutCacheWindow`, is not in the stored
    /// sources: the rounding (the clamped average to the nearest pixel) is an ASSUMPTION.
    case listDefault
  }

  /// What one measure pass tells the window (`CacheWindowScope`), in lines and pixels.
  struct Pass {
    /// Lines that exist (`totalItemsCount`, in lines).
    var lineCount: Int
    /// The visible lines, first to last (empty: nothing visible).
    var visible: ClosedRange<Int>?
    /// The main-axis size of a line (px).
    var size: (Int) -> Int
    /// How far the first visible line reaches before the viewport's start (px, ≥ 0).
    var extraStart: Int
    /// How far the last visible line, with the spacing after it, reaches past the viewport's
    /// end, or falls short of it (px, ≥ 0).
    var extraEnd: Int
    var viewport: Int
    var density: Double
  }

  /// What the window asks of the prefetcher.
  enum Action: Equatable {
    /// Compose this line in idle time (`schedulePrefetch`), urgently or not.
    case schedule(line: Int, urgent: Bool)
    case markUrgent(line: Int)
    /// Its handle is cancelled: a request not run yet is dropped.
    case cancel(line: Int)
    /// It left the cache: no longer kept composed.
    case release(line: Int)
  }

  let extent: Extent
  let isNonScrollCachingEnabled: Bool

  private var previousPassDelta = 0
  private var previousPassItemCount: Int?
  private var hasUpdatedVisibleItemsOnce = false
  private var shouldRefillWindow = false
  private var itemsCount = 0
  /// The window's first and last lines (visible, cached or scheduled between).
  private(set) var startLine = Int.max
  private(set) var endLine = Int.min
  private var startSpace = 0
  private var endSpace = 0
  /// A cached line: its size, and whether it was cached on screen, with its item's key; a
  /// line cached by its prefetch has none (`CachedItem.NoKey`), so on screen it differs.
  struct Cached: Equatable {
    var size: Int
    var keyed: Bool
  }

  /// Lines scheduled (run or not), and the lines cached (`windowCacheWithItems`).
  private(set) var handles = LineTable<Void>()
  private(set) var cached = LineTable<Cached>()
  private(set) var actions: [Action] = []

  init(extent: Extent, isNonScrollCachingEnabled: Bool) {
    self.extent = extent
    // The default window does not cache at rest, whatever the flag says.
    self.isNonScrollCachingEnabled = extent == .listDefault ? false : isNonScrollCachingEnabled
  }

  /// The ahead window (px) for this pass.
  func aheadWindow(_ pass: Pass) -> Int {
    switch extent {
    case .dp(let ahead, _): return Self.roundToPx(ahead * pass.density)
    case .fraction(let ahead, _): return Self.roundToPx(Double(pass.viewport) * ahead)
    case .listDefault:
      guard let visible = pass.visible else { return 0 }
      let average = Double(visible.reduce(0) { $0 + pass.size($1) }) / Double(visible.count)
      let viewport = Double(pass.viewport)
      return Self.roundToPx(min(max(average, 0.1 * viewport), 0.5 * viewport))
    }
  }

  /// The behind window (px) for this pass.
  func behindWindow(_ pass: Pass) -> Int {
    switch extent {
    case .dp(_, let behind): return Self.roundToPx(behind * pass.density)
    case .fraction(_, let behind): return Self.roundToPx(Double(pass.viewport) * behind)
    case .listDefault: return 0
    }
  }

  /// Kotlin's `roundToInt` of a finite non-negative size.
  static func roundToPx(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(min(max(value, 0), 1e9).rounded())
  }

  /// The actions asked for since the last call, in order.
  mutating func takeActions() -> [Action] {
    defer { actions.removeAll(keepingCapacity: true) }
    return actions
  }

  // MARK: Measure passes

  mutating func visibleItemsUpdated(_ pass: Pass) {
    if !hasUpdatedVisibleItemsOnce {
      shouldRefillWindow = true
      hasUpdatedVisibleItemsOnce = true
    }
    if let previous = previousPassItemCount, previous != pass.lineCount {
      shouldRefillWindow = true
      datasetChanged(pass)
    }
    itemsCount = pass.lineCount
    if let visible = pass.visible {
      for line in visible { cacheVisible(line, size: pass.size(line)) }
      if shouldRefillWindow {
        let window = isNonScrollCachingEnabled ? aheadWindow(pass) : 0
        prefetchForward(pass, window: window, delta: 0, forward: previousPassDelta <= 0)
        shouldRefillWindow = false
      }
    } else {
      reset()
    }
    previousPassItemCount = pass.lineCount
  }

  mutating func scrolled(_ pass: Pass, delta: Int) {
    if pass.visible != nil {
      itemsCount = pass.lineCount
      keepAround(pass, window: behindWindow(pass), delta: delta)
      prefetchForward(pass, window: aheadWindow(pass), delta: delta, forward: delta <= 0)
    }
    previousPassDelta = delta
  }

  /// A scheduled line was composed and measured: it joins the window, and the next is asked for.
  mutating func prefetched(line: Int, size: Int) {
    cached[line] = Cached(size: size, keyed: false)
    if line > endLine {
      endLine = line
      endSpace -= size
    } else if line < startLine {
      startLine = line
      startSpace -= size
    }
    scheduleNextIfNeeded()
  }

  // MARK: The window's steps (CacheWindowLogic's, one lane)

  private mutating func datasetChanged(_ pass: Pass) {
    guard let visible = pass.visible else { return }
    startLine = max(startLine, 0)
    if pass.lineCount > 0 { endLine = min(endLine, pass.lineCount - 1) }
    if previousPassDelta <= 0 {
      removeOutOfBounds(visible.upperBound + 1, itemsCount - 1)
    } else {
      removeOutOfBounds(0, visible.lowerBound - 1)
    }
  }

  private mutating func cacheVisible(_ line: Int, size: Int) {
    if let entry = cached.updateValue(Cached(size: size, keyed: true), forKey: line), entry.size != size || !entry.keyed
    {
      shouldRefillWindow = true
    }
    startLine = min(startLine, line)
    endLine = max(endLine, line)
    if handles.removeValue(forKey: line) != nil { actions.append(.cancel(line: line)) }
  }

  private mutating func keepAround(_ pass: Pass, window: Int, delta: Int) {
    guard let visible = pass.visible else { return }
    if delta <= 0 {
      startSpace = window - pass.extraStart
      startLine = visible.lowerBound
      while startSpace > 0 {
        let next = startLine - 1
        guard next >= 0, let size = cached[next]?.size else {
          startSpace = 0
          break
        }
        startLine = next
        startSpace -= size
      }
      removeOutOfBounds(0, startLine - 1)
    } else {
      endSpace = window - pass.extraEnd
      endLine = visible.upperBound
      while endSpace > 0 {
        let next = endLine + 1
        guard endLine < itemsCount - 1, let size = cached[next]?.size else {
          endSpace = 0
          break
        }
        endLine = next
        endSpace -= size
      }
      removeOutOfBounds(endLine + 1, itemsCount - 1)
    }
  }

  private mutating func prefetchForward(_ pass: Pass, window: Int, delta: Int, forward: Bool) {
    guard let visible = pass.visible else { return }
    let changedDirection = delta.signum() != previousPassDelta.signum()
    if forward {
      let remaining = window - pass.extraEnd
      if changedDirection || shouldRefillWindow {
        endLine = visible.upperBound
        endSpace = remaining
      } else {
        endSpace = min(endSpace + abs(delta), remaining)
      }
      while endSpace > 0 {
        guard endLine >= 0, endLine < itemsCount - 1 else {
          endSpace = 0
          break
        }
        let line = endLine + 1
        let urgent = line == visible.upperBound + 1 && delta != 0 && abs(delta) >= pass.extraEnd
        guard let size = sizeOrPrefetch(line, urgent: urgent) else { break }
        endLine = line
        endSpace -= size
      }
    } else {
      let remaining = window - pass.extraStart
      if changedDirection || shouldRefillWindow {
        startSpace = remaining
        startLine = visible.lowerBound
      } else {
        startSpace = min(startSpace + abs(delta), remaining)
      }
      while startSpace > 0 {
        guard startLine > 0 else {
          startSpace = 0
          break
        }
        let line = startLine - 1
        let urgent = line == visible.lowerBound - 1 && delta != 0 && abs(delta) >= pass.extraStart
        guard let size = sizeOrPrefetch(line, urgent: urgent) else { break }
        startLine = line
        startSpace -= size
      }
    }
  }

  /// A cached line's size; else nil, scheduling the line if it is not already.
  private mutating func sizeOrPrefetch(_ line: Int, urgent: Bool) -> Int? {
    if let size = cached[line]?.size { return size }
    if handles.contains(line) {
      if urgent { actions.append(.markUrgent(line: line)) }
    } else {
      handles[line] = ()
      actions.append(.schedule(line: line, urgent: urgent))
    }
    return nil
  }

  private mutating func scheduleNextIfNeeded() {
    var next: Int?
    if previousPassDelta <= 0 {
      if endSpace > 0 {
        if endLine + 1 < itemsCount { next = endLine + 1 } else { endSpace = 0 }
      }
    } else if startSpace > 0 {
      if startLine > 0 { next = startLine - 1 } else { startSpace = 0 }
    }
    guard let line = next, line >= 0, !handles.contains(line), cached[line] == nil else { return }
    handles[line] = ()
    actions.append(.schedule(line: line, urgent: false))
  }

  /// Cancels the handles and drops the cache of the lines in `first...last`.
  private mutating func removeOutOfBounds(_ first: Int, _ last: Int) {
    guard first <= last else { return }
    let range = first...last
    let lines = (handles.lines(in: range) + cached.lines(in: range)).sorted()
    for (index, line) in lines.enumerated() where index == 0 || lines[index - 1] != line {
      if handles.removeValue(forKey: line) != nil { actions.append(.cancel(line: line)) }
      if cached.removeValue(forKey: line) != nil { actions.append(.release(line: line)) }
    }
  }

  private mutating func reset() {
    startLine = .max
    endLine = .min
    startSpace = 0
    endSpace = 0
    shouldRefillWindow = false
    for line in handles.lines { actions.append(.cancel(line: line)) }
    for line in cached.lines { actions.append(.release(line: line)) }
    handles.removeAll()
    cached.removeAll()
  }
}
