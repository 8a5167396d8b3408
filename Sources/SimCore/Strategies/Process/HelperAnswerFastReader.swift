/// Reads the answers helpers write on every decision (`{"actions":[["requestContent",12]],
/// "quiet":{...}}`) straight from the bytes, without building a JSON tree: the general path
/// (`JSONParser`, then `HelperAnswer.parse`) made strings and arrays for every key and number,
/// about 33,000 instructions an answer in a profile of a helper's run, a fifth of a decision.
///
/// It reads only what it can read exactly as the general path does, and declines (nil)
/// anything else: a key it does not know, a string with an escape, a number or value out of
/// place, a duplicate key. A declined line goes through the general path, which then accepts
/// it or says what is wrong, so what is accepted and every message stay the general path's.
/// `HelperAnswerFastReaderTests` checks both paths agree on every line they both read.
struct HelperAnswerFastReader {
  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  static func read(_ line: [UInt8]) -> HelperAnswer? {
    var reader = HelperAnswerFastReader(line)
    return reader.answer()
  }

  private struct Declined: Error {}

  private mutating func answer() -> HelperAnswer? {
    do throws(Declined) {
      var actions: [HelperAction]?
      var quiet: HelperQuiet??
      try expect(UInt8(ascii: "{"))
      if !take(UInt8(ascii: "}")) {
        repeat {
          let key = try string()
          try expect(UInt8(ascii: ":"))
          if equal(key, "actions"), actions == nil {
            actions = try readActions()
          } else if equal(key, "quiet"), quiet == nil {
            quiet = .some(try readQuiet())
          } else {
            throw Declined()
          }
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
      }
      skipSpace()
      guard index == bytes.count, let actions else { return nil }
      return HelperAnswer(actions: actions, quiet: quiet ?? nil)
    } catch {
      return nil
    }
  }

  // MARK: Actions

  private mutating func readActions() throws(Declined) -> [HelperAction] {
    try expect(UInt8(ascii: "["))
    var actions: [HelperAction] = []
    if take(UInt8(ascii: "]")) { return actions }
    repeat {
      try expect(UInt8(ascii: "["))
      let name = try string()
      try expect(UInt8(ascii: ","))
      let argument = try number()
      try expect(UInt8(ascii: "]"))
      actions.append(try action(name, argument))
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"))
    return actions
  }

  /// The action as the general reader checks it (`HelperAction.action(named:)`), declined
  /// where that one would refuse.
  private func action(_ name: Range<Int>, _ argument: Double) throws(Declined) -> HelperAction {
    do {
      return try HelperAction.action(named: text(name), argument: argument, path: "")
    } catch {
      throw Declined()
    }
  }

  // MARK: Quiet

  private mutating func readQuiet() throws(Declined) -> HelperQuiet? {
    if takeLiteral("null") { return nil }
    try expect(UInt8(ascii: "{"))
    var quiet = HelperQuiet()
    var seen: UInt8 = 0
    if take(UInt8(ascii: "}")) { return quiet }
    repeat {
      let key = try string()
      try expect(UInt8(ascii: ":"))
      let bit: UInt8 =
        equal(key, "offsetAbove")
        ? 1
        : equal(key, "offsetBelow")
          ? 2
          : equal(key, "direction")
            ? 4
            : equal(key, "facts") ? 8 : equal(key, "rows") ? 16 : 0
      guard bit != 0, seen & bit == 0 else { throw Declined() }
      seen |= bit
      if bit == 1 {
        quiet.offsetAbove = try number()
      } else if bit == 2 {
        quiet.offsetBelow = try number()
      } else if bit == 4 {
        guard let direction = HelperQuiet.direction(try number()) else { throw Declined() }
        quiet.direction = direction
      } else if bit == 8 {
        try readFacts(into: &quiet)
      } else {
        let numbers = try wholeNumbers()
        guard numbers.count % 3 == 0, case .success(let rows) = HelperQuiet.rows(numbers) else { throw Declined() }
        quiet.rows = rows
      }
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"))
    return quiet
  }

  private mutating func readFacts(into quiet: inout HelperQuiet) throws(Declined) {
    try expect(UInt8(ascii: "{"))
    if take(UInt8(ascii: "}")) { return }
    var seen: UInt32 = 0
    repeat {
      let name = try string()
      try expect(UInt8(ascii: ":"))
      if equal(name, "visibleItems") {
        guard seen & (1 << 31) == 0 else { throw Declined() }
        seen |= 1 << 31
        quiet.visibleItems = try wholeNumbers()
        continue
      }
      guard let fact = HelperFact.allCases.first(where: { equal(name, Self.factNames[$0.rawValue]) }),
        seen & (1 << fact.rawValue) == 0
      else { throw Declined() }
      seen |= 1 << fact.rawValue
      if fact.isFlag {
        if takeLiteral("true") {
          quiet.facts.append((fact, 1))
        } else if takeLiteral("false") {
          quiet.facts.append((fact, 0))
        } else {
          throw Declined()
        }
      } else if fact == .targetContentOffset && takeLiteral("null") {
        quiet.facts.append((fact, .nan))
      } else {
        quiet.facts.append((fact, try number()))
      }
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"))
  }

  /// `[n, n, …]` of whole numbers from 0 below 10^15.
  private mutating func wholeNumbers() throws(Declined) -> [Int] {
    try expect(UInt8(ascii: "["))
    var numbers: [Int] = []
    if take(UInt8(ascii: "]")) { return numbers }
    repeat {
      guard let value = HelperAction.index(try number()) else { throw Declined() }
      numbers.append(value)
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"))
    return numbers
  }

  // MARK: Tokens

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
        || bytes[index] == 0x0D
    {
      index += 1
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func expect(_ byte: UInt8) throws(Declined) {
    guard take(byte) else { throw Declined() }
  }

  private mutating func takeLiteral(_ literal: StaticString) -> Bool {
    skipSpace()
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let matches = literal.withUTF8Buffer { buffer in
      (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] }
    }
    if matches { index += count }
    return matches
  }

  /// A string without escapes (declined otherwise): the range of its bytes.
  private mutating func string() throws(Declined) -> Range<Int> {
    try expect(UInt8(ascii: "\""))
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<(index - 1)
      }
      guard byte != UInt8(ascii: "\\"), byte >= 0x20, byte < 0x80 else { throw Declined() }
      index += 1
    }
    throw Declined()
  }

  private static let factNames = HelperFact.allCases.map { Array($0.name.utf8) }

  private func equal(_ range: Range<Int>, _ name: [UInt8]) -> Bool {
    name.count == range.count && (0..<name.count).allSatisfy { bytes[range.lowerBound + $0] == name[$0] }
  }

  private func equal(_ range: Range<Int>, _ name: StaticString) -> Bool {
    name.withUTF8Buffer { buffer in
      buffer.count == range.count && (0..<buffer.count).allSatisfy { bytes[range.lowerBound + $0] == buffer[$0] }
    }
  }

  private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// A number in JSON's grammar, read as `JSONParser` reads it: a whole number of up to 15
  /// digits directly (exact), any other through `Double(String)`, the same rounding.
  private mutating func number() throws(Declined) -> Double {
    skipSpace()
    let start = index
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let digitsStart = index
    var whole: Int64 = 0
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      if index - digitsStart < 15 { whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { throw Declined() }
    var plain = digits <= 15
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      plain = false
      index += 1
      guard try fractionDigits() > 0 else { throw Declined() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      plain = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard try fractionDigits() > 0 else { throw Declined() }
    }
    if plain { return negative ? (whole == 0 ? -0.0 : -Double(whole)) : Double(whole) }
    guard let value = Double(text(start..<index)), value.isFinite else { throw Declined() }
    return value
  }

  private mutating func fractionDigits() throws(Declined) -> Int {
    let start = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
    return index - start
  }
}
