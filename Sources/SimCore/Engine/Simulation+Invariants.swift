#if DEBUG
  import Foundation

  extension Simulation {
    /// How often the checks run: after every 16th event by default (after every event they made
    /// the test suite 40% slower), after every event with `SCROLLSIM_INVARIANTS=every-event`
    /// (run so when the engine's parts change).
    static let checkInterval = ProcessInfo.processInfo.environment["SCROLLSIM_INVARIANTS"] == "every-event" ? 1 : 16
    /// Every 1,024th event also runs the checks that cost a pass over rows, requests or pages.
    static let thoroughCheckInterval = 1024

    /// Checks what must hold between any two events, in debug builds (so in every test run): the
    /// parts' own invariants and that the rows on screen are the cells marked visible. A broken
    /// one fails an assertion naming it; release builds skip them.
    func checkInvariants() {
      let handled = queue.handled
      guard handled % Self.checkInterval == 0 else { return }
      network.checkInvariants()
      feed.checkInvariants()
      cells.checkInvariants()
      guard handled % Self.thoroughCheckInterval == 0 else { return }
      for item in visible.items {
        assert(cells[item].isVisible, "row \(item) is on screen but its cell is not visible")
      }
      network.checkInvariantsThoroughly()
      feed.checkInvariantsThoroughly()
      cells.checkInvariantsThoroughly()
    }
  }
#endif
