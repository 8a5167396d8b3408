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

  /// Compose 1.9+'s cache window on the list's state, Paging Compose's items, Coil 3's loader:
  /// the default window is the state's own; a window of 600 dp is `LazyLayoutCacheWindow`'s.
  @Test func composeSetsTheCacheWindowOnTheState() throws {
    let code = try Self.code("compose")
    #expect(
      Self.inOrder(
        code,
        [
          "Pager(PagingConfig(pageSize = 20, prefetchDistance = 20, initialLoadSize = 60))",
          "MemoryCache.Builder().maxSizePercent(context, 0.2)", "SingletonImageLoader.setSafe", "setContent {",
          "pager.flow.collectAsLazyPagingItems()", "rememberLazyListState()", "LazyColumn(state = state)",
          "items(count = items.itemCount, key = items.itemKey", "AsyncImage(model = items[index]",
        ]))
    let space = try TuneSpace(
      stack: try TuneStacks.named("compose"), from: [try ParameterAssignment(parsing: "ahead=600")])
    #expect(
      space.code(space.current, pageSize: 20).contains(
        "rememberLazyListState(cacheWindow = LazyLayoutCacheWindow(ahead = 600.dp))"))
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

  /// The code carries the layout the scenario assumed: a two-column grid with gaps and padding
  /// is `numColumns={2}` in FlashList and FlatList (with FlatList's gaps), a `GridLayoutManager`
  /// on Android, a flow layout on iOS, a `PagedGridView` in Flutter and a CSS grid on the web;
  /// a plain column adds nothing.
  @Test func theCodeCarriesTheLayout() throws {
    var list = ListSpec(heights: .uniform(290), columns: 2, arrangement: .grid)
    list.rowGap = 8
    list.columnGap = 8
    list.padding = ContentPadding(top: 8, bottom: 8, left: 8, right: 8)
    list.itemWidth = 172
    func code(_ stack: String, _ list: ListSpec) throws -> String {
      let space = try TuneSpace(stack: try TuneStacks.named(stack))
      return space.code(space.current, pageSize: 20, list: list)
    }
    #expect(try code("flashlist", list).contains("  numColumns={2}\n  contentContainerStyle={{ padding: 8 }}"))
    let flat = try code("react-native", list)
    #expect(flat.contains("numColumns={2}") && flat.contains("columnWrapperStyle={{ columnGap: 8 }}"))
    #expect(flat.contains("contentContainerStyle={{ padding: 8, rowGap: 8 }}"))
    #expect(try code("android", list).contains("recyclerView.layoutManager = GridLayoutManager(context, 2)"))
    let ios = try code("ios", list)
    #expect(ios.contains("layout.itemSize = CGSize(width: 172, height: 290)"))
    #expect(ios.contains("collectionView.prefetchDataSource = self"))
    #expect(try code("flutter", list).contains("PagedGridView<int, Item>("))
    #expect(try code("web", list).contains("grid-template-columns: repeat(2, 1fr); gap: 8px 8px; padding: 8px;"))
    var waterfall = ListSpec(heights: .uniform(290), columns: 2)
    waterfall.columnGap = 4
    #expect(try code("flashlist", waterfall).contains("  numColumns={2}\n  masonry"))
    #expect(
      try code("android", waterfall).contains("StaggeredGridLayoutManager(2, StaggeredGridLayoutManager.VERTICAL)"))
    for stack in TuneStacks.names {
      #expect(try code(stack, ListSpec()) == (try Self.code(stack)), "\(stack)")
    }
  }
}
