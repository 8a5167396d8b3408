import Foundation
import Testing

@testable import SimCore

/// Layouts teams build (`list.layout`, `ListGeometry.swift`): a fixed grid of equal rows, gaps
/// and padding, the items' width and the image's box, which is what shows blank while an image
/// loads; and the platforms that count grid rows (GapWorker, FlatList) count them.
@Suite struct GridLayoutTests {
  /// A grid of 2 with 8 pt gaps and padding, on a 390 pt viewport.
  static func grid(itemWidth: Double? = 172, box: ImageBox? = ImageBox(aspect: 4.0 / 3)) -> ListSpec {
    var list = ListSpec(heights: .explicit([290, 250]), columns: 2, arrangement: .grid)
    list.rowGap = 8
    list.columnGap = 8
    list.padding = ContentPadding(top: 8, bottom: 8, left: 8, right: 8)
    list.itemWidth = itemWidth
    list.imageBox = box
    return list
  }

  @Test func aGridFillsRowsOfEqualTopsEachAsTallAsItsTallest() {
    let layout = ListLayout(spec: Self.grid(), seed: 1, viewportWidth: 390)
    layout.ensure(6)
    #expect((0..<6).map { layout.frame(of: $0).column } == [0, 1, 0, 1, 0, 1])
    // Row 0 at the padding; each next row the row's tallest (290) and the gap below.
    #expect((0..<6).map { layout.frame(of: $0).top } == [8, 8, 306, 306, 604, 604])
    #expect(layout.frame(of: 1).height == 250)
    // The content ends at the last row's tallest item and the bottom padding.
    #expect(layout.contentLength(itemCount: 6) == 604 + 290 + 8)
    #expect(layout.contentLength(itemCount: 5) == 604 + 290 + 8)
    #expect(layout.rowItems == 2)
    #expect(layout.items(from: 300, to: 306, itemCount: 6) == [])  // the gap: no row
    #expect(layout.items(from: 305.9, to: 306.1, itemCount: 6) == [2, 3])
  }

  /// Without a set width the items share what the padding and gaps leave: (390 − 16 − 8) / 2.
  @Test func itemsFillTheirColumnsUnlessAWidthIsGiven() {
    #expect(Self.grid(itemWidth: nil).itemWidth(viewportWidth: 390) == 183)
    #expect(Self.grid().itemWidth(viewportWidth: 390) == 172)
  }

  /// A waterfall with gaps: each item into the shortest column, a gap above all but a column's
  /// first; a plain list and waterfall stay exactly as before.
  @Test func aWaterfallsGapsAreBetweenAColumnsItems() {
    var list = ListSpec(heights: .explicit([100, 50, 80]), columns: 2)
    list.rowGap = 10
    list.padding = ContentPadding(top: 5)
    let layout = ListLayout(spec: list, seed: 1)
    #expect((0..<3).map { layout.frame(of: $0).top } == [5, 5, 65])
    #expect(layout.rowItems == 1)
    let plain = ListLayout(spec: ListSpec(heights: .explicit([100, 50, 80]), columns: 2), seed: 1)
    #expect((0..<3).map { plain.frame(of: $0).top } == [0, 0, 50])
    #expect(plain.blankExtent(plain.frame(of: 0), between: 0, and: 40, hasData: true) == 40)
  }

