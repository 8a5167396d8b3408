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

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, opacity: Double = 1) {
    let n = Self.number
    body.append(
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(fill)\""
        + (opacity < 1 ? " fill-opacity=\"\(NumberText.fixed(opacity, 2))\"" : "") + "/>")
  }

  mutating func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    let n = Self.number
    body.append(
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"none\" stroke=\"#666\" stroke-width=\"0.8\"/>"
    )
  }

  mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String) {
    let n = Self.number
    body.append("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\"/>")
  }

  mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double) {
    guard points.count > 1 else { return }
    var text = ""
    var last = ""
    for (x, y) in points {
      let point = Self.number(x) + "," + Self.number(y)
      if point != last { text += (text.isEmpty ? "" : " ") + point }
      last = point
    }
    body.append(
      "<polyline points=\"\(text)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(NumberText.fixed(width, 1))\"/>"
    )
  }

  mutating func text(
    _ x: Double, _ y: Double, _ text: String, size: Double, anchor: String = "start", weight: String = "normal"
  ) {
    body.append(
      "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(NumberText.fixed(size, 0))\" text-anchor=\"\(anchor)\""
        + (weight == "normal" ? "" : " font-weight=\"\(weight)\"") + ">\(Self.escaped(text))</text>")
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
