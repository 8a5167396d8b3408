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
public final class WebKitLazyStrategy: MarginContentRule {
  public static let info = StrategyInfo(
    name: "webkit-lazy", aliases: ["safari-lazy"],
    summary: "loading=\"lazy\" in WebKit (Safari, WKWebView): images within one viewport height load.",
    origin: "WebKit LazyLoadImageObserver.cpp rootMargin 100%",
    parameters: [
      ParameterInfo("rootMargin", .number(0...100_000), default: "100", "% of the viewport's height on each side")
    ],
    platform: .web, role: .content, partner: "sentinel")

  private let percent: Double
  var band = ListBand()
  /// WebKit's image priorities were not checked: promoted on display.
  public var prioritiesFromLayouts: Bool { false }

  public init(parameters: StrategyParameters) { percent = parameters.number("rootMargin") }

  /// Threshold 0: a touching row intersects.
  var countsTouchingRows: Bool { true }

  func margin(_ list: any ListContext) -> Double { list.viewportHeight * percent / 100 }
}
