package enum TraceInput: Equatable, Sendable {
  case touches([TouchSample])
  case offsets([OffsetSample])
}

package enum TouchPhase: String, Equatable, Sendable, CaseIterable {
  case began, moved, ended
}

/// One touch sample: time in seconds since the list appeared, finger y in points from the top of the viewport.
/// A finger moving up (y decreasing) scrolls the list down (content offset increasing).
package struct TouchSample: Equatable, Sendable {
  package var t: Double
  package var y: Double
  package var phase: TouchPhase

  package init(t: Double, y: Double, phase: TouchPhase) {
    self.t = t
    self.y = y
    self.phase = phase
  }
}

/// What the scroll view was doing when an offset was logged, if the app logged it.
package enum OffsetPhase: String, Equatable, Sendable, CaseIterable {
  case dragging, decelerating
}

/// One recorded content offset (points from the top of the content) at time `t`, seconds since
/// the list appeared.
package struct OffsetSample: Equatable, Sendable {
  package var t: Double
  package var offset: Double
  package var phase: OffsetPhase?

  package init(t: Double, offset: Double, phase: OffsetPhase? = nil) {
    self.t = t
    self.offset = offset
    self.phase = phase
  }
}
