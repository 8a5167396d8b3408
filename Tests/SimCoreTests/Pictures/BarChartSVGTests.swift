import Foundation
import Testing

@testable import SimCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `BarChartSVG` (Pictures/BarChartSVG.swift): bars in the order given, the best starred and
/// dark, a limit run's bar grey, the limit as a dashed line, whiskers when replicated, one
/// shared axis; the document parses as XML whatever the labels hold.
@Suite struct BarChartSVGTests {
  static let bars = [
    BarChartSVG.Bar(label: "fast", value: 1.25),
    BarChartSVG.Bar(label: "slow <&>", value: 4, halfWidth: 0.5),
    BarChartSVG.Bar(label: "oracle(minVisible=0.1)", value: 0.5, isLimit: true),
  ]

  @Test func marksTheBestTheLimitAndTheIntervals() throws {
    let svg = BarChartSVG.render(title: "wait s", bars: Self.bars, limit: 0.4, best: 0)
    #expect(svg.contains(">★ fast</text>"))
    #expect(svg.contains("font-weight=\"bold\">★ fast"))
    #expect(svg.contains("fill=\"#1f4e79\"><title>fast: 1.25</title>"))  // the best, dark
    #expect(svg.contains("fill=\"#7fa7cf\"><title>slow &lt;&amp;&gt;: 4.00 ±0.50</title>"))
    #expect(svg.contains("fill=\"#9e9e9e\"><title>oracle(minVisible=0.1): 0.50</title>"))  // a limit run, grey
    #expect(svg.contains("stroke-dasharray") && svg.contains("the limit 0.40"))
    // The whisker: three lines around 4 ± 0.5, none for the single runs.
    #expect(svg.components(separatedBy: "stroke=\"#222\"").count - 1 == 3)
    #expect(XMLParser(data: Data(svg.utf8)).parse())
  }

  /// Bars keep the order given; labels come top to bottom.
  @Test func barsComeInTheOrderGiven() {
    let svg = BarChartSVG.render(title: "t", bars: Self.bars)
    let positions = ["fast", "slow", "oracle"].map { svg.range(of: ">\($0)")!.lowerBound }
    #expect(positions == positions.sorted())
    #expect(!svg.contains("★"))  // no best given
  }

  /// A shared scale puts small multiples on one axis: the same value, the same length.
  @Test func aSharedScaleGivesTheSameLengths() {
    let one = BarChartSVG.render(title: "a", bars: [BarChartSVG.Bar(label: "x", value: 2)], scale: 8)
    let other = BarChartSVG.render(
      title: "b", bars: [BarChartSVG.Bar(label: "x", value: 2), BarChartSVG.Bar(label: "y", value: 8)], scale: 8)
    func width(_ svg: String) -> String? {
      svg.firstMatch(of: /<rect x="230.0" y="[0-9.]+" width="([0-9.]+)"/).map { String($0.output.1) }
    }
    #expect(width(one) != nil && width(one) == width(other))
    #expect(width(one) == "100.0")  // 2 of 8 on a 400 px plot
  }
}
