/// What a helper says with an answer about the frames to come (`docs/protocol.md`, "Quiet"):
/// its `didScroll` and `frameDidFinish` would change nothing until one of these conditions
/// holds, so scrollsim does not ask. Most of a run's messages are frame callbacks that answer
/// nothing (a threshold rule far from its trigger, a prefetch of a row already prefetched); the
/// helper knows its rule and says when it could act again, and the engine checks that at each
/// frame for the price of a few comparisons instead of a round trip.
///
/// The promise is the helper's: skipping the frames it declared quiet must change neither the
/// run nor the helper's own state (a rule that measures each frame's step reads
/// `lastFrameOffset`, not an offset it kept). `scrollsim conformance` checks a port that uses
/// it against the rule it ports. A quiet lasts until the next message the helper receives;
/// that message's answer may declare the next one.
struct HelperQuiet: Equatable {
  /// Wake when the offset is above this (points).
  var offsetAbove: Double?
  /// Wake when the offset is below this.
  var offsetBelow: Double?
  /// 1: wake at a frame that steps back (offset below `lastFrameOffset`); -1: one that steps
  /// forward; 0: either way is quiet.
  var direction = 0
  /// Wake when a fact's value (as `HelperFact.value`) differs from this one.
  var facts: [(fact: HelperFact, value: Double)] = []
  /// Wake when the visible rows differ from these.
  var visibleItems: [Int]?
  /// Wake when a row's state bits under the mask differ from these (`[item, mask, bits]`;
  /// mask 15, bits 10: the row is rendered and its content requested, and anything else wakes).
  var rows: [(item: Int, mask: UInt8, bits: UInt8)] = []

  static func == (a: HelperQuiet, b: HelperQuiet) -> Bool {
    a.offsetAbove == b.offsetAbove && a.offsetBelow == b.offsetBelow && a.direction == b.direction
      && a.facts.map(\.fact) == b.facts.map(\.fact)
      && a.facts.map(\.value.bitPattern) == b.facts.map(\.value.bitPattern) && a.visibleItems == b.visibleItems
      && a.rows.map(\.item) == b.rows.map(\.item) && a.rows.map(\.mask) == b.rows.map(\.mask)
      && a.rows.map(\.bits) == b.rows.map(\.bits)
  }

  /// Whether a frame callback now must be sent: one of the conditions holds.
  func wakes(_ list: any ListContext, lastFrameOffset: Double) -> Bool {
    let offset = list.contentOffset
    if let offsetAbove, offset > offsetAbove { return true }
    if let offsetBelow, offset < offsetBelow { return true }
    if direction > 0 && offset < lastFrameOffset || direction < 0 && offset > lastFrameOffset { return true }
    for (fact, value) in facts {
      let now = fact.value(list, lastFrameOffset: lastFrameOffset)
      if now.bitPattern != value.bitPattern && !(now.isNaN && value.isNaN) { return true }
    }
    if let visibleItems, list.visibleItems != visibleItems { return true }
    for (item, mask, bits) in rows where HelperFact.rowBits(list, item) & mask != bits { return true }
    return false
  }

  /// The answer's `quiet` member (absent or null: none).
  static func parse(_ value: JSONValue?) throws(HelperAction.ParseError) -> HelperQuiet? {
    guard let value, value != .null else { return nil }
    guard case .object(let members) = value else {
      throw HelperAction.ParseError(
        message: "$.quiet: expected an object of wake conditions, e.g. {\"offsetAbove\": 1200}")
    }
    var quiet = HelperQuiet()
    for (key, member) in members {
      let path = "$.quiet.\(key)"
      switch key {
      case "offsetAbove": quiet.offsetAbove = try finite(member, path)
      case "offsetBelow": quiet.offsetBelow = try finite(member, path)
      case "direction":
        guard let direction = member.double.flatMap(direction) else {
          throw HelperAction.ParseError(message: "\(path): expected -1, 0 or 1")
        }
        quiet.direction = direction
      case "facts": try quiet.readFacts(member, path)
      case "rows": quiet.rows = try rows(member, path)
      default:
        throw HelperAction.ParseError(
          message: "\(path): not a wake condition; expected offsetAbove, offsetBelow, direction, facts or rows")
      }
    }
    return quiet
  }

