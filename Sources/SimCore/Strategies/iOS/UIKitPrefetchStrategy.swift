/// iOS `UITableViewDataSourcePrefetching` / `UICollectionViewDataSourcePrefetching` feeding an
/// image library's prefetcher.
///
/// Sources: Apple's documentation of `tableView(_:prefetchRowsAt:)` and
/// `cancelPrefetchingForRowsAt`: called as the user scrolls, never for rows needed at once,
/// index paths ordered nearest first; cancelled for rows no longer expected. The look-ahead is
/// not documented (UIKit is closed source): one measurement (Stack Overflow question 39135347)
/// saw 8 rows on screen, rows 2–10 visible and rows 11–14 asked for, about half a screen, and
/// nothing asked before the first scroll. So `lookahead` is a parameter, default 0.5 screens,
/// **measured, not documented**. The image prefetchers' limits, each FIFO at low priority:
/// SDWebImage `SDWebImagePrefetcher.m` @03b46475 `maxConcurrentPrefetchCount = 3`; Kingfisher
/// `Sources/Networking/ImagePrefetcher.swift` @023be4fe `maxConcurrentDownloads = 5`; Nuke
/// `Sources/Nuke/Prefetching/ImagePrefetcher.swift` @002fadf4 `maxConcurrentRequestCount = 2`.
/// Each is a public setting an app can change (`concurrency`; 0 keeps the loader's default).
/// Cells on screen load their image at display (`cellForRowAt`) outside the prefetcher.
/// `thumbnailWidth`: SDWebImage's `SDWebImageContextImageThumbnailPixelSize`
/// (`SDWebImage/Core/SDWebImageDefine.h` @b3e1637a: a thumbnail "whose pixel size is smaller
/// than or equal to" it, the aspect ratio kept by default; "CGSizeZero, means no thumbnail"),
/// Kingfisher's `DownsamplingImageProcessor` and Nuke's `ImageProcessors.Resize` do the same:
/// the image decodes at most that wide, in proportion, set for every row.
/// Simplified: the window moves with each drawn frame (UIKit updates it on layout passes); a
/// reused cell does not cancel its old row's display load. Alone it runs with seed 003's
/// `remain` page rule (iOS ships no page rule).
package final class UIKitPrefetchStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "uikit", aliases: ["uikit-prefetch", "ios"],
    summary: "UIKit prefetchRowsAt (nearest first, cancelled when no longer expected) into an image prefetcher.",
    origin: "Apple UITableViewDataSourcePrefetching docs; SDWebImage, Kingfisher, Nuke prefetchers",
    parameters: [
      ParameterInfo("lookahead", .number(0...100), default: "0.5", "screens asked ahead (measured, not documented)"),
      ParameterInfo(
        "loader", .choice(ImageLoader.allCases.map(\.rawValue)), default: "sdwebimage",
        "image prefetcher: sdwebimage 3, kingfisher 5, nuke 2 at once; unlimited"),
      ParameterInfo(
        "concurrency", .number(0...1000), default: "0",
        "prefetches at once; 0 = the loader's default (the prefetcher's settable limit)"),
      ParameterInfo(
        "thumbnailWidth", .number(0...100_000), default: "0",
        "px wide each image decodes at most: SDWebImage's imageThumbnailPixelSize (0: not set, the source's size)"),
    ],
    platform: .iOS, role: .content, partner: "remain")

  package static var callbacks: [StrategyCallback] {
    [.didScroll, .willBeginDragging, .willDisplay, .requestDidComplete, .requestDidFail]
  }

  /// The image library behind `prefetchRowsAt`, by its concurrent prefetch limit.
  package enum ImageLoader: String, CaseIterable, Sendable {
    case sdwebimage, kingfisher, nuke, unlimited
    package var maxConcurrent: Int {
      switch self {
      case .sdwebimage: 3
      case .kingfisher: 5
      case .nuke: 2
      case .unlimited: Int.max
      }
    }
  }

  private let lookahead: Double
  private let maxConcurrent: Int
  private var scrolled = false
  private var previousOffset: Double?
  private var goingDown = true
  private var band = ListBand()
  /// Rows UIKit has asked to prefetch and not cancelled.
  private var expected: Set<Int> = []
  /// The prefetcher's FIFO, and the rows it is loading.
  private var queued: [Int] = []
  private var loading: Set<Int> = []
  /// The window at the last `didScroll`: `expected` holds exactly its rows after each one, so
  /// the same window again cancels and adds nothing (most frames).
  private var lastWindow: [Int]?

  /// SDWebImage's memory (`MemoryPolicy.sdWebImage`), at most `thumbnailWidth` wide when set.
  package var memoryPolicy: MemoryPolicy {
    var policy = MemoryPolicy.sdWebImage
    if thumbnailWidth > 0 { policy.decodeWidth = thumbnailWidth }
    return policy
  }
  private let thumbnailWidth: Double

  package init(parameters: StrategyParameters) {
    thumbnailWidth = parameters.number("thumbnailWidth")
    lookahead = parameters.number("lookahead")
    let concurrency = Int(parameters.number("concurrency"))
    maxConcurrent =
      concurrency > 0 ? concurrency : ImageLoader(rawValue: parameters.string("loader"))?.maxConcurrent ?? 3
  }

  /// The rows UIKit expects next: past the leading edge, `lookahead` screens deep, nearest
  /// first, none on screen.
  package static func window(
    offset: Double, viewportHeight: Double, lookahead: Double, down: Bool, list: any ListContext
  ) -> [Int] {
    let depth = lookahead * viewportHeight
    // A screenful of rows: looked through, not hashed (a set per frame was 7 % of iOS's tune).
    let visible = list.items(from: offset, to: offset + viewportHeight)
    if down {
      return list.items(from: offset + viewportHeight, to: offset + viewportHeight + depth).filter {
        !visible.contains($0)
      }
    }
    return list.items(from: offset - depth, to: offset).filter { !visible.contains($0) }.reversed()
  }

  package func willBeginDragging(_ list: any ListContext) { scrolled = true }

  package func willDisplay(_ list: any ListContext, item: Int) {
    if list.needsContent(item) { list.requestContent(item) }
  }

  package func didScroll(_ list: any ListContext) {
    defer { previousOffset = list.contentOffset }
    if let previous = previousOffset, previous != list.contentOffset { goingDown = list.contentOffset > previous }
    guard scrolled else { return }
    let now = Self.window(
      offset: list.contentOffset, viewportHeight: list.viewportHeight, lookahead: lookahead, down: goingDown,
      list: list)
    guard now != lastWindow else { return startQueued(list) }
    lastWindow = now
    let nowSet = Set(now)
    let visible = Set(list.visibleItems)
    for item in expected.sorted() where !nowSet.contains(item) && !visible.contains(item) {
      cancelPrefetching(item, list)
    }
    expected.subtract(expected.subtracting(nowSet))
    for item in now where !expected.contains(item) {
      expected.insert(item)
      if list.needsContent(item) { queued.append(item) }
    }
    startQueued(list)
  }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .content, loading.remove(index) != nil else { return }
    startQueued(list)
  }

  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    requestDidComplete(list, kind: kind, index: index)
  }

  private func cancelPrefetching(_ item: Int, _ list: any ListContext) {
    queued.removeAll { $0 == item }
    if loading.remove(item) != nil && !list.hasContent(item) { list.cancelContent(item) }
  }

  private func startQueued(_ list: any ListContext) {
    while loading.count < maxConcurrent, !queued.isEmpty {
      let item = queued.removeFirst()
      guard list.needsContent(item) else { continue }
      loading.insert(item)
      list.requestContent(item)
    }
  }
}
