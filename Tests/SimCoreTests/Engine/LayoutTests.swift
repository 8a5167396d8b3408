import Foundation
import Testing

@testable import SimCore

@Suite struct LayoutTests {
  /// Seed 002's waterfall: each item goes into the shortest column (leftmost on ties):
  /// item 3 goes left (100 < 130), item 4 ties at 130 and goes left too.
  @Test func waterfallPlacesIntoTheShortestColumn() {
    let heights: [Double] = [100, 50, 80, 30, 60]
    let layout = ListLayout(columns: 2) { heights[$0] }
    layout.ensure(5)
    #expect((0..<5).map { layout.frame(of: $0).column } == [0, 1, 1, 0, 0])
    #expect((0..<5).map { layout.frame(of: $0).top } == [0, 0, 50, 100, 130])
    #expect(layout.contentLength(itemCount: 5) == 190)
    #expect(layout.contentLength(itemCount: 3) == 130)
  }

  /// The binary-searched band query agrees with a brute-force scan.
  @Test func bandQueryMatchesBruteForce() {
    let layout = ListLayout(spec: ListSpec(heights: .distribution(.uniform(min: 20, max: 400)), columns: 3), seed: 9)
    layout.ensure(500)
    for lower in stride(from: -100.0, to: 20_000, by: 137) {
      let upper = lower + 844
      let expected = (0..<500).filter { layout.frame(of: $0).bottom > lower && layout.frame(of: $0).top < upper }
      #expect(layout.items(from: lower, to: upper, itemCount: 500) == expected)
    }
  }

  @Test func heightsAreSeededPerItem() {
    let a = ListLayout(spec: ListSpec(), seed: 4)
    let b = ListLayout(spec: ListSpec(), seed: 4)
    let c = ListLayout(spec: ListSpec(), seed: 5)
    #expect(a.frame(of: 42) == b.frame(of: 42))
    #expect(a.contentLength(itemCount: 100) != c.contentLength(itemCount: 100))
    #expect((0..<100).allSatisfy { (120...480).contains(a.frame(of: $0).height) })
  }
}

@Suite struct ListBandTests {
  /// A band sliding in small random steps over a waterfall returns exactly the brute-force rows,
  /// and reuses its result (same version) while the rows do not change.
  @Test func slidingBandMatchesBruteForce() {
    let layout = ListLayout(spec: ListSpec(heights: .distribution(.uniform(min: 20, max: 400)), columns: 2), seed: 3)
    layout.ensure(400)
    var band = ListBand()
    var random = SeededRandom(seed: 8)
    var offset = 0.0
    var reused = 0
    for _ in 0..<5000 {
      offset = max(-50, offset + random.uniform(-30...60))
      let before = band.version
      let items = band.update(from: offset, to: offset + 844, layout: layout, count: 400)
      let expected = (0..<400).filter {
        layout.frame(of: $0).bottom > offset && layout.frame(of: $0).top < offset + 844
      }
      #expect(items == expected)
      if band.version == before { reused += 1 }
    }
    #expect(reused > 1000)
  }
}

/// The band's searches start from the last query's indices: from any hint they find what a
/// linear scan finds.
@Test func searchFromAnyHintAgreesWithAScan() {
  let heights = (0..<57).map { Double(1 + ($0 * 37) % 11) }
  let layout = ListLayout(columns: 2) { heights[$0] }
  layout.ensure(heights.count)
  let frames = layout.frames
  for count in [0, 1, 2, 3, 17, 57] {
    for bound in stride(from: -5.0, through: 200, by: 3.5) {
      let expected = (0..<count).first { frames[$0].top >= bound } ?? count
      for hint in -2...(count + 2) {
        let found = ListLayout.firstIndex(frames, count, near: hint) { $0.top >= bound }
        #expect(found == expected, "count \(count), bound \(bound), hint \(hint)")
      }
    }
  }
}

/// Rows are laid out as the list reaches them. A list of at most `exactLengthLimit` rows is
/// laid out whole for its length (exact); a longer one extrapolates from the rows laid out
/// and becomes exact once its last row is.
@Suite struct LazyLayoutTests {
  let spec = ListSpec(heights: .distribution(.uniform(min: 120, max: 480)), columns: 1)

  @Test func aLongListLaysOutOnlyWhatIsReached() {
    let layout = ListLayout(spec: spec, seed: 1)
    let rows = 10_000_000
    let estimate = layout.contentLength(itemCount: rows)
    #expect(layout.laidOutCount < 1000)
    #expect(estimate > 120.0 * Double(rows) && estimate < 480.0 * Double(rows))
    let items = layout.items(from: 50_000, to: 50_844, itemCount: rows)
    #expect(!items.isEmpty && layout.laidOutCount < 2000)
    #expect(items.allSatisfy { layout.frame(of: $0).bottom > 50_000 && layout.frame(of: $0).top < 50_844 })
    // The same rows as a list laid out whole.
    let whole = ListLayout(spec: spec, seed: 1)
    whole.ensure(5000)
    #expect(whole.items(from: 50_000, to: 50_844, itemCount: 5000) == items)
    // The estimate is the laid-out length plus their average for each row not laid out.
    let known = layout.frame(of: layout.laidOutCount - 1).bottom
    let average = known / Double(layout.laidOutCount)
    let refined = layout.contentLength(itemCount: rows)
    #expect(abs(refined - (known + average * Double(rows - layout.laidOutCount))) < 1e-6 * refined)
  }

  @Test func shortListsAreExactAndLongOnesBecomeExact() {
    let short = ListLayout(spec: spec, seed: 2)
    let count = ListLayout.exactLengthLimit
    let length = short.contentLength(itemCount: count)
    #expect(short.laidOutCount == count)
    #expect(length == short.frame(of: count - 1).bottom)
    let long = ListLayout(spec: spec, seed: 2)
    _ = long.contentLength(itemCount: count + 1)
    #expect(long.laidOutCount < count)
    long.ensure(count + 1)
    #expect(long.contentLength(itemCount: count + 1) == long.frame(of: count).bottom)
  }

  /// A ten-million-row placeholder feed runs like a ten-thousand-row one on a trace that stays
  /// far from its end: every strategy (the oracle too) gets the same metrics, and only the rows
  /// the run reached are laid out.
  @Test func aTenMillionRowFeedRunsLikeAShortOne() throws {
    // 20 s of hard flinging: thousands of rows, far from the ten-millionth.
    let trace = try TraceTools.slice(
      Trace.load(
        path: PackageRoot.url("Traces/fling-stress-60s.json").path), from: 0, to: 20)
    func scenario(rows: Int) -> Scenario {
      var scenario = Scenario()
      scenario.feed = FeedSpec(kind: .placeholder, pageSize: 20, initialItems: 0, totalItems: rows)
      return scenario
    }
    for choice in try StrategyCatalog.builtIn.choices("all") {
      let reports = try [10_000, 10_000_000].map { rows in
        let result = try Simulation.run(
          trace: trace, traceName: "t", scenario: scenario(rows: rows), strategy: choice)
        return Report.render([result.metrics], format: .csv, single: true)
      }
      #expect(reports[0] == reports[1], "\(choice.label)")
    }
    let choice = try StrategyChoice(name: "smart", parameters: [], catalog: .builtIn)
    let physics = try PhysicsPresets.lookup("ios", density: 3, viewport: trace.device.viewportHeight)
    let simulation = Simulation(
      trace: trace, scenario: scenario(rows: 10_000_000), strategy: choice.make(), physics: physics,
      options: SimulationOptions())
    try simulation.execute()
    #expect(simulation.layout.laidOutCount < 5000)
  }
}
