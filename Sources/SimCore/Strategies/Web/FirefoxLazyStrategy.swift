/// Firefox's `<img loading="lazy">`: images within 600 px of the viewport load; never cancelled.
///
/// Source: Firefox `modules/libpref/init/StaticPrefList.yaml` (read in the mirror
/// ErichDonGubler/firefox @d9259f26), `dom.image-lazy-loading.root-margin.top/bottom/left/right`
/// = 600 (px, every side; the `.percentage` flags false). Firefox 84 had 300; used by
/// the document's lazy-load IntersectionObserver. No dependence on the connection.
/// Firefox 153 ESR names them `dom.lazy-loading.margin.top/bottom/left/right` (600 px each, read
/// in the browser by `Validation/`, with `dom.lazy-loading.margin.is-scroll` true), and
/// `dom/base/DOMIntersectionObserver.cpp` `CreateLazyLoadObserver` gives the observer the
/// threshold `0.0f` with edge-inclusive intersections: a row exactly touching the margin loads
/// (`countsTouchingRows`). Both checked in Firefox 153.7.0esr (`Validation/edges.py`).
package final class FirefoxLazyStrategy: MarginContentRule {
  package static let info = StrategyInfo(
    name: "firefox-lazy", aliases: ["gecko-lazy"],
    summary: "loading=\"lazy\" in Firefox: images within 600 px load, never cancelled.",
    origin: "gecko StaticPrefList.yaml dom.image-lazy-loading.root-margin.*",
    parameters: [ParameterInfo("rootMargin", .number(0...1_000_000), default: "600", "px on each side")],
    platform: .web, role: .content, partner: "sentinel")

  private let rootMargin: Double
  var band = ListBand()
  /// Gecko's image requests wait in the order they were made (`ContentQueue.inOrder`, measured
  /// with an app's IntersectionObserver in `Validation/`); nothing moves them ahead.
  package var prioritiesFromLayouts: Bool { false }
  package var contentQueue: ContentQueue { .inOrder }
  package var memoryPolicy: MemoryPolicy { .otherBrowsers }

  package init(parameters: StrategyParameters) { rootMargin = parameters.number("rootMargin") }

  var countsTouchingRows: Bool { true }

  func margin(_ list: any ListContext) -> Double { rootMargin }
}
