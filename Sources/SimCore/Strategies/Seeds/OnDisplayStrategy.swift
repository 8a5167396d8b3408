/// Content when a cell displays, and nothing ahead: UIKit's usual image load in
/// `cellForRowAt`, the seeds' content rule, and the web's "load on visible".
///
/// A content rule only; alone it runs with a `sentinel` page rule (the web pattern it is the
/// baseline of). Paired after any page rule (`remain+on-display`), it is what the seed page
/// rules run with by default.
package final class OnDisplayStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "on-display", aliases: ["load-on-visible"],
    summary: "Content only when a cell displays (no look-ahead).",
    origin: "seeds 001-003 (content in cellForRow); the web's load-on-visible",
    platform: .seeds, role: .content, partner: "sentinel")

  package static var callbacks: [StrategyCallback] { [.willDisplay] }

  package init(parameters: StrategyParameters) {}

  package func willDisplay(_ list: any ListContext, item: Int) {
    if list.needsContent(item) { list.requestContent(item) }
  }
}
