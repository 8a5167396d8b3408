/// Texture's (AsyncDisplayKit's) range arithmetic, as pure functions so tests can check them
/// against the source.
///
/// Sources (TextureGroup/Texture):
/// - `Source/Details/ASAbstractLayoutController.mm` `+defaultTuningParameters`, in screenfuls,
///   leading / trailing: Full: display 1.0 / 0.5, preload 2.5 / 1.5; Minimum: display
///   0.25 / 0.25, preload 0.5 / 0.25.
/// - `CGRectExpandToRangeWithScrollableDirections`: the viewport grows by `leading × height`
///   on the side the user scrolls toward and `trailing × height` on the other.
/// - `Source/Private/ASBatchFetching.mm` `ASDisplayShouldFetchBatchForContext`.
package enum TextureRanges {
  package enum Direction: String, Sendable {
    /// Toward the tail of the content (offset increasing). Texture's initial direction.
    case down
    case up
  }

  /// One range's buffers, in screenfuls.
  package struct Tuning: Equatable, Sendable {
    package var leading: Double
    package var trailing: Double
    package init(leading: Double, trailing: Double) {
      self.leading = leading
      self.trailing = trailing
    }
  }

  package static let fullDisplay = Tuning(leading: 1.0, trailing: 0.5)
  package static let fullPreload = Tuning(leading: 2.5, trailing: 1.5)
  package static let minimumDisplay = Tuning(leading: 0.25, trailing: 0.25)
  package static let minimumPreload = Tuning(leading: 0.5, trailing: 0.25)

  /// The range as [lower, upper) in content coordinates.
  package static func rect(offset: Double, viewportHeight: Double, tuning: Tuning, direction: Direction) -> Range<
    Double
  > {
    let ahead = tuning.leading * viewportHeight
    let behind = tuning.trailing * viewportHeight
    switch direction {
    case .down: return (offset - behind)..<(offset + viewportHeight + ahead)
    case .up: return (offset - ahead)..<(offset + viewportHeight + behind)
    }
  }

  /// `ASDisplayShouldFetchBatchForContext`, for a vertical list with no batch-fetching
  /// delegate and no prepend: in this order, already fetching → no; leadingScreens <= 0 → no;
  /// content shorter than the viewport → yes; scrolling toward the head → no; otherwise fetch
  /// when `contentLength − viewLength − offset <= leadingScreens × viewLength`.
  package static func shouldBatchFetch(
    isFetching: Bool, leadingScreens: Double, direction: Direction, viewLength: Double,
    contentLength: Double, targetOffset: Double
  ) -> Bool {
    if isFetching { return false }
    if leadingScreens <= 0 || viewLength <= 0 { return false }
    if contentLength < viewLength { return true }
    if direction == .up { return false }
    let remaining = contentLength - viewLength - targetOffset
    return remaining <= leadingScreens * viewLength
  }
}
