import Foundation

/// Numbers as people read them in tables, notes and messages: a fixed number of decimals. Used
/// by the reports, and by the engine, traces and sweeps where a message quotes a number.
package enum NumberText {
  /// `value` with `digits` decimals (`fixed(1.25, 1)` is `1.3`: halves away from zero). Any
  /// Double formats, never traps: NaN is a dash, infinities are `inf`/`-inf`, and magnitudes
  /// past Int64 go through printf's rounding.
  package static func fixed(_ value: Double, _ digits: Int) -> String {
    if value.isNaN { return "–" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    guard abs(value) * scale < 9e18 else { return String(format: "%.\(max(0, digits))f", value) }
    let scaled = Int64((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(scaled) }
    let whole = scaled / Int64(scale)
    var fraction = String(scaled % Int64(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction)"
  }

  /// A share as a percentage with no trailing zeros: 0.95 is `95%`, 0.995 is `99.5%`.
  package static func percent(_ share: Double) -> String {
    var text = fixed(share * 100, 4)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text + "%"
  }

  /// A difference with its sign and two decimals: `+1.25`, `-0.03`.
  package static func signed(_ value: Double) -> String {
    let text = fixed(value, 2)
    return text.hasPrefix("-") ? text : "+" + text
  }

  /// `+7.3 %`, `−12.0 %`.
  package static func signedPercent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    let text = NumberText.fixed(abs(value) * 100, 1)
    if text == "0.0" { return "0.0 %" }
    return (value < 0 ? "−" : "+") + text + " %"
  }
}
