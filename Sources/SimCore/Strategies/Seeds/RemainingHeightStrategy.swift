/// Fetch when the height left below the viewport is under a number of points.
///
/// Origin: seed 002's UI-level rule, `contentSize.height − contentOffset.y − frame.height <
/// threshold`, which the article rejects because the threshold must be retuned whenever row
/// heights change (it adopts the row-count rule of `lazy-target-rect`). Checked on every
/// scroll, guarded against duplicates, skipped at the very end (`SeedPageRule`). The seed gives
/// no number; 1000 pt (about 1.2 phone screens) is scrollsim's.
package final class RemainingHeightStrategy: SeedPageRule {
  package static let info = StrategyInfo(
    name: "remaining-height", aliases: ["ui-threshold"],
    summary: "Next page when the content left below the viewport is under `height` points.",
    origin: "seed 002 (the UI-level rule it rejects)",
    parameters: [
      ParameterInfo("height", .number(0...1_000_000), default: "1000", "pt left below the viewport that trigger"),
      guardParameter,
    ],
    platform: .seeds, role: .pages, partner: "on-display")

  let height: Double
  let inFlightGuard: Bool

  package init(parameters: StrategyParameters) {
    height = parameters.number("height")
    inFlightGuard = parameters.flag("guard")
  }

  func shouldFetch(totalHeight: Double, offsetY: Double, rows: Int) -> Bool {
    totalHeight - offsetY < height
  }
}
