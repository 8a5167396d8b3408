/// The scroll velocity as a strategy measures it: the offset change over the time between two
/// calls (drawn frames), as Flutter reads it between scroll events. (FlatList and FlashList
/// keep their own: React Native's millisecond timestamps, `FlatListStrategy`, `FlashListStrategy`.)
struct FrameVelocity {
  private var previous: (offset: Double, time: Double)?

  /// Starts measuring from the list as it is now.
  mutating func start(_ list: any ListContext) { previous = (list.contentOffset, list.time) }

  /// The velocity (pt/s) since the last call, nil if no time passed or on the first call; and
  /// the offset change, for the direction.
  mutating func update(_ list: any ListContext) -> (velocity: Double, delta: Double)? {
    defer { previous = (list.contentOffset, list.time) }
    guard let previous, list.time > previous.time else { return nil }
    let delta = list.contentOffset - previous.offset
    return (delta / (list.time - previous.time), delta)
  }
}
