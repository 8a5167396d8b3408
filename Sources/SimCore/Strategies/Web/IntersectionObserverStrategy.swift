/// An app's own lazy loader: an IntersectionObserver with a `rootMargin` starts each image's
/// load when its row comes within the margin; one-shot, never cancelled (the usual
/// `unobserve` after the first intersection).
///
/// Source: the W3C IntersectionObserver spec (`rootMargin`, default 0px; callbacks after the
/// frame's layout). The margin is the app's choice; 0 is the API default. The default
/// threshold `[0]` counts an edge-adjacent box as intersecting, so a row exactly touching the
/// margin loads.
public final class IntersectionObserverStrategy: MarginContentRule {
  public static let info = StrategyInfo(
    name: "intersection-observer", aliases: ["io"],
    summary: "An app's IntersectionObserver: images within rootMargin px load, never cancelled.",
    origin: "W3C IntersectionObserver",
    parameters: [
      ParameterInfo("rootMargin", .number(0...1_000_000), default: "0", "px on each side (API default 0px)")
    ],
    platform: .web, role: .content, partner: "sentinel")

  private let rootMargin: Double
  var band = ListBand()

  public init(parameters: StrategyParameters) { rootMargin = parameters.number("rootMargin") }

  var countsTouchingRows: Bool { true }

  func margin(_ list: any ListContext) -> Double { rootMargin }
}
