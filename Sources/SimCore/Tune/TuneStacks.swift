/// The stacks `scrollsim tune` knows, each with the knobs a team sets in its code. A knob is a
/// parameter the catalog already declares, so its model and its source are the strategy's
/// (`scrollsim strategies`); the API each knob sits behind, and its default, come from:
/// - Android: androidx paging `PagingConfig.kt` @0ee887e4 (`PagingConfig(pageSize,
///   prefetchDistance = pageSize, …, initialLoadSize = pageSize * 3)`); bumptech/glide
///   `RecyclerViewPreloader.java` @047c22d7 (`RecyclerViewPreloader(requestManager,
///   preloadModelProvider, preloadDimensionProvider, maxPreload)`); androidx recyclerview
///   `RecyclerView.java` @637e4015 (`setItemViewCacheSize`, `DEFAULT_CACHE_SIZE = 2`); Glide's
///   `BaseRequestOptions.java` @f0f85add (`override(width, height)`, unset by default: searched
///   only when `--knobs` names it, as it trades memory, not wait).
/// - iOS: the page rule an app writes itself (seed 003's `remain`); SDWebImage
///   `SDWebImagePrefetcher.h` @03b46475 `maxConcurrentPrefetchCount`, Kingfisher
///   `ImagePrefetcher.swift` @023be4fe `maxConcurrentDownloads`, Nuke `ImagePrefetcher.swift`
///   @002fadf4 `init(…, maxConcurrentRequestCount:)`. UIKit's look-ahead is not settable.
/// - Texture: TextureGroup/Texture `Source/ASTableNode.h` @be0b74b4 (`leadingScreensForBatching`,
///   `setTuningParameters:forRangeMode:rangeType:`), defaults in
///   `ASAbstractLayoutController.mm`.
/// - Flutter: flutter `viewport.dart` @001fc4d5 (`cacheExtent`, default 250);
///   infinite_scroll_pagination's `PagingController(invisibleItemsThreshold: 3)`; `image.dart`
///   @0a62b6ae (`Image.network(cacheWidth:)`, unset by default: searched only when `--knobs`
///   names it, as it trades memory, not wait).
/// - React Native: facebook/react-native `VirtualizedList.js` @014c1e34 (`windowSize` 21,
///   `maxToRenderPerBatch` 10, `updateCellsBatchingPeriod` 50, `initialNumToRender` 10,
///   `onEndReachedThreshold`); Shopify/flash-list `FlashListProps.ts` (`drawDistance`,
///   `onEndReachedThreshold`), as `FlashListStrategy` cites.
/// - Web: W3C IntersectionObserver (`rootMargin`, default `0px`). The browsers' own
///   `loading="lazy"` margins are fixed by each engine. The virtualized lists: TanStack
///   Virtual's `useVirtualizer({ overscan })` (virtual-core 3.17.8 @e9874f03, default 1);
///   react-window 2's `<List overscanCount>` (@94b465be, default 3) with
///   react-window-infinite-loader 2's `useInfiniteLoader({ threshold, minimumBatchSize })`
///   (@addc390f, 15 and 10); react-virtuoso 4's `<Virtuoso overscan increaseViewportBy>`
///   (@5c555359, 0 and 0).
///
/// The values tried are the default and the values around it an app sets (down to none, up to
/// several screens); `--knobs name=spec` replaces them (`docs/tuning.md`).
package enum TuneStacks {
  package static let all: [TuneStack] = [
    android, compose, ios, texture, flutter, reactNative, flashList, web, tanstackVirtual, reactWindow, virtuoso,
  ]

  /// The first line of each stack's code: the library versions it is written for, checked
  /// against their sources (`TuneCodeShapeTests` fails when a snippet drifts from them):
  /// androidx paging 3.3 (`Pager`, `PagingConfig`, `PagingDataAdapter.submitData`), Glide 5.0.5
  /// (bumptech/glide @bf4901de `RecyclerViewPreloader(Fragment|RequestManager, …, maxPreload)`),
  /// infinite_scroll_pagination 5.1.1 (EdsonBueno/infinite_scroll_pagination @23ad1956:
  /// `PagingController(getNextPageKey:, fetchPage:)`, `PagingListener`, `PagedListView(state:,
  /// fetchNextPage:, cacheExtent:, builderDelegate:)`, `PagedChildBuilderDelegate(
  /// invisibleItemsThreshold:)`; 5.0.0 took `firstPageKey` and `invisibleItemsThreshold` off the
  /// controller), FlashList 2.3.2 (Shopify/flash-list @4c6abc3b `FlashListProps.ts`:
  /// `drawDistance`, `onEndReached`, `onEndReachedThreshold`), React Native's FlatList
  /// (`VirtualizedListProps` @014c1e34; react-native 0.75.1's package.json @00ad3816), SDWebImage 5, Kingfisher 8, Nuke 12, Texture 3.
  package static let versions: [String: String] = [
    "android":
      "// androidx.paging 3.3, androidx.recyclerview 1.4, Glide 5.0 (RecyclerViewPreloader: integration \"recyclerview\")",
    "compose":
      "// Compose Foundation 1.9+ (LazyLayoutCacheWindow), androidx.paging 3.3 with paging-compose, Coil 3 (coil-compose, coil-network-okhttp)",
    "ios": "// UIKit (UITableViewDataSourcePrefetching); SDWebImage 5, Kingfisher 8 or Nuke 12",
    "texture": "// Texture 3 (AsyncDisplayKit): ASTableNode",
    "flutter": "// infinite_scroll_pagination 5.1 (PagingController, PagingListener, PagedListView)",
    "react-native": "// React Native FlatList (VirtualizedList's props as of 0.75)",
    "flashlist": "// @shopify/flash-list 2.x",
    "web": "// IntersectionObserver (every current browser)",
    "tanstack-virtual": "// @tanstack/react-virtual 3 (useVirtualizer), React 18 or 19",
    "react-window": "// react-window 2 (List, useDynamicRowHeight), react-window-infinite-loader 2 (useInfiniteLoader)",
    "virtuoso": "// react-virtuoso 4 (Virtuoso)",
  ]

  package static var names: [String] { all.map(\.name) }

  /// The stack called `name`, or a usage error naming the known ones.
  package static func named(_ name: String) throws(SimError) -> TuneStack {
    guard let stack = all.first(where: { $0.name == name }) else {
      throw SimError(
        .usage,
        "--stack \(name): unknown stack\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
      )
    }
    return stack
  }

  static let android = TuneStack(
    name: "android", summary: "Paging 3 pages, Glide's RecyclerViewPreloader, RecyclerView's view cache",
    strategy: "paging3+glide", language: "Kotlin", fence: "kotlin",
    knobs: pagingKnobs("paging3") + [
      .init(
        "glide.maxPreload", values: ["0", "2", "4", "6", "8", "10", "15", "20", "30"],
        api: "RecyclerViewPreloader maxPreload (0: no preloader)"),
      .init("glide.viewCache", values: ["0", "2", "4", "8"], api: "RecyclerView.setItemViewCacheSize"),
    ],
    physics: ["android"],
    fixed: ["GapWorker's prefetch of the row past the leading edge (RecyclerView does it on its own)"],
    code: { value, context in
      let pageSize = context.pageSize
      let distance = Int(value("paging3.prefetchDistance")) ?? 0
      let initial = Int(value("paging3.initialLoadSize")) ?? 0
      let maxPreload = Int(value("glide.maxPreload")) ?? 0
      var lines =
        [
          TuneStacks.versions["android"]!, pagerLine(pageSize: pageSize, distance: distance, initial: initial),
          "recyclerView.adapter = feedAdapter  // your PagingDataAdapter",
        ] + context.androidLines + [
          "fragment.viewLifecycleOwner.lifecycleScope.launch { pager.flow.collectLatest { feedAdapter.submitData(it) } }",
          "recyclerView.setItemViewCacheSize(\(value("glide.viewCache")))",
        ]
      if maxPreload > 0 {
        lines.append(
          "recyclerView.addOnScrollListener(RecyclerViewPreloader(Glide.with(fragment), preloadModelProvider, preloadSizeProvider, \(maxPreload)))"
        )
      } else {
        lines.append("// No RecyclerViewPreloader: preloading images does not pay on these sessions.")
      }
      // Only when set (`--from`, or searched with `--knobs glide.override=…`).
      if let width = Int(value("glide.override")), width > 0 {
        lines.append(
          "// in onBindViewHolder: Glide.with(imageView).load(url).override(\(width), \(width) * imageHeight / imageWidth).into(imageView)"
        )
      }
      return lines.joined(separator: "\n")
    })

  static let compose = TuneStack(
    name: "compose",
    summary: "Jetpack Compose's lazy list cache window, Paging Compose's prefetchDistance, Coil 3's memory cache",
    strategy: "compose", language: "Kotlin", fence: "kotlin",
    knobs: [
      .init(
        "compose.ahead", values: ["-1", "0", "150", "300", "600", "1200", "2400"],
        api: "rememberLazyListState(cacheWindow = LazyLayoutCacheWindow(ahead = …dp)) (-1: Compose's default window)")
    ] + pagingKnobs("compose") + [
      .init(
        "compose.memoryCachePercent", values: ["0.1", "0.15", "0.2", "0.25", "0.3"],
        api: "Coil's MemoryCache.Builder().maxSizePercent(context, …)")
    ],
    physics: ["android"],
    fixed: [
      "when Compose runs a prefetch (the frame's idle time, its own scheduler)",
      "Coil's requests at once: OkHttp's 5 per host (search it with --knobs compose.maxRequestsPerHost=…)",
    ],
    code: { value, context in
      let distance = Int(value("compose.prefetchDistance")) ?? 0
      let initial = Int(value("compose.initialLoadSize")) ?? 0
      let ahead = Double(value("compose.ahead")) ?? -1
      let behind = Double(value("compose.behind")) ?? 0
      let legacy = value("compose.cacheWindow") == "legacy"
      var window: String?
      if ahead >= 0 && !legacy {
        let unit = value("compose.cacheWindow") == "fraction" ? "Fraction" : ""
        let number = { (v: Double) in unit.isEmpty ? "\(JSONWriter.number(v)).dp" : "\(JSONWriter.number(v))f" }
        var arguments = ["ahead\(unit) = \(number(ahead))"]
        if behind > 0 { arguments.append("behind\(unit) = \(number(behind))") }
        if value("compose.nonScrollCaching") == "false" { arguments.append("isNonScrollCachingEnabled = false") }
        window = "LazyLayoutCacheWindow(\(arguments.joined(separator: ", ")))"
      }
      var lines = [
        TuneStacks.versions["compose"]!, pagerLine(pageSize: context.pageSize, distance: distance, initial: initial),
        "val imageLoader = ImageLoader.Builder(context).memoryCache { MemoryCache.Builder().maxSizePercent(context, \(value("compose.memoryCachePercent"))).build() }.build()",
        "SingletonImageLoader.setSafe { imageLoader }  // once, before the first AsyncImage (in Application.onCreate)",
      ]
      if legacy {
        lines.append("// Compose's prefetch before the cache window (Foundation 1.8 and older): one item ahead")
      } else if window == nil {
        lines.append("// Compose's default cache window: ahead the average visible item (10–50 % of the viewport)")
      }
      if window != nil {
        lines.append(
          "// cacheWindow is @ExperimentalFoundationApi: @OptIn(ExperimentalFoundationApi::class) on the enclosing function"
        )
      }
      lines.append("setContent {  // in your ComponentActivity's onCreate")
      lines += (["val items = pager.flow.collectAsLazyPagingItems()"] + context.composeLayout(window: window)).map {
        "    " + $0
      }
      lines += [
        "        items(count = items.itemCount, key = items.itemKey { it.id }) { index ->",
        "            AsyncImage(model = items[index]?.imageUrl, contentDescription = null)",
        "        }", "    }", "}",
      ]
      return lines.joined(separator: "\n")
    })

  /// Paging 3's knobs, in the part `scope` names (both Android stacks set `PagingConfig`).
  static func pagingKnobs(_ scope: String) -> [TuneStack.Knob] {
    [
      .init(
        "\(scope).prefetchDistance", values: ["0", "5", "10", "30", "40", "60", "80", "120"],
        api: "PagingConfig.prefetchDistance (0: pageSize)"),
      .init(
        "\(scope).initialLoadSize", values: ["0", "20", "40", "100"],
        api: "PagingConfig.initialLoadSize (0: 3 × pageSize)"),
    ]
  }

  /// The `Pager` both Android stacks print: 0 is Paging's default (`pageSize`, `3 × pageSize`).
  static func pagerLine(pageSize: Int, distance: Int, initial: Int) -> String {
    "val pager = Pager(PagingConfig(pageSize = \(pageSize), prefetchDistance = \(distance > 0 ? distance : pageSize), initialLoadSize = \(initial > 0 ? initial : 3 * pageSize))) { feedPagingSource() }"
  }

  static let ios = TuneStack(
    name: "ios",
    summary: "your page rule, UIKit's prefetchRowsAt into an image prefetcher (SDWebImage, Kingfisher, Nuke)",
    strategy: "remain+uikit", language: "Swift", fence: "swift",
    knobs: [
      .init(
        "remain.remain", values: ["1", "2", "3", "5", "8", "12", "20", "30"],
        api: "your page rule: rows left below the screen"),
      .init(
        "uikit.concurrency", values: ["0", "1", "2", "3", "4", "6", "8"],
        api: "the prefetcher's concurrent downloads (0: the library's default)"),
    ],
    physics: ["ios", "ios-fast"],
    fixed: ["UIKit's prefetch look-ahead (about half a screen, measured; no API sets it)"],
    code: { value, context in
      let loader = value("uikit.loader")
      let flow = context.flowLayoutLines()
      let view = flow.isEmpty || context.isWaterfall ? "tableView" : "collectionView"
      let concurrency = Int(value("uikit.concurrency")) ?? 0
      var rows =
        TuneStacks.versions["ios"]! + "\n" + flow.map { $0 + "\n" }.joined()
        + "let rowsLeftBeforeNextPage = \(value("remain.remain"))  // in \(view)(_:willDisplay:\(view == "tableView" ? "forRowAt" : "forItemAt")): load the next page when fewer rows are left below the screen\n"
        + "\(view).prefetchDataSource = self  // \(view)(_:\(view == "tableView" ? "prefetchRowsAt" : "prefetchItemsAt")) hands the rows' image URLs to the prefetcher"
      // Only when set (`--from`, or searched with `--knobs uikit.thumbnailWidth=…`).
      if let width = Int(value("uikit.thumbnailWidth")), width > 0 {
        rows +=
          "\n// each image at most \(width) px wide: SDWebImage's context [.imageThumbnailPixelSize: CGSize(width: \(width), height: \(width) * imageHeight / imageWidth)], Kingfisher's DownsamplingImageProcessor or Nuke's ImageProcessors.Resize of that size"
      }
      switch loader {
      case "kingfisher":
        return rows
          + "\nlet prefetcher = ImagePrefetcher(urls: urls)  // Kingfisher\nprefetcher.maxConcurrentDownloads = \(concurrency > 0 ? concurrency : 5)"
      case "nuke":
        return rows
          + "\nlet prefetcher = ImagePrefetcher(maxConcurrentRequestCount: \(concurrency > 0 ? concurrency : 2))  // Nuke"
      case "unlimited":
        return rows + "\n// Image prefetches: no concurrency limit."
      default:
        return rows + "\nSDWebImagePrefetcher.shared.maxConcurrentPrefetchCount = \(concurrency > 0 ? concurrency : 3)"
      }
    })

  static let texture = TuneStack(
    name: "texture", summary: "Texture (AsyncDisplayKit): batch fetching and the preload and display ranges",
    strategy: "smart-range", language: "Swift", fence: "swift",
    knobs: [
      .init(
        "smart-range.leadingScreens", values: ["0.5", "1", "1.5", "2", "3", "4", "6"], api: "leadingScreensForBatching"),
      .init(
        "smart-range.preloadLeading", values: ["0.5", "1", "1.5", "2.5", "4", "6"],
        api: "ASRangeTuningParameters.leadingBufferScreenfuls, .full, .preload"),
      .init(
        "smart-range.displayLeading", values: ["0.25", "0.5", "1", "1.5", "2"],
        api: "ASRangeTuningParameters.leadingBufferScreenfuls, .full, .display"),
    ],
    physics: ["ios", "ios-fast"],
    fixed: ["the trailing buffers and the Minimum mode's ranges (widen with --knobs preloadTrailing=…)"],
    code: { value, context in
      let flow = context.flowLayoutLines()
      let node = flow.isEmpty || context.isWaterfall ? "tableNode" : "collectionNode"
      let made = node == "collectionNode" ? ["let collectionNode = ASCollectionNode(collectionViewLayout: layout)"] : []
      return
        ([TuneStacks.versions["texture"]!] + flow + made + [
          "\(node).leadingScreensForBatching = \(value("smart-range.leadingScreens"))",
          "\(node).setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: \(value("smart-range.preloadLeading")), trailingBufferScreenfuls: \(value("smart-range.preloadTrailing"))), for: .full, rangeType: .preload)",
          "\(node).setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: \(value("smart-range.displayLeading")), trailingBufferScreenfuls: \(value("smart-range.displayTrailing"))), for: .full, rangeType: .display)",
        ]).joined(separator: "\n")
    })

  static let flutter = TuneStack(
    name: "flutter", summary: "ListView's cacheExtent and infinite_scroll_pagination's page trigger",
    strategy: "flutter", language: "Dart", fence: "dart",
    knobs: [
      .init(
        "flutter.cacheExtent", values: ["0", "250", "500", "1000", "1500", "2500", "4000", "8000", "16000"],
        api: "PagedListView.cacheExtent (ScrollView.cacheExtent, px)"),
      .init(
        "flutter.invisibleItemsThreshold", values: ["1", "3", "5", "10", "15", "20"],
        api: "PagedChildBuilderDelegate.invisibleItemsThreshold"),
    ],
    physics: ["flutter-ios", "flutter-android"],
    fixed: ["ScrollAwareImageProvider's deferral while a fling is fast (the framework's)"],
    code: { value, context in
      let (view, layout) = context.flutterView
      return
        ([
          TuneStacks.versions["flutter"]!,
          "late final pagingController = PagingController<int, Item>(",
          "  getNextPageKey: (state) => state.lastPageIsEmpty ? null : state.nextIntPageKey,",
          "  fetchPage: (pageKey) => fetchItems(pageKey),  // your request for page pageKey",
          ");",
          "",
          "PagingListener(",
          "  controller: pagingController,",
          "  builder: (context, state, fetchNextPage) => \(view)(",
          "    state: state,",
          "    fetchNextPage: fetchNextPage,",
        ] + layout.map { "    " + $0 } + [
          "    cacheExtent: \(value("flutter.cacheExtent")),",
          "    builderDelegate: PagedChildBuilderDelegate<Item>(",
          "      itemBuilder: (context, item, index) => buildItem(item),",
          "      invisibleItemsThreshold: \(value("flutter.invisibleItemsThreshold")),",
          "    ),",
          "  ),",
          ");",
        ]).joined(separator: "\n")
        // Only when set (`--from`, or searched with `--knobs flutter.cacheWidth=…`).
        + (value("flutter.cacheWidth") == "0"
          ? "" : "\nImage.network(url, cacheWidth: \(value("flutter.cacheWidth")));  // in buildItem")
    })

  static let reactNative = TuneStack(
    name: "react-native", summary: "FlatList (VirtualizedList): the render window, its batches, onEndReached",
    strategy: "flatlist", language: "TSX", fence: "tsx",
    knobs: [
      .init("flatlist.windowSize", values: ["3", "5", "7", "11", "15", "21", "31"], api: "windowSize"),
      .init("flatlist.maxToRenderPerBatch", values: ["1", "3", "5", "10", "20"], api: "maxToRenderPerBatch"),
      .init("flatlist.batchingPeriod", values: ["16", "50", "100"], api: "updateCellsBatchingPeriod (ms)"),
      .init("flatlist.initialNumToRender", values: ["5", "10", "20"], api: "initialNumToRender"),
      .init(
        "flatlist.onEndReachedThreshold", values: ["-1", "0.5", "1", "2", "4", "8"],
        api: "onEndReachedThreshold (-1: not set)"),
    ] + reactNativeImageKnobs("flatlist"),
    physics: ["ios", "android"],
    fixed: [],
    code: { value, context in
      var props =
        [
          "data={items}", "renderItem={renderItem}", "onEndReached={loadNextPage}",
        ] + context.flatListProps + [
          "windowSize={\(value("flatlist.windowSize"))}",
          "maxToRenderPerBatch={\(value("flatlist.maxToRenderPerBatch"))}",
          "updateCellsBatchingPeriod={\(value("flatlist.batchingPeriod"))}",
          "initialNumToRender={\(value("flatlist.initialNumToRender"))}",
        ]
      let threshold = value("flatlist.onEndReachedThreshold")
      if threshold != "-1" { props.append("onEndReachedThreshold={\(threshold)}") }
      return TuneStacks.versions["react-native"]! + (context.flatListNote.map { "\n" + $0 } ?? "") + "\n<FlatList\n"
        + props.map { "  " + $0 }.joined(separator: "\n") + "\n/>"
        + reactNativeImageLines(value, scope: "flatlist").map { "\n" + $0 }.joined()
    })

  static let flashList = TuneStack(
    name: "flashlist", summary: "Shopify's FlashList v2: the draw distance and onEndReached",
    strategy: "flashlist", language: "TSX", fence: "tsx",
    knobs: [
      .init(
        "flashlist.drawDistance", values: ["0", "125", "250", "500", "900", "1500", "2500", "4000"],
        api: "drawDistance (px)"),
      .init("flashlist.onEndReachedThreshold", values: ["0.1", "0.5", "1", "2", "4"], api: "onEndReachedThreshold"),
    ] + reactNativeImageKnobs("flashlist"),
    physics: ["ios", "android"],
    fixed: [],
    code: { value, context in
      ([TuneStacks.versions["flashlist"]!] + (context.flashListNote.map { [$0] } ?? []) + [
        "<FlashList", "  data={items}", "  renderItem={renderItem}",
      ] + context.flashListProps.map { "  " + $0 } + [
        "  onEndReached={loadNextPage}",
        "  drawDistance={\(value("flashlist.drawDistance"))}",
        "  onEndReachedThreshold={\(value("flashlist.onEndReachedThreshold"))}", "/>",
      ] + reactNativeImageLines(value, scope: "flashlist")).joined(separator: "\n")
    })

  /// A React Native list's image component (`ReactNativeImages`): searched only when `--knobs`
  /// names it, as the component is the team's choice and `cachePolicy` is expo-image's.
  private static func reactNativeImageKnobs(_ scope: String) -> [TuneStack.Knob] {
    [
      .init(
        "\(scope).images", values: ReactNativeImages.Library.allCases.map(\.rawValue),
        api: "the rows' image component (React Native's Image, expo-image, react-native-fast-image)",
        searchedByDefault: false),
      .init(
        "\(scope).cachePolicy", values: ["disk", "memory-disk", "memory", "none"],
        api: "expo-image's <Image cachePolicy> (with images=expo-image)", searchedByDefault: false),
      .init(
        "\(scope).prefetch", values: ["none", "page"], api: "Image.prefetch of each new page's images",
        searchedByDefault: false),
    ]
  }

  /// How the rows draw their images and prefetch them, when the setting says more than React
  /// Native's own `Image` with no prefetch: comments, as the lines sit in `renderItem` and in
  /// the page handler.
  static func reactNativeImageLines(_ value: (String) -> String, scope: String) -> [String] {
    let library = ReactNativeImages.Library(rawValue: value("\(scope).images")) ?? .rnImage
    let prefetches = value("\(scope).prefetch") == "page"
    var lines: [String] = []
    switch library {
    case .rnImage: break
    case .expoImage:
      lines.append(
        "// in renderItem (expo-image 2: import { Image } from \"expo-image\"): <Image source={{ uri: item.imageUrl }} cachePolicy=\"\(value("\(scope).cachePolicy"))\" />"
      )
    case .fastImage:
      lines.append(
        "// in renderItem (react-native-fast-image 8): <FastImage source={{ uri: item.imageUrl }} />  // cache: immutable, the default"
      )
    }
    if prefetches {
      switch library {
      case .rnImage:
        lines.append("// when a page lands: page.forEach((item) => Image.prefetch(item.imageUrl));")
      case .expoImage:
        lines.append(
          "// when a page lands: Image.prefetch(page.map((item) => item.imageUrl));  // into memory and disk (its default cachePolicy)"
        )
      case .fastImage:
        lines.append("// when a page lands: FastImage.preload(page.map((item) => ({ uri: item.imageUrl })));")
      }
    }
    return lines
  }

  static let web = TuneStack(
    name: "web", summary: "an IntersectionObserver for images and a sentinel for the next page",
    strategy: "sentinel+intersection-observer", language: "JavaScript", fence: "js",
    knobs: [
      .init(
        "intersection-observer.rootMargin", values: ["0", "200", "400", "800", "1200", "2000", "3000", "5000"],
        api: "the images' IntersectionObserver rootMargin (px above and below)"),
      .init(
        "sentinel.rootMargin", values: ["0", "200", "400", "800", "1200", "2000", "3000", "5000"],
        api: "the sentinel's IntersectionObserver rootMargin (px below)"),
    ],
    physics: ["chromium", "chromium-chromeos"],
    fixed: [
      "loading=\"lazy\" margins are the browser's and no page can set them (Chromium 1250–2500 px by connection, Firefox 600 px, WebKit one viewport); compare them with scrollsim compare --strategies sentinel+chromium-lazy,sentinel+firefox-lazy,sentinel+webkit-lazy"
    ],
    inBrowser: true,
    alternatives: ["tanstack-virtual", "react-window", "virtuoso"],
    code: { value, context in
      ([TuneStacks.versions["web"]!] + context.webLines + [
        "const imageObserver = new IntersectionObserver(loadImages, { rootMargin: \"\(value("intersection-observer.rootMargin"))px 0px\" });",
        "const pageObserver = new IntersectionObserver(loadNextPage, { rootMargin: \"0px 0px \(value("sentinel.rootMargin"))px 0px\" });",
        "document.querySelectorAll(\"img[data-src]\").forEach((image) => imageObserver.observe(image));  // again for each page's new images",
        "pageObserver.observe(document.querySelector(\"#feed-end\"));  // the sentinel after the last row",
      ]).joined(separator: "\n")
    })

  /// The values an app's virtualizer is given around its default: whole rows, or px.
  private static let overscanRows = ["0", "1", "2", "3", "5", "8", "12", "20"]
  private static let overscanPixels = ["0", "200", "400", "800", "1200", "2000", "3000"]

  static let tanstackVirtual = TuneStack(
    name: "tanstack-virtual", summary: "TanStack Virtual's useVirtualizer with its infinite-scroll example's next page",
    strategy: "tanstack-virtual", language: "TSX", fence: "tsx",
    knobs: [.init("tanstack-virtual.overscan", values: overscanRows, api: "useVirtualizer({ overscan }) (rows)")],
    physics: ["chromium", "chromium-chromeos"],
    fixed: [
      "estimateSize is your rows' measured size, not a knob: set it to their median (docs/strategies.md, \"The web's virtualized lists\")"
    ],
    inBrowser: true,
    code: { value, context in
      ([TuneStacks.versions["tanstack-virtual"]!] + context.virtualizerLines + [
        "const rowVirtualizer = useVirtualizer({",
        "  count: hasNextPage ? rows.length + 1 : rows.length,",
        "  getScrollElement: () => parentRef.current,",
        "  estimateSize: () => \(value("tanstack-virtual.estimateSize")),",
        "  overscan: \(value("tanstack-virtual.overscan")),",
        "});",
        "const items = rowVirtualizer.getVirtualItems();",
        "useEffect(() => {",
        "  const last = items[items.length - 1];",
        "  if (last && last.index >= rows.length - 1 && hasNextPage && !isFetchingNextPage) fetchNextPage();",
        "}, [hasNextPage, fetchNextPage, rows.length, isFetchingNextPage, items]);",
        "const list = (",
        "  <div ref={parentRef} style={{ height: \"100%\", overflow: \"auto\" }}>",
        "    <div style={{ height: rowVirtualizer.getTotalSize(), position: \"relative\" }}>",
        "      {items.map((item) => <Row key={item.key} item={item} row={rows[item.index]} measureElement={rowVirtualizer.measureElement} />)}",
        "    </div>",
        "  </div>",
        ");",
      ]).joined(separator: "\n")
    })

  static let reactWindow = TuneStack(
    name: "react-window", summary: "react-window 2's List with react-window-infinite-loader",
    strategy: "react-window", language: "TSX", fence: "tsx",
    knobs: [
      .init("react-window.overscanCount", values: overscanRows, api: "<List overscanCount> (rows)"),
      .init(
        "react-window.threshold", values: ["0", "5", "10", "15", "30", "60"],
        api: "useInfiniteLoader({ threshold }) (rows)"),
      .init(
        "react-window.minimumBatchSize", values: ["1", "10", "20", "40"], api: "useInfiniteLoader({ minimumBatchSize })"
      ),
    ],
    physics: ["chromium", "chromium-chromeos"],
    fixed: ["defaultRowHeight is your rows' measured size, not a knob: set it to their median"],
    inBrowser: true,
    code: { value, context in
      ([TuneStacks.versions["react-window"]!] + context.virtualizerLines + [
        "const rowHeight = useDynamicRowHeight({ defaultRowHeight: \(value("react-window.defaultRowHeight")) });",
        "const rowCount = hasNextPage ? rows.length + 1 : rows.length;",
        "const onRowsRendered = useInfiniteLoader({",
        "  isRowLoaded: (index: number) => index < rows.length,",
        "  loadMoreRows: async () => { if (!isFetchingNextPage) await fetchNextPage(); },",
        "  rowCount,",
        "  threshold: \(value("react-window.threshold")),",
        "  minimumBatchSize: \(value("react-window.minimumBatchSize")),",
        "});",
        "const list = (",
        "  <List rowComponent={Row} rowCount={rowCount} rowHeight={rowHeight} rowProps={{ rows }}",
        "    overscanCount={\(value("react-window.overscanCount"))} onRowsRendered={onRowsRendered} />",
        ");",
      ]).joined(separator: "\n")
    })

  static let virtuoso = TuneStack(
    name: "virtuoso", summary: "react-virtuoso's Virtuoso with endReached",
    strategy: "virtuoso", language: "TSX", fence: "tsx",
    knobs: [
      .init("virtuoso.overscan", values: overscanPixels, api: "<Virtuoso overscan> (px towards the scroll)"),
      .init(
        "virtuoso.increaseViewportBy", values: overscanPixels, api: "<Virtuoso increaseViewportBy> (px, both ends)"),
    ],
    physics: ["chromium", "chromium-chromeos"],
    fixed: [],
    inBrowser: true,
    code: { value, context in
      let height = value("virtuoso.defaultItemHeight")
      return
        ([TuneStacks.versions["virtuoso"]!] + context.virtualizerLines + [
          "const list = (",
          "  <Virtuoso data={rows} itemContent={(index, row) => <Row row={row} />}",
          "    endReached={() => { if (hasNextPage && !isFetchingNextPage) fetchNextPage(); }}",
          "    overscan={\(value("virtuoso.overscan"))} increaseViewportBy={\(value("virtuoso.increaseViewportBy"))}"
            + (height == "0" ? "" : " defaultItemHeight={\(height)}") + " />",
          ");",
        ]).joined(separator: "\n")
    })
}
