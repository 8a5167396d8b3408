/// WebKit's `<img loading="lazy">` (Safari, every iOS `WKWebView`): an image loads when its
/// box comes within one viewport height of the viewport; one-shot, never cancelled.
///
/// Source: WebKit/WebKit `Source/WebCore/html/LazyLoadImageObserver.cpp` @0b0966a1
/// (`LazyLoadImageObserver::intersectionObserver`): one IntersectionObserver per document,
/// root the document, `rootMargin` `"100%"` and no thresholds (so the default `[0]`). A
/// percentage margin is a share of the root's own size (W3C IntersectionObserver: top and
/// bottom of its height), so the margin is the viewport's height; threshold 0 counts an
/// edge-adjacent box, so a row exactly touching the margin loads. The callback loads the image
/// and unobserves it. No dependence on the connection.
///
/// An image already loaded is not deferred: `ImageLoader::updateFromElement`
/// (`Source/WebCore/loader/ImageLoader.cpp`, read in WebKit's 2025 sources; the index it came
/// from does not pin the commit) makes a lazy image
/// `LazyImageLoadState::Deferred` only when `!canReuseFromListOfAvailableImages(request,
/// document)`; otherwise it loads at once, wherever its row is (`loadsCachedImagesAtOnce`: a
/// row created while its image is in the memory cache takes it). Measured (Validation/
/// README.md, "Firefox and WebKit"): `flinger-lazy-lat1.5` run after another configuration of
/// the same trace in the same browser asked for all 20 rows of the first page (the last run's
/// images were in WebKit's memory cache; the server, which sends no cache headers, saw them
/// revalidated), against 17 in a fresh browser, five times of five, as predicted.
package final class WebKitLazyStrategy: MarginContentRule {
  package static let info = StrategyInfo(
    name: "webkit-lazy", aliases: ["safari-lazy"],
    summary: "loading=\"lazy\" in WebKit (Safari, WKWebView): images within one viewport height load.",
    origin: "WebKit LazyLoadImageObserver.cpp rootMargin 100%",
    parameters: [
      ParameterInfo("rootMargin", .number(0...100_000), default: "100", "% of the viewport's height on each side")
    ],
    platform: .web, role: .content, partner: "sentinel")

  private let percent: Double
  var band = ListBand()
  /// WebKit's image requests wait in the order they were made (`ContentQueue.inOrder`, measured
  /// with an app's IntersectionObserver in `Validation/`); nothing moves them ahead.
  package var prioritiesFromLayouts: Bool { false }
  package var contentQueue: ContentQueue { .inOrder }
  package var memoryPolicy: MemoryPolicy { .otherBrowsers }

  package init(parameters: StrategyParameters) { percent = parameters.number("rootMargin") }

  /// Threshold 0: a touching row intersects.
  var countsTouchingRows: Bool { true }
  /// A lazy image WebKit can reuse is not deferred (see above).
  var loadsCachedImagesAtOnce: Bool { true }

  func margin(_ list: any ListContext) -> Double { list.viewportHeight * percent / 100 }
}
