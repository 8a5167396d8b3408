/// A strategy whose own state a referee compares frame by frame (`run --frames`,
/// `Validation/platforms/`): FlatList's window and render mask, FlashList's engaged range,
/// Glide's preloads. The state is a JSON object whose keys the strategy's doc comment and
/// `docs/events.md` name. The engine takes it once at the end of each drawn frame; a strategy
/// that reports what it did since the last frame (Glide's preloads and clears) starts its
/// next lists there. Nil: no state (a pair neither of whose halves has one).
package protocol FrameStateReporting {
  func takeFrameState() -> JSONValue?
  /// Called once, before the run, when its frames are recorded: a strategy that keeps lists for
  /// the record (Glide's preloads) keeps them only then, so other runs do not grow them.
  func beginFrameReports()
}

extension FrameStateReporting {
  package func beginFrameReports() {}
}
