import Testing

@testable import SimCore

/// What the JSON writer writes, the parser reads back exactly: whole numbers to 2^64 − 1 as
/// themselves, doubles bit for bit (negative zero, subnormals, the largest finite, values past
/// 2^53 where doubles skip whole numbers).
@Suite struct JSONRoundTripTests {
  static func readBack(_ value: JSONValue) throws -> JSONValue {
    try JSONParser.parse(JSONWriter.compact(.array([value]))).arrayItems[0]
  }

  static let extremeDoubles: [Double] = [
    0, -0.0, 1, -1, 0.1, 1.0 / 3, .pi, -.pi, 1e15 - 1, 1e15, 1e15 + 1, 9_007_199_254_740_993,
    18_446_744_073_709_551_616,
    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, 1e-300, 123_456.789_012_345, 0.30000000000000004, 1.033039777898298e+19,
  ]

  @Test(arguments: extremeDoubles) func aDoubleReadsBackBitIdentical(_ value: Double) throws {
    guard case .number(let read) = try Self.readBack(.number(value)) else {
      // Whole numbers written without a fraction come back as whole numbers: exact either way.
      let read = try Self.readBack(.number(value))
      #expect(read.double.map { $0.bitPattern } == value.bitPattern, "\(value) read as \(read)")
      return
    }
    #expect(read.bitPattern == value.bitPattern, "\(value) wrote \(JSONWriter.number(value))")
  }

  /// Many doubles from random bit patterns (a fixed seed): every finite one reads back itself.
  @Test func randomDoublesReadBackBitIdentical() throws {
    var random = SeededRandom(seed: 27, stream: "json")
    var checked = 0
    while checked < 20_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let read = try Self.readBack(.number(value))
      #expect(read.double?.bitPattern == value.bitPattern, "\(value) wrote \(JSONWriter.number(value))")
      checked += 1
    }
  }

  static let extremeWholes: [UInt64] = [
    0, 1, 9_007_199_254_740_993, 10_330_397_778_982_980_522, UInt64(Int64.max), UInt64(Int64.max) + 1, .max - 1, .max,
  ]

  @Test(arguments: extremeWholes) func aWholeNumberReadsBackExactly(_ value: UInt64) throws {
    #expect(try Self.readBack(.unsigned(value)) == .unsigned(value))
    #expect(JSONWriter.compact(.unsigned(value)) == String(value))
    #expect(try JSONCursor(Self.readBack(.unsigned(value))).unsigned() == value)
  }

  /// Counts go through `.int` and come back as the same whole numbers.
  @Test func countsAreWholeNumbers() throws {
    #expect(JSONValue.int(Int.max) == .unsigned(UInt64(Int.max)))
    #expect(try JSONCursor(Self.readBack(.int(Int.max))).int(in: 0...Int.max) == Int.max)
    #expect(try Self.readBack(.int(-3)) == .number(-3))
  }

  /// Past 2^64 − 1, or with a sign, a fraction or an exponent, a number is a double; a seed
  /// must be a whole number that fits.
  @Test func whatIsNotAWholeNumber() throws {
    #expect(try JSONParser.parse("18446744073709551616") == .number(18_446_744_073_709_551_616))
    #expect(try JSONParser.parse("18446744073709551615") == .unsigned(.max))
    #expect(try JSONParser.parse("-0").double?.sign == .minus)
    #expect(try JSONParser.parse("2.0") == .unsigned(2))  // equal as numbers
    #expect(throws: SimError.self) { try JSONCursor(JSONParser.parse("1.5")).unsigned() }
    #expect(throws: SimError.self) { try JSONCursor(JSONParser.parse("-1")).unsigned() }
    #expect(throws: SimError.self) { try JSONCursor(JSONParser.parse("1e30")).unsigned() }
  }
}

extension JSONValue {
  fileprivate var arrayItems: [JSONValue] {
    if case .array(let items) = self { return items }
    return []
  }
}
