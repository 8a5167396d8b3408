import Testing

@testable import SimCore

/// Each stack's printed code is written for the library versions its first line names
/// (`TuneStacks.versions`): a change that drifts from their API — the Flutter snippet going back
/// to infinite_scroll_pagination 4's `PagingController(firstPageKey:, invisibleItemsThreshold:)`
/// beside a plain `ListView.builder` — fails here. `.ci/tune-code.py` compiles the same code.
@Suite struct TuneCodeShapeTests {
  static func code(_ stack: String) throws -> String {
    let space = try TuneSpace(stack: try TuneStacks.named(stack))
    return space.code(space.current, pageSize: 20)
  }

  /// `text`'s pieces appear in this order.
  static func inOrder(_ text: String, _ pieces: [String]) -> Bool {
    var rest = Substring(text)
    for piece in pieces {
      guard let range = rest.range(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  @Test(arguments: TuneStacks.names) func theFirstLineNamesTheVersions(stack: String) throws {
    let first = try Self.code(stack).split(separator: "\n").first.map(String.init)
    #expect(first == TuneStacks.versions[stack])
  }

  @Test func flutterIsInfiniteScrollPagination5() throws {
    let code = try Self.code("flutter")
    #expect(
      Self.inOrder(
        code,
        [
          "PagingController<int, Item>(", "getNextPageKey:", "fetchPage:", "PagingListener(",
          "controller: pagingController", "PagedListView<int, Item>(", "state: state", "fetchNextPage: fetchNextPage",
          "cacheExtent: 250", "PagedChildBuilderDelegate<Item>(", "itemBuilder:", "invisibleItemsThreshold: 3",
        ]))
    #expect(!code.contains("firstPageKey") && !code.contains("ListView.builder"))
  }

  @Test func androidWiresThePagerToItsAdapter() throws {
    let code = try Self.code("android")
    #expect(
      Self.inOrder(
        code,
        [
          "Pager(PagingConfig(pageSize = 20, prefetchDistance = 20, initialLoadSize = 60))", "recyclerView.adapter =",
          "pager.flow.collectLatest", "submitData(", "setItemViewCacheSize(2)",
          "RecyclerViewPreloader(Glide.with(fragment), preloadModelProvider, preloadSizeProvider, 10)",
        ]))
  }

  @Test func theOtherStacksKeepTheirLibrariesShape() throws {
    #expect(
      Self.inOrder(
        try Self.code("flashlist"),
        ["<FlashList", "onEndReached={loadNextPage}", "drawDistance={250}", "onEndReachedThreshold={0.5}", "/>"]))
    #expect(!(try Self.code("flashlist")).contains("estimatedItemSize"))
    #expect(
      Self.inOrder(
        try Self.code("react-native"),
        ["<FlatList", "onEndReached={loadNextPage}", "windowSize={21}", "maxToRenderPerBatch={10}", "/>"]))
    #expect(
      Self.inOrder(
        try Self.code("ios"),
        ["rowsLeftBeforeNextPage = 1", "tableView.prefetchDataSource = self", "maxConcurrentPrefetchCount = 3"]))
    #expect(
      Self.inOrder(
        try Self.code("texture"),
        [
          "tableNode.leadingScreensForBatching = 2", "setTuningParameters(ASRangeTuningParameters(",
          "rangeType: .preload",
          "rangeType: .display",
        ]))
    #expect(
      Self.inOrder(
        try Self.code("web"),
        [
          "new IntersectionObserver(loadImages", "new IntersectionObserver(loadNextPage", "imageObserver.observe(",
          "pageObserver.observe(",
        ]
      ))
  }
}
