/// A minimal SVG writer: rectangles, lines, polylines and text, numbers to 0.1 px, text
/// escaped. What the pictures need and nothing that would need a script or a fetched font.
struct SVG {
  var width: Double
  var height: Double
  private var body: [String] = []

  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  static func number(_ value: Double) -> String { NumberText.fixed(value.isFinite ? value : 0, 1) }

  mutating func rect(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, opacity: Double = 1, tooltip: String? = nil
  ) {
    let n = Self.number
    body.append(
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(fill)\""
        + (opacity < 1 ? " fill-opacity=\"\(NumberText.fixed(opacity, 2))\"" : "") + Self.closing(tooltip, "rect"))
  }

  /// A circle; `stroke` draws its outline; `tooltip` is a `<title>` a browser shows on hover.
  mutating func circle(
    _ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil, tooltip: String? = nil
  ) {
    let n = Self.number
    body.append(
      "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\""
        + (stroke.map { " stroke=\"\($0)\" stroke-width=\"1.5\"" } ?? "") + Self.closing(tooltip, "circle"))
  }

  /// `/>`, or the element's `<title>` and its end tag.
  private static func closing(_ tooltip: String?, _ element: String) -> String {
    tooltip.map { "><title>\(XML.escaped($0))</title></\(element)>" } ?? "/>"
  }

  mutating func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    let n = Self.number
    body.append(
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"none\" stroke=\"#666\" stroke-width=\"0.8\"/>"
    )
  }

  /// A line; `dash` draws it dashed (a gridline or a reference level).
  mutating func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, dash: Bool = false, width: Double = 1
  ) {
    let n = Self.number
    body.append(
      "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\""
        + (width != 1 ? " stroke-width=\"\(NumberText.fixed(width, 1))\"" : "")
        + (dash ? " stroke-dasharray=\"4 3\"" : "") + "/>")
  }

  /// Ticks along a range: multiples of a 1-2-5 step, about `count` of them.
  static func ticks(_ low: Double, _ high: Double, count: Int = 6) -> [Double] {
    guard high > low, low.isFinite, high.isFinite else { return [low] }
    let step = niceStep((high - low) / Double(count))
    var values: [Double] = []
    var value = (low / step).rounded(.up) * step
    while value <= high + step * 1e-9 && values.count < 100 {
      values.append(abs(value) < step * 1e-9 ? 0 : value)
      value += step
    }
    return values
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
    return power * 10
  }

  /// Digits a tick label needs for `step`.
  static func digits(_ step: Double) -> Int {
    step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
  }

  /// A categorical palette (Tableau 10): strategies told apart by colour.
  static let palette = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
  ]

  /// A line through `points`; `dash` draws it dashed (a second round of the palette).
  mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double, dash: Bool = false) {
    guard points.count > 1 else { return }
    var text = ""
    var last = ""
    for (x, y) in points {
      let point = Self.number(x) + "," + Self.number(y)
      if point != last { text += (text.isEmpty ? "" : " ") + point }
      last = point
    }
    body.append(
      "<polyline points=\"\(text)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(NumberText.fixed(width, 1))\""
        + (dash ? " stroke-dasharray=\"6 3\"" : "") + "/>"
    )
  }

  mutating func text(
    _ x: Double, _ y: Double, _ text: String, size: Double, anchor: String = "start", weight: String = "normal"
  ) {
    body.append(
      "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(NumberText.fixed(size, 0))\" text-anchor=\"\(anchor)\""
        + (weight == "normal" ? "" : " font-weight=\"\(weight)\"") + ">\(XML.escaped(text))</text>")
  }

  var document: String {
    let n = Self.number
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }
}
