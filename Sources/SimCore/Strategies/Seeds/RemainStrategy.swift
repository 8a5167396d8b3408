/// Fetch the next page when fewer than `remain` rows are left below the viewport, counted with
/// the average row height.
///
/// Origin: seed 003's `RemainStrategy`: `rowHeight = totalHeight / rows`; fetch when
/// `offsetY > rowHeight · (rows − remain)`, `offsetY = contentOffset + viewport height`;
/// default `remain` 1. Suits pages of varying size. Checked on every scroll, not once the
/// bottom is reached (see `SeedPageRule`).
package final class RemainStrategy: SeedPageRule {
  package static let info = StrategyInfo(
    name: "remain", aliases: [],
    summary: "Next page when fewer than `remain` average rows are left below the viewport.",
    origin: "seed 003 RemainStrategy",
    parameters: [
      ParameterInfo("remain", .number(0...100_000), default: "1", "rows left below the viewport that trigger"),
      guardParameter,
    ],
    platform: .seeds, role: .pages, partner: "on-display")

  let remain: Int
  let inFlightGuard: Bool

  package init(parameters: StrategyParameters) {
    remain = Int(parameters.number("remain"))
    inFlightGuard = parameters.flag("guard")
  }

  package static func shouldFetch(totalHeight: Double, offsetY: Double, rows: Int, remain: Int) -> Bool {
    let rowHeight = totalHeight / Double(rows)
    return offsetY > rowHeight * Double(rows - remain)
  }

  func shouldFetch(totalHeight: Double, offsetY: Double, rows: Int) -> Bool {
    Self.shouldFetch(totalHeight: totalHeight, offsetY: offsetY, rows: rows, remain: remain)
  }
}
