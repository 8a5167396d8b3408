/// How a list places its items, as teams build them (`list.layout` and its neighbours):
/// - `list`: one column, each item under the last (a table view, a `LazyColumn`, a FlatList);
/// - `waterfall`: seed 002's collection view, each item into the shortest column (leftmost on
///   ties): Pinterest's layout, `StaggeredGridLayoutManager`, a masonry grid;
/// - `grid`: a fixed grid of `columns` with equal rows, item `i` in row `i / columns` and column
///   `i % columns`, each row as tall as its tallest item: FlashList's and FlatList's
///   `numColumns`, Compose's `LazyVerticalGrid(GridCells.Fixed(n))`, `GridLayoutManager`,
///   `UICollectionViewFlowLayout` with a fixed item size, a CSS grid of `repeat(n, 1fr)`.
///
/// Around the items: gaps between rows and between columns, and the content's padding, in
/// points; the items' width (default: what the columns leave of the viewport); and the image's
/// box inside an item (default: the image fills it), which is what shows blank while the image
/// loads — the rest of a card (its title and price) shows as soon as its page's data does.
package enum ListArrangement: String, Equatable, Sendable, CaseIterable {
  case list, waterfall, grid
}

/// Space around a list's content (points).
package struct ContentPadding: Equatable, Sendable {
  package var top: Double
  package var bottom: Double
  package var left: Double
  package var right: Double

  package init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
    self.top = top
    self.bottom = bottom
    self.left = left
    self.right = right
  }

  package static let zero = ContentPadding()

  var json: JSONValue {
    top == bottom && bottom == left && left == right
      ? .number(top)
      : .object([
        ("top", .number(top)), ("bottom", .number(bottom)), ("left", .number(left)), ("right", .number(right)),
      ])
  }
}

/// How an image sits in its box when their shapes differ: `cover` fills the box and is cropped
/// (CSS `object-fit: cover`, React Native's `resizeMode="cover"`, Android's `centerCrop`, iOS's
/// `.scaleAspectFill`); `contain` fits inside it whole (`contain`, `fitCenter`,
/// `.scaleAspectFit`). It decides the size an image is decoded at for its view.
package enum ImageFit: String, Equatable, Sendable, CaseIterable {
  case cover, contain
}

/// The image's box inside an item: as wide as the item, `top` below the item's top, and as tall
/// as `height`, or as `aspect` (height / width) says of its width, or the rest of the item.
package struct ImageBox: Equatable, Sendable {
  package var top: Double
  package var height: Double?
  package var aspect: Double?
  package var fit: ImageFit

  package init(top: Double = 0, height: Double? = nil, aspect: Double? = nil, fit: ImageFit = .cover) {
    self.top = top
    self.height = height
    self.aspect = aspect
    self.fit = fit
  }

  /// The box's height in an item `width` × `itemHeight` pt, within the item.
  func height(width: Double, itemHeight: Double) -> Double {
    let wanted = height ?? aspect.map { $0 * width } ?? itemHeight - top
    return max(0, min(wanted, itemHeight - top))
  }

  var json: JSONValue {
    var members: [(String, JSONValue)] = [("top", .number(top))]
    if let height { members.append(("height", .number(height))) }
    if let aspect { members.append(("aspect", .number(aspect))) }
    members.append(("fit", .string(fit.rawValue)))
    return .object(members)
  }
}

extension ListSpec {
  /// The items' width on a viewport `viewportWidth` pt wide: as given, or what the columns
  /// leave once the padding and the gaps between them are taken out.
  package func itemWidth(viewportWidth: Double) -> Double {
    if let itemWidth { return itemWidth }
    let columns = Double(max(self.columns, 1))
    let free = viewportWidth - padding.left - padding.right - (columns - 1) * columnGap
    return max(free / columns, 1e-9)
  }

  /// Whether the arrangement is what its columns give by default (a list for one column, a
  /// waterfall for more): written `"auto"`, so that a `--set list.columns=2` over it is still
  /// seed 002's waterfall.
  var arrangementIsTheColumnsDefault: Bool { arrangement == (columns > 1 ? .waterfall : .list) }

  /// Whether the list is laid out as before layouts could be said: no gaps, no padding, items
  /// filling their columns, the image filling its item (reports and the engine take their
  /// plain paths, so outputs stay as they were byte for byte).
  package var isPlain: Bool {
    arrangement != .grid && rowGap == 0 && columnGap == 0 && padding == .zero && itemWidth == nil && imageBox == nil
  }
}

extension ListSpec {
  /// `list.padding`: a number for every side, or `{"top", "bottom", "left", "right"}` (each
  /// optional, 0 when left out); in points.
  static func padding(_ cursor: JSONCursor) throws(SimError) -> ContentPadding {
    guard cursor.exists else { return .zero }
    if case .object = cursor.value {
      try cursor.rejectUnknownKeys(["top", "bottom", "left", "right"])
      func side(_ name: String) throws(SimError) -> Double {
        cursor[name].exists ? try cursor[name].measured(in: .points).double(in: 0...100_000) : 0
      }
      return ContentPadding(
        top: try side("top"), bottom: try side("bottom"), left: try side("left"), right: try side("right"))
    }
    let all = try cursor.measured(in: .points).double(in: 0...100_000)
    return ContentPadding(top: all, bottom: all, left: all, right: all)
  }

  /// `list.imageBox`: `"item"` (the image fills the item), or `{"top", "height" | "aspect",
  /// "fit"}`.
  static func imageBox(_ cursor: JSONCursor) throws(SimError) -> ImageBox? {
    guard cursor.exists, cursor.value != .string("item") else { return nil }
    guard case .object = cursor.value else {
      throw cursor.fail("expected \"item\" or an object such as {\"aspect\": \"3:4\", \"fit\": \"cover\"}")
    }
    try cursor.rejectUnknownKeys(["top", "height", "aspect", "fit"])
    if cursor["height"].exists && cursor["aspect"].exists {
      throw cursor["aspect"].fail("give the box's height or its aspect, not both")
    }
    return ImageBox(
      top: cursor["top"].exists ? try cursor["top"].measured(in: .points).double(in: 0...100_000) : 0,
      height: cursor["height"].exists
        ? try cursor["height"].measured(in: .points).double(atLeast: 0, exclusive: true) : nil,
      aspect: cursor["aspect"].exists ? try ImageSpec.aspect(cursor["aspect"]) : nil,
      fit: cursor["fit"].exists
        ? ImageFit(rawValue: try cursor["fit"].choice(ImageFit.allCases.map(\.rawValue)))! : .cover)
  }
}

extension ImageSpec {
  /// An aspect as height / width: `"3:4"` is width : height (an image 3 wide and 4 tall, as
  /// CSS's and React Native's `aspectRatio: 3 / 4` and `4:3` photos are said), so 4/3; a bare
  /// number is height / width already (1.333 for the same). Above 0.01 and at most 100.
  static func aspect(_ cursor: JSONCursor) throws(SimError) -> Double {
    if case .string(let text)? = cursor.value, text.contains(":") {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        .map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
        width.isFinite, height.isFinite
      else {
        throw cursor.fail("expected width:height such as \"3:4\" (positive numbers), or a number (height / width)")
      }
      let aspect = height / width
      guard (0.01...100).contains(aspect) else {
        throw cursor.fail("\(text) is height / width \(aspect): outside 0.01...100")
      }
      return aspect
    }
    return try cursor.double(in: 0.01...100)
  }
}