  /// A blank item covers its width's share of its column: with no data yet the whole item, with
  /// its data only its image's box (its text shows with its page); the viewport cuts both. On
  /// the box's bottom edge exactly, nothing of it.
  @Test func aBlankItemCoversItsImagesBoxOnceItsDataIsThere() {
    let layout = ListLayout(spec: Self.grid(), seed: 1, viewportWidth: 390)
    let frame = layout.frame(of: 0)  // top 8, 290 tall, 172 wide; box 229.33 tall
    let share = 172 / 195.0
    let box = 172 * 4.0 / 3
    #expect(abs(layout.blankExtent(frame, between: 0, and: 1000, hasData: false) - 290 * share) < 1e-9)
    #expect(abs(layout.blankExtent(frame, between: 0, and: 1000, hasData: true) - box * share) < 1e-9)
    #expect(layout.blankExtent(frame, between: 8 + box, and: 1000, hasData: true) == 0)
    #expect(layout.blankExtent(frame, between: 8 + box - 1, and: 1000, hasData: true) > 0)
    #expect(
      abs(layout.blankExtent(frame, between: 8 + box + 1, and: 1000, hasData: false) - (290 - box - 1) * share) < 1e-9)
  }

  /// On a whole run: an image box leaves each loading card's text showing, so the same session
  /// waits less than when the image fills the card; a grid's gaps are never blank.
  @Test func theImagesShareIsWhatARunCountsBlank() throws {
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 8, seed: 3)
    func wait(_ list: ListSpec) throws -> Double {
      var scenario = Scenario.default
      scenario.list = list
      return try Simulation.run(
        trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(name: "infinite", parameters: [])
      ).metrics.waitSeconds
    }
    let card = try wait(Self.grid(box: nil))
    let boxed = try wait(Self.grid())
    #expect(boxed < card)
    #expect(boxed > 0)
  }

  /// GridLayoutManager prefetches a row: GapWorker binds both items of the row past the edge.
  @Test func gapWorkerBindsTheNextGridRow() {
    let list = FakeList(rowHeight: 100, viewportHeight: 300, itemCount: 40, list: Self.grid(box: nil))
    var prefetch = GapWorkerPrefetch()
    prefetch.start(list)
    list.contentOffset = 10
    let ahead = prefetch.ahead(list)
    // Visible: rows 0–2 (items 0–5, rows at 8, 116, 224; the viewport ends at 310).
    #expect(list.visibleItems == [0, 1, 2, 3, 4, 5])
    #expect(ahead.map { Array($0.items) } == [6, 7])
    list.contentOffset = 5
    #expect(prefetch.ahead(list) == nil)  // the top: nothing above row 0
    let plain = FakeList(rowHeight: 100, viewportHeight: 300, itemCount: 40)
    var one = GapWorkerPrefetch()
    one.start(plain)
    plain.contentOffset = 10
    #expect(one.ahead(plain).map { Array($0.items) } == [4])  // rows 0–3 show (the viewport ends at 310)
  }

  /// FlatList with numColumns counts rows: the first render is `initialNumToRender` rows.
  @Test func flatListRendersRowsOfNumColumns() throws {
    let list = FakeList(rowHeight: 100, viewportHeight: 300, itemCount: 40, list: Self.grid(box: nil))
    let strategy = try StrategyChoice(name: "flatlist", parameters: ["initialNumToRender=3"]).make()
    strategy.listDidLoad(list)
    // Three rows of two items mount at once.
    #expect(Array(list.rendersPrepared.prefix(6)) == [0, 1, 2, 3, 4, 5])
    let rows = FlatListRows(list, perRow: 2)
    #expect(rows.itemCount == 20)
    #expect(rows.frame(of: 1) == ListLayout.Frame(column: 0, top: 116, height: 100))
    #expect(rows.visibleItems == [0, 1, 2])
  }

  /// `"3:4"` is width : height (a portrait photo, height / width 4/3); a bare number is height /
  /// width; nonsense is refused by path.
  @Test func anAspectIsReadAsWidthToHeight() throws {
    let tall = try Scenario.load(file: nil, overrides: [#"image.aspect="3:4""#]).image.aspect
    #expect(tall == 4.0 / 3)
    #expect(try Scenario.load(file: nil, overrides: [#"image.aspect="4:3""#]).image.aspect == 0.75)
    #expect(try Scenario.load(file: nil, overrides: ["image.aspect=0.75"]).image.aspect == 0.75)
    for bad in [#""3:""#, #""a:b""#, #""0:4""#, #""3:4:5""#, "0", "1000"] {
      #expect(throws: SimError.self, "\(bad)") { try Scenario.load(file: nil, overrides: ["image.aspect=\(bad)"]) }
    }
    #expect(ScenarioExplanation.aspect(4.0 / 3) == "height / width 1.333 (width : height 3 : 4)")
  }

  /// A grid as a file says it: layout, gaps, padding by side, width, image box; refused by path
  /// where it says nothing a list can be.
  @Test func aGridReadsFromTheScenario() throws {
    let scenario = try Scenario.load(
      file: nil,
      overrides: [
        #"list.layout="grid""#, "list.columns=2", "list.rowGap=8pt", "list.columnGap=8", "list.itemWidth=172pt",
        #"list.padding={"top":4,"left":8,"right":8}"#, #"list.imageBox={"aspect":"3:4","fit":"contain"}"#,
      ])
    let list = scenario.list
    #expect(list.arrangement == .grid && list.rowGap == 8 && list.columnGap == 8 && list.itemWidth == 172)
    #expect(list.padding == ContentPadding(top: 4, bottom: 0, left: 8, right: 8))
    #expect(list.imageBox == ImageBox(aspect: 4.0 / 3, fit: .contain))
    // It reads back as written, and two columns with no layout are still seed 002's waterfall.
    #expect(try Scenario.decode(scenario.json).list == list)
    #expect(try Scenario.load(file: nil, overrides: ["list.columns=2"]).list.arrangement == .waterfall)
    for bad in [
      #"list.layout="list""#, #"list.layout="rows""#, "list.rowGap=-1", #"list.imageBox="x""#,
      #"list.imageBox={"height":100,"aspect":1}"#, "list.itemWidth=0",
    ] {
      #expect(throws: SimError.self, "\(bad)") { try Scenario.load(file: nil, overrides: ["list.columns=2", bad]) }
    }
  }

  /// Decoded for the box as its fit says: cover fills it (cropped), contain fits inside; a
  /// 600 × 800 source in a 172 × 229 pt box at 3 px per pt.
  @Test func anImageDecodesForItsBoxAsItsFitSays() {
    var image = ImageSpec()
    image.sourceWidth = .fixed(600)
    image.aspect = 4.0 / 3
    image.decodeSize = .view
    func bytes(_ fit: ImageFit, aspect: Double) -> Int {
      var list = Self.grid(box: ImageBox(aspect: aspect, fit: fit))
      list.itemWidth = 172
      let sizes = DecodedImageSize(
        image: image, policy: .glide, viewportWidth: 390, columns: 2, density: 3, seed: 1, list: list)
      return sizes.bytes(item: 0, height: 290)
    }
    // The box has the source's shape: cover and contain agree, 516 × 688 px.
    #expect(bytes(.cover, aspect: 4.0 / 3) == bytes(.contain, aspect: 4.0 / 3))
    #expect(abs(Double(bytes(.cover, aspect: 4.0 / 3)) - 516 * 688 * 4) < 4 * 1000)
    // A square box: cover scales to its width... no: to fill 516 px tall and wide, the larger scale.
    #expect(bytes(.cover, aspect: 1) > bytes(.contain, aspect: 1))
  }
}
