import Testing

@testable import SimCore

/// A helper's lines must be UTF-8 (RFC 3629): `UTF8Check` finds the first byte that is not, at
/// each boundary of the encoding, and agrees with Swift's own validation on any bytes.
@Suite struct UTF8CheckTests {
  @Test(
    arguments: [
      // (bytes, first invalid offset or nil): each lead byte's range just inside, on and outside.
      // The offset is the bad sequence's first byte.
      ([0x7B, 0x7D], nil), ([0x7F], nil), ([0x80], 0),
      ([0xC1, 0x80], 0), ([0xC2, 0x80], nil), ([0xDF, 0xBF], nil), ([0xC2, 0x7F], 0), ([0x61, 0xC2, 0xC0], 1),
      ([0xE0, 0x9F, 0x80], 0), ([0xE0, 0xA0, 0x80], nil), ([0xED, 0x9F, 0xBF], nil), ([0xED, 0xA0, 0x80], 0),
      ([0xEF, 0xBF, 0xBF], nil), ([0xE1, 0x80, 0x7F], 0),
      ([0xF0, 0x8F, 0x80, 0x80], 0), ([0xF0, 0x90, 0x80, 0x80], nil), ([0xF4, 0x8F, 0xBF, 0xBF], nil),
      ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0), ([0xFF], 0),
      // A line that ends inside a character.
      ([0x61, 0xE2, 0x82], 1), ([0xF0, 0x9F], 0),
    ] as [([UInt8], Int?)])
  func findsTheFirstInvalidByte(_ bytes: [UInt8], _ expected: Int?) {
    #expect(UTF8Check.firstInvalidByte(in: bytes) == expected)
  }

  @Test func agreesWithSwiftsValidationOnAnyBytes() {
    var random = SeededRandom(seed: 7, stream: RandomStream("utf8-check"), index: 0)
    for _ in 0..<20_000 {
      let length = Int(random.unit() * 8)
      // Bytes weighted towards the lead and continuation ranges, where the rules are.
      let bytes = (0..<length).map { _ in UInt8(min(255, Int(random.unit() * 256))) | (random.unit() < 0.7 ? 0x80 : 0) }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((UTF8Check.firstInvalidByte(in: bytes) == nil) == valid, "\(bytes)")
    }
  }

  @Test func describesTheByteOrTheCutEnd() {
    #expect(
      UTF8Check.describe(16, in: [UInt8](repeating: 0x61, count: 16) + [0xFF] + [0x61]) == "byte 17 of 18 is 0xFF")
    #expect(UTF8Check.describe(0, in: [0x0A]) == "byte 1 of 1 is 0x0A")
    #expect(
      UTF8Check.describe(1, in: [0x61, 0xE2, 0x82, 0x61])
        == "byte 2 of 4 is 0xE2, a character's first byte without the bytes that must follow it")
    #expect(
      UTF8Check.describe(1, in: [0x61, 0xE2]) == "byte 2 of 2 is 0xE2, a character's first byte at the line's end")
  }
}
