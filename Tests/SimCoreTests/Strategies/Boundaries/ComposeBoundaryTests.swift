import Testing

@testable import SimCore

/// Compose's cache window and prefetch scheduler at their edges, from the sources in
/// `ComposeCacheWindow`'s and `ComposePrefetchScheduler`'s doc comments. Lines of 300 px on a
/// viewport of 2400 px.
@Suite struct ComposeBoundaryTests {
  static func pass(visible: ClosedRange<Int>?, offset: Int = 0, size: Int = 300, lines: Int = 100)
    -> ComposeCacheWindow.Pass
  {
    let viewport = 2400
    var extraStart = 0
    var extraEnd = 0
    if let visible {
      extraStart = max(0, offset - visible.lowerBound * size)
      extraEnd = abs((visible.upperBound + 1) * size - (offset + viewport))
    }
    return ComposeCacheWindow.Pass(
      lineCount: lines, visible: visible, size: { _ in size }, extraStart: extraStart, extraEnd: extraEnd,
      viewport: viewport, density: 3)
  }

  /// The lines a window of `ahead` dp composes at rest from the top (it fills at rest:
  /// `isNonScrollCachingEnabled`), each prefetch finishing before the next is asked for.
  func filledAtRest(aheadPx: Double) -> [Int] {
    var window = ComposeCacheWindow(extent: .dp(ahead: aheadPx / 3, behind: 0), isNonScrollCachingEnabled: true)
    window.visibleItemsUpdated(Self.pass(visible: 0...7))
    var composed: [Int] = []
    var actions = window.takeActions()
    while case .schedule(let line, _)? = actions.first {
      composed.append(line)
      window.prefetched(line: line, size: 300)
      actions = window.takeActions()
    }
    return composed
  }

  /// The window fills while space is left: 600 px is exactly two lines of 300; a pixel more
  /// asks for a third, a pixel less still two (the second is asked for with 300 px left).
  @Test func theAheadWindowFillsWhileSpaceIsLeft() {
    #expect(filledAtRest(aheadPx: 600) == [8, 9])
    #expect(filledAtRest(aheadPx: 601) == [8, 9, 10])
    #expect(filledAtRest(aheadPx: 599) == [8, 9])
    #expect(filledAtRest(aheadPx: 300) == [8])
    #expect(filledAtRest(aheadPx: 0).isEmpty)
  }

  /// `LazyListDefaults.cacheWindow`: the average visible size clamped to 10–50 % of the
  /// viewport (240–1200 px of 2400).
  @Test func theDefaultWindowClampsTheAverageVisibleSize() {
    let window = ComposeCacheWindow(extent: .listDefault, isNonScrollCachingEnabled: true)
    for (size, ahead) in [(239, 240), (240, 240), (241, 241), (1199, 1199), (1200, 1200), (1201, 1200)] {
      #expect(window.aheadWindow(Self.pass(visible: 0...1, size: size)) == ahead, "\(size) px lines")
    }
    #expect(window.behindWindow(Self.pass(visible: 0...1)) == 0)
    #expect(!window.isNonScrollCachingEnabled)
  }

  /// The line next to the viewport is urgent when `|delta| ≥` the last visible line's
  /// overhang past the viewport's end (`isUrgent`): after scrolling 150 px with 150 px left
  /// over, yes; 149 px with 151 px over, no; 151 with 149, yes.
  @Test func theNextLineIsUrgentWhenTheScrollCoversTheOverhang() {
    for (offset, urgent) in [(150, true), (149, false), (151, true)] {
      var window = ComposeCacheWindow(extent: .dp(ahead: 100, behind: 0), isNonScrollCachingEnabled: false)
      window.visibleItemsUpdated(Self.pass(visible: 0...7))
      _ = window.takeActions()
      let pass = Self.pass(visible: 0...8, offset: offset)
      window.visibleItemsUpdated(pass)
      window.scrolled(pass, delta: -offset)
      #expect(window.takeActions() == [.schedule(line: 9, urgent: urgent)], "scrolled \(offset) px")
    }
  }

