import Testing

@testable import SimCore

/// Flutter's `RenderSliverList` at the cache extent's edges (`sliver_list.dart`; see
/// `FlutterListStrategy`): a child is built when its top is before the cache end, kept while
/// its bottom is at or after the cache start, and not built anew when it only touches it.
@Suite struct FlutterBoundaryTests {
  /// Rows of 100, viewport 800, cacheExtent 250: the cache end is offset + 1050.
  @Test func theCacheEndIsExclusive() throws {
    for (offset, last) in [(49.75, 10), (50, 10), (50.25, 11)] {
      let list = FakeList(itemCount: 100)
      let flutter = try StrategyChoice.make("flutter")
      list.contentOffset = offset
      flutter.listDidLoad(list)
      #expect(list.rendersPrepared.max() == last, "offset \(offset)")
    }
  }

  /// The cache start is offset − 250. At 350 row 0's bottom (100) is exactly on it: kept; at
  /// 350.25 it is dropped; back at 350 it is not built again (only a child ending after the
  /// start is inserted); at 349.75 it is.
  @Test func aChildEndingAtTheCacheStartStaysButIsNotRebuilt() throws {
    let list = FakeList(itemCount: 100)
    let flutter = try StrategyChoice.make("flutter")
    flutter.listDidLoad(list)
    list.completeContent(0, strategy: flutter)
    list.scroll(to: 350, strategy: flutter, dt: 1)
    #expect(!list.contentCleared.contains(0))
    list.scroll(to: 350.25, strategy: flutter, dt: 1)
    #expect(list.contentCleared == [0])
    let builds = list.rendersPrepared.filter { $0 == 0 }.count
    list.scroll(to: 350, strategy: flutter, dt: 1)
    #expect(list.rendersPrepared.filter { $0 == 0 }.count == builds)
    list.scroll(to: 349.75, strategy: flutter, dt: 1)
    #expect(list.rendersPrepared.filter { $0 == 0 }.count == builds + 1)
  }
}
