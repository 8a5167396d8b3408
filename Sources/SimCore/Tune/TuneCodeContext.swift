/// What a stack's code is written for besides its knobs: the scenario's page size and list, so
/// that the answer carries the layout the runs assumed — a grid's `numColumns={2}`, its gaps and
/// padding — in each stack's own API:
/// - FlashList 2 (Shopify/flash-list `src/FlashListProps.ts` @4c6abc3b, 2.3.2): `numColumns`,
///   `masonry` for a waterfall, `contentContainerStyle` (ScrollView's) for the padding; it has no
///   gap prop, so the gaps are said as the item's margins;
/// - FlatList (react-native `VirtualizedListProps`, `FlatList.js` @014c1e34): `numColumns`,
///   `columnWrapperStyle` (each row's style: its `columnGap`), `contentContainerStyle`'s
///   `rowGap` and padding; no waterfall;
/// - Android: `GridLayoutManager(context, spanCount)` or
///   `StaggeredGridLayoutManager(spanCount, VERTICAL)`, gaps as an `ItemDecoration`;
/// - iOS and Texture: a `UICollectionViewFlowLayout`'s `itemSize`, `minimumLineSpacing`,
///   `minimumInteritemSpacing` and `sectionInset` (a waterfall needs a layout of the app's own);
/// - Flutter (infinite_scroll_pagination 5.1): `PagedGridView` with a
///   `SliverGridDelegateWithFixedCrossAxisCount`, or `PagedMasonryGridView.count`;
/// - the web: a CSS grid (`grid-template-columns: repeat(n, 1fr)`, `gap`, `padding`), or CSS
///   columns for a waterfall.
/// A one-column list with no gaps or padding adds nothing: the code is as before.
package struct TuneCodeContext: Sendable {
  package var pageSize: Int
  package var list: ListSpec
  /// The viewport the items' width is read on (the default trace's).
  package var viewportWidth: Double

  package init(pageSize: Int, list: ListSpec = ListSpec(), viewportWidth: Double = 390) {
    self.pageSize = pageSize
    self.list = list
    self.viewportWidth = viewportWidth
  }

  /// Whether the list is one plain column: nothing to say about its layout.
  var isPlainColumn: Bool { list.columns == 1 && list.isPlain }
  var isGrid: Bool { list.columns > 1 && list.arrangement == .grid }
  var isWaterfall: Bool { list.columns > 1 && list.arrangement == .waterfall }

  private func n(_ value: Double) -> String { JSONWriter.number((value * 100).rounded() / 100) }
  private var padding: ContentPadding { list.padding }
  private var paddingIsEven: Bool {
    padding.top == padding.bottom && padding.bottom == padding.left && padding.left == padding.right
  }

  /// FlashList's layout props.
  var flashListProps: [String] {
    guard !isPlainColumn else { return [] }
    var props: [String] = []
    if list.columns > 1 { props.append("numColumns={\(list.columns)}") }
    if isWaterfall { props.append("masonry") }
    if padding != .zero { props.append("contentContainerStyle={\(reactNativePadding(extra: []))}") }
    return props
  }

  /// A comment for what FlashList cannot say in props: the gaps.
  var flashListNote: String? {
    guard list.rowGap > 0 || list.columnGap > 0 else { return nil }
    return
      "// gaps of \(n(list.rowGap)) pt between rows and \(n(list.columnGap)) pt between columns: FlashList has no gap prop, so give renderItem's card the margins"
  }

  /// FlatList's layout props.
  var flatListProps: [String] {
    guard !isPlainColumn else { return [] }
    var props: [String] = []
    if list.columns > 1 { props.append("numColumns={\(list.columns)}") }
    if list.columns > 1 && list.columnGap > 0 {
      props.append("columnWrapperStyle={{ columnGap: \(n(list.columnGap)) }}")
    }
    let rowGap = list.rowGap > 0 ? ["rowGap: \(n(list.rowGap))"] : []
    if padding != .zero || !rowGap.isEmpty {
      props.append("contentContainerStyle={\(reactNativePadding(extra: rowGap))}")
    }
    return props
  }

  var flatListNote: String? {
    isWaterfall
      ? "// a waterfall: FlatList has none (numColumns gives rows of equal height); FlashList's masonry does" : nil
  }

  private func reactNativePadding(extra: [String]) -> String {
    var members = extra
    if padding != .zero {
      if paddingIsEven {
        members.insert("padding: \(n(padding.top))", at: 0)
      } else {
        members.insert(
          "paddingTop: \(n(padding.top)), paddingBottom: \(n(padding.bottom)), paddingLeft: \(n(padding.left)), paddingRight: \(n(padding.right))",
          at: 0)
      }
    }
    return "{ " + members.joined(separator: ", ") + " }"
  }

  /// Android's layout manager (and the gaps as a comment).
  var androidLines: [String] {
    guard !isPlainColumn else { return [] }
    var lines: [String] = []
    if isGrid {
      lines.append("recyclerView.layoutManager = GridLayoutManager(context, \(list.columns))")
    } else if isWaterfall {
      lines.append(
        "recyclerView.layoutManager = StaggeredGridLayoutManager(\(list.columns), StaggeredGridLayoutManager.VERTICAL)")
    }
    if list.rowGap > 0 || list.columnGap > 0 || padding != .zero {
      lines.append(
        "// spacing: \(n(list.rowGap)) dp between rows, \(n(list.columnGap)) dp between columns, \(n(padding.top)) dp padding (an ItemDecoration's offsets and the RecyclerView's padding)"
      )
    }
    return lines
  }

  /// Compose's lazy layout and its state for a cache window (`window`, a
  /// `LazyLayoutCacheWindow(…)` expression; nil: the layout's default), with the gaps and
  /// padding as arguments (androidx compose foundation `LazyDsl.kt`, `LazyGridDsl.kt`,
  /// `LazyStaggeredGridDsl.kt`; `rememberLazyListState(cacheWindow =)` and
  /// `rememberLazyGridState(cacheWindow =)` since Foundation 1.9). A staggered grid's state
  /// takes no window: the lines say so.
  func composeLayout(window: String?) -> [String] {
    let cacheWindow = window.map { "cacheWindow = \($0)" } ?? ""
    var arguments = ["state = state"]
    var lines: [String] = []
    if isGrid {
      lines.append("val state = rememberLazyGridState(\(cacheWindow))")
      arguments.insert("columns = GridCells.Fixed(\(list.columns))", at: 0)
    } else if isWaterfall {
      lines.append("val state = rememberLazyStaggeredGridState()")
      if let window {
        lines.append("// a staggered grid's state takes no cache window: scrollsim tuned \(window) as a column's")
      }
      arguments.insert("columns = StaggeredGridCells.Fixed(\(list.columns))", at: 0)
    } else {
      lines.append("val state = rememberLazyListState(\(cacheWindow))")
    }
    if list.rowGap > 0 {
      arguments.append(
        isWaterfall
          ? "verticalItemSpacing = \(n(list.rowGap)).dp"
          : "verticalArrangement = Arrangement.spacedBy(\(n(list.rowGap)).dp)")
    }
    if list.columns > 1 && list.columnGap > 0 {
      arguments.append("horizontalArrangement = Arrangement.spacedBy(\(n(list.columnGap)).dp)")
    }
    if padding != .zero {
      arguments.append(
        paddingIsEven
          ? "contentPadding = PaddingValues(\(n(padding.top)).dp)"
          : "contentPadding = PaddingValues(start = \(n(padding.left)).dp, top = \(n(padding.top)).dp, end = \(n(padding.right)).dp, bottom = \(n(padding.bottom)).dp)"
      )
    }
    let layout = isGrid ? "LazyVerticalGrid" : isWaterfall ? "LazyVerticalStaggeredGrid" : "LazyColumn"
    lines.append("\(layout)(\(arguments.joined(separator: ", "))) {")
    return lines
  }

  /// iOS's and Texture's flow layout, for `view` (`collectionView`, `collectionNode`).
  func flowLayoutLines() -> [String] {
    guard !isPlainColumn else { return [] }
    if isWaterfall {
      return [
        "// a waterfall of \(list.columns) columns: UICollectionViewFlowLayout has none; use a layout of your own"
      ]
    }
    let width = list.itemWidth(viewportWidth: viewportWidth)
    var height = ""
    if case .uniform(let value) = list.heights { height = n(value) }
    var lines = ["let layout = UICollectionViewFlowLayout()"]
    if !height.isEmpty { lines.append("layout.itemSize = CGSize(width: \(n(width)), height: \(height))") }
    lines.append("layout.minimumLineSpacing = \(n(list.rowGap))")
    lines.append("layout.minimumInteritemSpacing = \(n(list.columnGap))")
    if padding != .zero {
      lines.append(
        "layout.sectionInset = UIEdgeInsets(top: \(n(padding.top)), left: \(n(padding.left)), bottom: \(n(padding.bottom)), right: \(n(padding.right)))"
      )
    }
    return lines
  }

  /// The Flutter paged view's name and its layout arguments.
  var flutterView: (name: String, arguments: [String]) {
    guard !isPlainColumn else { return ("PagedListView<int, Item>", []) }
    var arguments: [String] = []
    if padding != .zero {
      arguments.append(
        paddingIsEven
          ? "padding: const EdgeInsets.all(\(n(padding.top))),"
          : "padding: const EdgeInsets.fromLTRB(\(n(padding.left)), \(n(padding.top)), \(n(padding.right)), \(n(padding.bottom))),"
      )
    }
    if isWaterfall {
      arguments += [
        "crossAxisCount: \(list.columns),", "mainAxisSpacing: \(n(list.rowGap)),",
        "crossAxisSpacing: \(n(list.columnGap)),",
      ]
      return ("PagedMasonryGridView<int, Item>.count", arguments)
    }
    guard isGrid else { return ("PagedListView<int, Item>", arguments) }
    var ratio = ""
    if case .uniform(let height) = list.heights {
      ratio = ", childAspectRatio: \(n(list.itemWidth(viewportWidth: viewportWidth))) / \(n(height))"
    }
    arguments.append(
      "gridDelegate: SliverGridDelegateWithFixedCrossAxisCount(crossAxisCount: \(list.columns), mainAxisSpacing: \(n(list.rowGap)), crossAxisSpacing: \(n(list.columnGap))\(ratio)),"
    )
    return ("PagedGridView<int, Item>", arguments)
  }

  /// The web's CSS for the feed's container, as a comment line.
  var webLines: [String] {
    guard !isPlainColumn else { return [] }
    let pad = padding == .zero ? "" : " padding: \(n(padding.top))px;"
    if isWaterfall {
      return ["// #feed { columns: \(list.columns); column-gap: \(n(list.columnGap))px;\(pad) }  (a waterfall)"]
    }
    let columns = isGrid ? " grid-template-columns: repeat(\(list.columns), 1fr);" : ""
    return ["// #feed { display: grid;\(columns) gap: \(n(list.rowGap))px \(n(list.columnGap))px;\(pad) }"]
  }

  /// What a virtualized list's code says of a layout other than one column: the library's row
  /// is a line of a grid (as the strategies model it), and a waterfall is not one lane.
  var virtualizerLines: [String] {
    guard !isPlainColumn else { return [] }
    if isWaterfall {
      return [
        "// a waterfall of \(list.columns) columns: scrollsim ran it as lines of \(list.columns) items; a one-lane virtualizer cannot lay it out (TanStack: lanes; react-virtuoso: VirtuosoMasonry)"
      ]
    }
    let gaps = list.rowGap > 0 || list.columnGap > 0 ? ", gap \(n(list.rowGap)) px \(n(list.columnGap)) px" : ""
    return [
      "// a grid of \(list.columns) columns: each virtual row renders a line of \(list.columns) items\(gaps) (rows = lines)"
    ]
  }
}