  private static func finite(_ value: JSONValue, _ path: String) throws(HelperAction.ParseError) -> Double {
    guard let number = value.double, number.isFinite else {
      throw HelperAction.ParseError(message: "\(path): expected a number of points")
    }
    return number
  }

  /// `{"itemCount": 40, "hasMoreData": true, "targetContentOffset": null, "visibleItems": [3, 4]}`.
  private mutating func readFacts(_ value: JSONValue, _ path: String) throws(HelperAction.ParseError) {
    guard case .object(let members) = value else {
      throw HelperAction.ParseError(message: "\(path): expected an object of facts and their values")
    }
    for (name, member) in members {
      let factPath = "\(path).\(name)"
      if name == "visibleItems" {
        guard case .array(let items) = member, let rows = Self.wholeNumbers(items) else {
          throw HelperAction.ParseError(message: "\(factPath): expected an array of row indexes")
        }
        visibleItems = rows
        continue
      }
      guard let fact = HelperFact.byName[name] else {
        let known = (HelperFact.allCases.map(\.name) + ["visibleItems"]).joined(separator: ", ")
        throw HelperAction.ParseError(message: "\(factPath): not a fact; expected one of \(known)")
      }
      switch (fact, member) {
      case (_, .bool(let flag)) where fact.isFlag: facts.append((fact, flag ? 1 : 0))
      case (.targetContentOffset, .null): facts.append((fact, .nan))
      case (_, _) where !fact.isFlag && member.double != nil: facts.append((fact, member.double!))
      default:
        throw HelperAction.ParseError(message: "\(factPath): expected \(fact.isFlag ? "true or false" : "a number")")
      }
    }
  }

  /// `[item, mask, bits, item, mask, bits, …]`.
  private static func rows(_ value: JSONValue, _ path: String) throws(HelperAction.ParseError) -> [(
    item: Int, mask: UInt8, bits: UInt8
  )] {
    guard case .array(let elements) = value, elements.count % 3 == 0, let numbers = wholeNumbers(elements) else {
      throw HelperAction.ParseError(message: "\(path): expected [row, mask, bits, row, mask, bits, …] of whole numbers")
    }
    switch rows(numbers) {
    case .success(let rows): return rows
    case .failure(let bad): throw HelperAction.ParseError(message: "\(path)[\(bad.index)]: \(bad.message)")
    }
  }

  /// The elements as whole numbers from 0, or nil if one is not.
  private static func wholeNumbers(_ elements: [JSONValue]) -> [Int]? {
    var numbers: [Int] = []
    numbers.reserveCapacity(elements.count)
    for element in elements {
      guard let number = element.double.flatMap(HelperAction.index) else { return nil }
      numbers.append(number)
    }
    return numbers
  }
}

/// The quiet's bounds, in one place for both readers of an answer (`HelperQuiet.parse` and
/// `HelperAnswerFastReader`, which declines to the first whatever breaks them).
extension HelperQuiet {
  /// A `direction` as the protocol allows it: −1, 0 or 1.
  static func direction(_ number: Double) -> Int? {
    number == -1 || number == 0 || number == 1 ? Int(number) : nil
  }

  /// A bound `rows` broke: the index in its array, and what is wrong there.
  struct BadRow: Error {
    let index: Int
    let message: String
  }

  /// `[item, mask, bits, …]` (whole numbers, a multiple of three) as row conditions: each mask
  /// from 1 to 15, its bits inside it.
  static func rows(_ numbers: [Int]) -> Result<[(item: Int, mask: UInt8, bits: UInt8)], BadRow> {
    var rows: [(item: Int, mask: UInt8, bits: UInt8)] = []
    rows.reserveCapacity(numbers.count / 3)
    for index in stride(from: 0, to: numbers.count - 2, by: 3) {
      let (mask, bits) = (numbers[index + 1], numbers[index + 2])
      guard (1...15).contains(mask) else {
        return .failure(BadRow(index: index + 1, message: "a mask of state bits from 1 to 15, not \(mask)"))
      }
      guard bits & ~mask == 0 else {
        return .failure(BadRow(index: index + 2, message: "bits \(bits) lie outside the mask \(mask)"))
      }
      rows.append((numbers[index], UInt8(mask), UInt8(bits)))
    }
    return .success(rows)
  }
}
