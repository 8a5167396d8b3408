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
