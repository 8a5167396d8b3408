/// A JSON line built as bytes, for the messages sent to a helper on every decision: appending
/// literals, whole numbers and doubles to a byte buffer costs a fraction of building a string by
/// interpolation (a profile of a helper's run had the event line at ~45,000 instructions a
/// message as a string). Numbers are written as `JSONWriter.number` writes them.
struct JSONLineBuilder {
  /// The line so far (without its newline, which `HelperProcess.exchange` adds).
  var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(512) }

  mutating func clear() { bytes.removeAll(keepingCapacity: true) }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// A whole number in decimal.
  mutating func append(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      append(magnitude: value.magnitude)
    } else {
      append(magnitude: UInt(value))
    }
  }

  /// Digits written least significant first, then turned around in place.
  private mutating func append(magnitude: UInt) {
    let start = bytes.count
    var rest = magnitude
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }

  /// A double as `JSONWriter.number` writes it (whole numbers without a fraction, the
  /// shortest form that reads back as the same double otherwise).
  mutating func append(number value: Double) {
    if let whole = JSONWriter.wholeNumber(value) {
      append(Int(whole))
    } else {
      append(JSONWriter.number(value))
    }
  }
}
