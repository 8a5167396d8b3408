import Foundation

/// The unit a scenario field is read in, and the units a person may type instead: a field in
/// seconds takes `0.35`, `"350ms"` or `"0.35s"`; one in bytes takes `"180KB"`. A bare number is
/// read in the field's own unit (`plausibilityWarnings` flags one far outside what the field
/// means). Decimal prefixes are powers of 1,000 (`KB`, `MB`, `GB`) and binary ones of 1,024
/// (`KiB`, `MiB`, `GiB`), as the SI and IEC write them; the memory fields, in MB of 2^20 bytes
/// (`MemoryUnits.mb`), read `"2GB"` as 2,048 MB, as a phone's RAM is counted.
package enum QuantityUnit: String, Sendable {
  case seconds
  case bytes
  /// A list's lengths, in points (density-independent).
  case points
  /// An image's size in pixels.
  case pixels
  /// Memory in MB of 2^20 bytes.
  case megabytes

  /// The field's own symbol, as messages name it.
  package var symbol: String {
    switch self {
    case .seconds: "s"
    case .bytes: "bytes"
    case .points: "pt"
    case .pixels: "px"
    case .megabytes: "MB"
    }
  }

  /// Each accepted suffix with its size in this unit (a ratio, so that 350ms is exactly 0.35),
  /// longest first so that `ms` is not read as `s`. Matched without regard to case, except the
  /// time units.
  var suffixes: [(suffix: String, times: Double, per: Double)] {
    switch self {
    case .seconds: [("min", 60, 1), ("ms", 1, 1000), ("us", 1, 1_000_000), ("µs", 1, 1_000_000), ("s", 1, 1)]
    case .bytes:
      [
        ("kib", 1024, 1), ("mib", 1_048_576, 1), ("gib", 1_073_741_824, 1), ("kb", 1000, 1), ("mb", 1_000_000, 1),
        ("gb", 1_000_000_000, 1), ("b", 1, 1),
      ]
    case .points: [("pt", 1, 1)]
    case .pixels: [("px", 1, 1)]
    case .megabytes:
      [("kib", 1, 1024), ("mib", 1, 1), ("gib", 1024, 1), ("kb", 1, 1024), ("mb", 1, 1), ("gb", 1024, 1)]
    }
  }

  /// Examples for messages.
  var examples: String {
    switch self {
    case .seconds: "350ms, 1.2s, 2min"
    case .bytes: "180KB, 1.5MB, 64KiB"
    case .points: "480pt"
    case .pixels: "1080px"
    case .megabytes: "2GB, 512MB"
    }
  }

  /// `text` ("350ms", "1.2 s") in this unit, or a message saying what is wrong.
  func read(_ text: String) -> Result<Double, QuantityError> {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let digits = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }
    let suffix = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
    guard let number = Double(digits), number.isFinite else { return .failure(.notAQuantity) }
    let key = self == .seconds ? suffix : suffix.lowercased()
    if let match = suffixes.first(where: { $0.suffix == key }) { return .success(number * match.times / match.per) }
    switch (self, key) {
    case (.points, "px"):
      return .failure(.wrongUnit("px depend on the device's density: divide by it (1080px at density 3 is 360pt)"))
    case (.pixels, "pt"):
      return .failure(.wrongUnit("pt are density-independent: multiply by the device's density (360pt at 3 is 1080px)"))
    default:
      return .failure(.notAQuantity)
    }
  }
}

/// Why a typed quantity was refused.
enum QuantityError: Error {
  case notAQuantity
  case wrongUnit(String)
}