  /// `shouldExecute`: a request runs only with more time left than its average, strictly; an
  /// urgent one with any time left; none with no time.
  @Test func aPrefetchRunsOnlyWithMoreTimeThanItsAverage() {
    #expect(!ComposePrefetchScheduler.runs(available: 0.004, average: 0.004, urgent: false))
    #expect(ComposePrefetchScheduler.runs(available: 0.00401, average: 0.004, urgent: false))
    #expect(ComposePrefetchScheduler.runs(available: 0.00001, average: 0.004, urgent: true))
    #expect(!ComposePrefetchScheduler.runs(available: 0, average: 0, urgent: true))
    #expect(ComposePrefetchScheduler.runs(available: 0.00001, average: 0, urgent: false))
  }

  /// A line cached by its prefetch has no key (`CachedItem.NoKey`): when it comes on screen
  /// its key differs and the window refills from the last visible line (600 px ahead, 200 px of
  /// it covered by row 8's overhang: row 9 cached, row 10 asked for); a line cached on screen
  /// refills nothing.
  @Test func aPrefetchedLineComingOnScreenRefillsTheWindow() {
    var window = ComposeCacheWindow(extent: .dp(ahead: 200, behind: 0), isNonScrollCachingEnabled: true)
    window.visibleItemsUpdated(Self.pass(visible: 0...7))
    #expect(window.takeActions() == [.schedule(line: 8, urgent: false)])
    window.prefetched(line: 8, size: 300)
    window.prefetched(line: 9, size: 300)
    _ = window.takeActions()
    window.visibleItemsUpdated(Self.pass(visible: 0...8, offset: 100))
    #expect(window.takeActions() == [.cancel(line: 8), .schedule(line: 10, urgent: false)])
    window.visibleItemsUpdated(Self.pass(visible: 0...8, offset: 100))
    #expect(window.takeActions().isEmpty)
  }

  /// A count change (a page appended) drops the lines ahead of the last visible one, scrolling
  /// forward, and a default window does not refill them until the list scrolls again.
  @Test func anAppendedPageDropsTheLinesAhead() {
    var window = ComposeCacheWindow(extent: .dp(ahead: 200, behind: 0), isNonScrollCachingEnabled: false)
    window.visibleItemsUpdated(Self.pass(visible: 0...7))
    let pass = Self.pass(visible: 0...8, offset: 100)
    window.visibleItemsUpdated(pass)
    window.scrolled(pass, delta: -100)
    #expect(window.takeActions() == [.schedule(line: 9, urgent: false)])
    window.prefetched(line: 9, size: 300)
    #expect(window.takeActions() == [.schedule(line: 10, urgent: false)])
    window.prefetched(line: 10, size: 300)
    #expect(window.takeActions().isEmpty)
    window.visibleItemsUpdated(Self.pass(visible: 0...8, offset: 100, lines: 120))
    #expect(window.takeActions() == [.cancel(line: 9), .release(line: 9), .cancel(line: 10), .release(line: 10)])
  }

  /// The legacy strategy's line must exist (`in 0 until totalItemsCount`): with 20 lines, the
  /// last visible line 18 schedules 19, the last line 19 schedules nothing (and drops 19, no
  /// longer expected next); backwards, first line 1 schedules 0, first line 0 nothing.
  @Test func theLegacyLineMustExist() {
    var legacy = ComposeLegacyPrefetch()
    legacy.visibleItemsUpdated(visible: 11...18)
    legacy.scrolled(visible: 11...18, lineCount: 20, delta: -100)
    #expect(legacy.takeActions() == [.schedule(line: 19, urgent: false)])
    legacy.visibleItemsUpdated(visible: 12...19)
    legacy.scrolled(visible: 12...19, lineCount: 20, delta: -100)
    #expect(legacy.takeActions() == [.cancel(line: 19), .release(line: 19)])
    #expect(legacy.target == -1)
    legacy.visibleItemsUpdated(visible: 1...8)
    legacy.scrolled(visible: 1...8, lineCount: 20, delta: 100)
    #expect(legacy.takeActions() == [.schedule(line: 0, urgent: false)])
    legacy.visibleItemsUpdated(visible: 0...7)
    legacy.scrolled(visible: 0...7, lineCount: 20, delta: 100)
    #expect(legacy.takeActions() == [.cancel(line: 0), .release(line: 0)])
    #expect(legacy.target == -1)
  }
}
