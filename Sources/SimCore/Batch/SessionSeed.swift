/// Each session of a population gets its own luck: its runs' seed is derived from the batch's
/// seed and the session's name, so two users on the same network do not draw the same
/// latencies, while every strategy on one session still replays the same luck (the pairing the
/// intervals rest on).
package enum SessionSeed {
  /// The seed session `name` runs under in a batch seeded `seed`.
  package static func derive(_ seed: UInt64, session name: String) -> UInt64 {
    var random = SeededRandom(seed: seed, stream: "session " + name)
    return random.next()
  }
}
