/// Where a line a helper wrote stops being UTF-8 (RFC 3629: no overlong forms, no surrogates,
/// nothing past U+10FFFF), so that a bad byte fails the run wherever it is — in an unknown field
/// a reader would skip, or where the parser would show it as '�' — with the byte's place.
enum UTF8Check {
  /// The offset of the first byte that does not begin a valid sequence (a stray byte, or a
  /// character's first byte without the bytes it needs), nil if `bytes` is all UTF-8, as
  /// Python's decoder reports it. ASCII, nearly every answer, costs one comparison a byte.
  static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length and the range its second byte must be in (tighter than
      // 0x80...0xBF after E0, ED, F0 and F4: that is what rules out overlong forms,
      // surrogates and code points past U+10FFFF).
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        second = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        second = 0x80...0x9F
      case 0xF0:
        length = 4
        second = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        second = 0x80...0x8F
      default: return index
      }
      for offset in 1..<length {
        let position = index + offset
        let range: ClosedRange<UInt8> = offset == 1 ? second : 0x80...0xBF
        guard position < count, range.contains(bytes[position]) else { return index }
      }
      index += length
    }
    return nil
  }

  /// "byte 17 of 40 is 0xFF", and if that byte begins a character, what its next bytes lack
  /// (counted from 1, as an editor counts columns).
  static func describe(_ offset: Int, in bytes: [UInt8]) -> String {
    let hex = String(bytes[offset], radix: 16, uppercase: true)
    let text = "byte \(offset + 1) of \(bytes.count) is 0x\(hex.count == 1 ? "0" + hex : hex)"
    guard (0xC2...0xF4).contains(bytes[offset]) else { return text }
    return text
      + (bytes.count - offset < 2
        ? ", a character's first byte at the line's end"
        : ", a character's first byte without the bytes that must follow it")
  }
}
