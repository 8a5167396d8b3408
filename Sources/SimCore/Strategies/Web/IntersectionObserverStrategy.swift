/// An app's own lazy loader: an IntersectionObserver with a `rootMargin` starts each image's
/// load when its row comes within the margin; one-shot, never cancelled (the usual
/// `unobserve` after the first intersection).
///
/// Source: the W3C IntersectionObserver spec (`rootMargin`, default 0px; callbacks after the
/// frame's layout). The margin is the app's choice; 0 is the API default. The default
/// threshold `[0]` counts an edge-adjacent box as intersecting, so a row exactly touching the
/// margin loads.
///
/// Which engine runs it (`engine`) decides the order its requests wait in: Chromium moves the
/// requests of the rows on screen ahead at each layout (`prioritiesFromLayouts`); Firefox and
/// WebKit send them in the order they were made (`ContentQueue.inOrder`), measured with a
/// 2,000 px margin on fling-stress (`Validation/`, `stress-io2000-lat0.8`).
package final class IntersectionObserverStrategy: MarginContentRule {
  package static let info = StrategyInfo(
    name: "intersection-observer", aliases: ["io"],
    summary: "An app's IntersectionObserver: images within rootMargin px load, never cancelled.",
    origin: "W3C IntersectionObserver",
    parameters: [
      ParameterInfo("rootMargin", .number(0...1_000_000), default: "0", "px on each side (API default 0px)"),
      ParameterInfo(
        "engine", .choice(["chromium", "firefox", "webkit"]), default: "chromium",
        "the browser: chromium moves the rows on screen ahead at each layout; firefox and webkit keep the order asked"),
    ],
    platform: .web, role: .content, partner: "sentinel")

  private let rootMargin: Double
  private let inChromium: Bool
  var band = ListBand()

  package init(parameters: StrategyParameters) {
    rootMargin = parameters.number("rootMargin")
    inChromium = parameters.string("engine") == "chromium"
  }

  package var prioritiesFromLayouts: Bool { inChromium }
  package var contentQueue: ContentQueue { inChromium ? .network : .inOrder }
  package var memoryPolicy: MemoryPolicy { inChromium ? .chromium : .otherBrowsers }

  var countsTouchingRows: Bool { true }

  func margin(_ list: any ListContext) -> Double { rootMargin }
}
