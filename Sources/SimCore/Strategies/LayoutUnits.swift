/// What a platform lays a list's rows out in: points (UIKit, Flutter, the web: fractional
/// positions), or the device's whole pixels (Android's views and Compose: `PixelGrid`). It
/// decides which rows are on screen at an offset, so where a sliver of a row counts.
public enum LayoutUnits: String, Sendable, CaseIterable {
  case points
  case wholePixels = "whole-pixels"
}
