import SimCore

/// Load what lies ahead in the direction of travel: on every scroll, the rows within `screens`
/// viewport heights past the leading edge get their content, and the next page is requested
/// once that look-ahead reaches the end of the loaded list. Rows behind are left alone.
///
/// A team's own rule, written against scrollsim's public API: `info` declares the name and
/// parameters (checked on the command line), `init(parameters:)` reads them, and the callbacks
/// ask the list for pages and content.
final class LookaheadStrategy: PrefetchStrategy {
  static let info = StrategyInfo(
    name: "lookahead", aliases: ["ahead"],
    summary: "Content and pages for the next screens in the direction of travel.",
    origin: "Examples/CustomStrategy (a downstream package)",
    parameters: [
      ParameterInfo("screens", .number(0...20), default: "1.5", "viewport heights loaded ahead of the leading edge")
    ])

  private let screens: Double
  private var lastOffset = 0.0
  private var ahead = ListBand()

  init(parameters: StrategyParameters) {
    screens = parameters.number("screens")
  }

  func listDidLoad(_ list: any ListContext) { loadAhead(list, down: true) }

  func didScroll(_ list: any ListContext) {
    let down = list.contentOffset >= lastOffset
    lastOffset = list.contentOffset
    loadAhead(list, down: down)
  }

  func willDisplay(_ list: any ListContext, item: Int) { list.load([item]) }

  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { loadAhead(list, down: true) }
  }

  private func loadAhead(_ list: any ListContext, down: Bool) {
    let reach = screens * list.viewportHeight
    let top = list.contentOffset
    let bottom = top + list.viewportHeight
    let rows = list.items(in: &ahead, from: down ? bottom : top - reach, to: down ? bottom + reach : top)
    list.load(rows)
    if down, list.hasMoreData, list.pageRequestsOutstanding == 0, bottom + reach >= list.contentLength {
      list.requestPage(list.nextPageIndex)
    }
  }
}
