import Foundation

/// Which sessions `scrollsim tune` may learn from and which it only reports on. Sessions are
/// ordered by a hash of the seed and their name (not by file order, so adding a session does not
/// reshuffle the others' order); the first `⌈holdout × S⌉` are held out, the rest choose the
/// setting, in that order (a race's rungs take the first of them). Both parts need at least two
/// sessions: an interval needs two, and a setting chosen on one session is a guess.
package struct TuneSplit: Sendable, Equatable {
  /// Session indices the setting is chosen on, in race order.
  package let training: [Int]
  /// Session indices its gain is reported on.
  package let heldOut: [Int]

  package init(names: [String], holdout: Double, seed: UInt64) throws(SimError) {
    guard holdout > 0, holdout < 1 else {
      throw SimError(.usage, "--holdout must be between 0 and 1 (the share of sessions held out), got \(holdout)")
    }
    let order = names.indices.sorted { a, b in
      (fnv1a64("\(seed) \(names[a])"), a) < (fnv1a64("\(seed) \(names[b])"), b)
    }
    let held = Int((holdout * Double(names.count)).rounded(.up))
    heldOut = Array(order.prefix(held)).sorted()
    training = Array(order.dropFirst(held))
    guard training.count >= 2, heldOut.count >= 2 else {
      throw SimError(
        .usage,
        "tune needs at least two sessions to choose on and two to check on; \(names.count) session\(names.count == 1 ? "" : "s") with --holdout \(JSONWriter.number(holdout)) give \(training.count) and \(heldOut.count) (generate a population: scrollsim generate --profile feed --population 100 -o sessions)"
      )
    }
  }
}
