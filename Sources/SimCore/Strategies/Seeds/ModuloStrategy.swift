/// Fetch when the rows left reach a remainder: seed 003's "division strategy".
///
/// Origin: seed 003's `OffsetStrategy`, with `gap` (the divisor) and `offset` (the remainder):
/// `rowHeight = totalHeight / rows`, `actual = rows % gap`;
/// `need = actual > offset ? totalHeight − (actual − offset) · rowHeight
///                         : totalHeight − (2 · gap + offset) · rowHeight`;
/// fetch when `offsetY > need`. The second branch is the seed's "shift forward by one divisor"
/// when the actual remainder is the smaller; as written it shifts by two, so with `rows` a
/// multiple of `gap` and `rows ≤ 2 · gap + offset` it fires at once. Kept as written. The seed
/// gives no defaults; 10 and 3 are scrollsim's.
package final class ModuloStrategy: SeedPageRule {
  package static let info = StrategyInfo(
    name: "modulo", aliases: ["offset-strategy"],
    summary: "Next page when the rows left reach rows % gap − offset (seed 003's division rule).",
    origin: "seed 003 OffsetStrategy",
    parameters: [
      ParameterInfo("gap", .number(1...100_000), default: "10", "the divisor, rows"),
      ParameterInfo("offset", .number(0...100_000), default: "3", "the remainder, rows"),
      guardParameter,
    ],
    platform: .seeds, role: .pages, partner: "on-display")

  let gap: Int
  let offset: Int
  let inFlightGuard: Bool

  package init(parameters: StrategyParameters) {
    gap = Int(parameters.number("gap"))
    offset = Int(parameters.number("offset"))
    inFlightGuard = parameters.flag("guard")
  }

  /// The `offsetY` past which the seed fetches.
  package static func needOffsetY(totalHeight: Double, rows: Int, gap: Int, offset: Int) -> Double {
    let rowHeight = totalHeight / Double(rows)
    let actual = rows % gap
    return actual > offset
      ? totalHeight - Double(actual - offset) * rowHeight
      : totalHeight - Double(2 * gap + offset) * rowHeight
  }

  func shouldFetch(totalHeight: Double, offsetY: Double, rows: Int) -> Bool {
    offsetY > Self.needOffsetY(totalHeight: totalHeight, rows: rows, gap: gap, offset: offset)
  }
}
