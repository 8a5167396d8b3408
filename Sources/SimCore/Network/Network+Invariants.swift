#if DEBUG
  extension Network {
    /// What holds between any two events: each host's connections in use are within its limit.
    /// Checked between events in debug builds (how often: `Simulation+Invariants.swift`).
    func checkInvariants() {
      // Slot by slot, without `allCases` (an array per event made the tests 40% slower).
      for slot in 0..<inFlight.count where inFlight[slot] < 0 || inFlight[slot] > endpoints[slot].maxInFlight {
        assertionFailure("host \(slot): \(inFlight[slot]) in flight, limit \(endpoints[slot].maxInFlight)")
      }
    }

    /// The costlier check, over every request: the connections a host counts in use are exactly
    /// its requests waiting for a first byte or transferring (scripted ones take none).
    func checkInvariantsThoroughly() {
      checkInvariants()
      var counted = [0, 0]
      for request in requests where !request.scripted && (request.state == .waiting || request.state == .transferring) {
        counted[request.kind.slot] += 1
      }
      assert(counted == inFlight, "requests in flight \(counted), connections counted \(inFlight)")
      assert(retries <= failedAttempts, "\(retries) retries of \(failedAttempts) failed attempts")
    }
  }
#endif
