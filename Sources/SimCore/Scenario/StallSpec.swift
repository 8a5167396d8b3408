package enum StallPolicy: String, Equatable, Sendable, CaseIterable {
  /// The user waits at the spinner: the rest of the input is delayed until the page lands,
  /// so every strategy replays the same gestures.
  case wait
  /// The input goes on at its recorded times; the list stays clamped at the end meanwhile.
  case `continue`
}

package struct StallSpec: Equatable, Sendable {
  package var policy: StallPolicy
  /// A stall with no page ever arriving ends after this many seconds (the user gives up
  /// waiting and the input resumes). Default 30 s.
  package var giveUpAfter: Double

  package init(policy: StallPolicy = .wait, giveUpAfter: Double = 30) {
    self.policy = policy
    self.giveUpAfter = giveUpAfter
  }
}
