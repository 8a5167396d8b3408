#if DEBUG
  extension Network {
    /// What holds between any two events: each host's connections in use are within its limit.
    /// Checked between events in debug builds (how often: `Simulation+Invariants.swift`).
    func checkInvariants() {
      // Slot by slot, without `allCases` (an array per event made the tests 40% slower).
      for slot in 0..<hosts.count where hosts[slot].inUse < 0 || hosts[slot].inUse > hosts[slot].capacity {
        assertionFailure("host \(slot): \(hosts[slot].inUse) in flight, limit \(hosts[slot].capacity)")
      }
    }

    /// The costlier check, over every request: the connections a host counts in use are exactly
    /// its requests waiting for a first byte or transferring (planned ones take none).
    func checkInvariantsThoroughly() {
      checkInvariants()
      var counted = [0, 0]
      for request in requests where !request.planned && (request.state == .waiting || request.state == .transferring) {
        counted[request.kind.slot] += 1
      }
      let inUse = hosts.map(\.inUse)
      assert(counted == inUse, "requests in flight \(counted), connections counted \(inUse)")
      assert(retries <= failedAttempts, "\(retries) retries of \(failedAttempts) failed attempts")
    }
  }
#endif
