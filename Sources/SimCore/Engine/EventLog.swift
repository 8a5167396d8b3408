/// The run's timeline (`--events`, `docs/events.md`): one compact JSON object per line, each
/// stamped with the time and the content offset.
struct EventLog {
  private(set) var lines: [String] = []

  mutating func record(_ event: String, time: SimTime, offset: Double, _ fields: [(String, JSONValue)]) {
    let head: [(String, JSONValue)] = [
      ("t", .number(Self.rounded(time.seconds, 6))), ("event", .string(event)),
      ("offset", .number(Self.rounded(offset, 2))),
    ]
    lines.append(JSONWriter.compact(.object(head + fields)))
  }

  /// The field naming a request's subject: `page` for pages, `item` for content.
  static func indexKey(_ kind: RequestKind) -> String { kind == .page ? "page" : "item" }

  /// `value` rounded to `decimals` places (0...6), without binary noise in the printed form; a
  /// negative zero (a tiny negative value rounded) is zero.
  static func rounded(_ value: Double, _ decimals: Int) -> Double {
    let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][decimals]
    return (value * scale).rounded() / scale + 0
  }
}
