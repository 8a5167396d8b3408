/// Where a list's rows and its scroll offset lie: in points as the trace gives them (UIKit,
/// Flutter and the web place rows at fractional positions), or on the device's whole pixels
/// (`LayoutUnits.wholePixels`), as Android's views are laid out.
///
/// Android (androidx `recyclerview/.../RecyclerView.java` @a9b06aaf): a drag scrolls by the
/// difference of touch positions rounded to whole pixels (`onTouchEvent`:
/// `(int) (e.getY(index) + 0.5f)`, then `scrollByInternal(int, int)`), a fling by the
/// `OverScroller`'s integer `getCurrY()` (`ViewFlinger.run`), and `LinearLayoutManager.java`
/// @11961cb8 places each child where the previous one ended (`layoutChunk`:
/// `layoutDecoratedWithMargins(view, left, top, right, bottom)`, ints), each as tall as it
/// measured in whole pixels. Compose's lazy layouts do the same with `roundToPx()`.
/// Simplified: the offset is the simulated offset rounded to the nearest pixel (a drag's
/// rounded touch positions are within a pixel of it), a row's height is its height in points
/// rounded to whole pixels (at least one), and gaps and padding are rounded the same way.
struct PixelGrid: Equatable, Sendable {
  /// Pixels per point; nil: points, nothing is rounded.
  let density: Double?

  static let points = PixelGrid(density: nil)

  init(density: Double?) { self.density = density }

  init(_ units: LayoutUnits, density: Double) {
    self.density = units == .wholePixels && density.isFinite && density > 0 ? density : nil
  }

  /// A position on the grid: the nearest whole pixel, in points.
  @inline(__always) func snap(_ points: Double) -> Double {
    guard let density else { return points }
    return (points * density).rounded() / density
  }

  /// A row's height or a gap on the grid: whole pixels, at least one for a row.
  func length(_ points: Double, atLeastOnePixel: Bool = false) -> Double {
    guard let density else { return points }
    let pixels = (points * density).rounded()
    return (atLeastOnePixel ? max(1, pixels) : max(0, pixels)) / density
  }

  /// The band whose rows a viewport at `offset`, `height` tall, shows, for `ListBand`'s test
  /// (a row is in [lower, upper) iff `bottom > lower` and `top < upper`). On the grid the edges
  /// move half a pixel in: every edge is a whole pixel (to within a floating-point rounding), so
  /// a row shows iff it covers at least one pixel, and a row that ends exactly where the
  /// viewport starts does not show however its edges were rounded.
  func band(offset: Double, height: Double) -> (lower: Double, upper: Double) {
    guard let density else { return (offset, offset + height) }
    let half = 0.5 / density
    return (offset + half, offset + height - half)
  }
}
