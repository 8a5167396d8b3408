import SimCore

/// What `conformance` prints when a port differs: the pairs that differ (the first ten, or all
/// with `--all`) with the first metric each disagrees on, or the first decision for a pair
/// whose metrics all agree; then where the first pair's runs part — the first callback at
/// which the two strategies decided differently, with both sides' actions — and the commands
/// that show both runs' timelines (`--events`).
struct ConformanceReport {
  var referenceLabel: String
  var portLabel: String
  var differences: [ConformanceJob.Difference]
  /// The two `scrollsim run … --events` commands for the first differing pair.
  var reproduce: [String]
  var all: Bool

  var lines: [String] {
    var lines: [String] = []
    let listed = all ? differences : Array(differences.prefix(10))
    for difference in listed {
      let place = difference.place
      let parting = difference.parting
      if let metric = difference.metric {
        lines.append(
          "  \(place.trace), \(place.network), \(place.variant): \(metric) is \(difference.port), \(referenceLabel) gives \(difference.reference)"
        )
      } else {
        let decision = parting.port ?? parting.reference
        let theirs = parting.port?.actionList ?? "no more callbacks"
        let mine = parting.reference?.actionList ?? "no more callbacks"
        lines.append(
          "  \(place.trace), \(place.network), \(place.variant): every metric agrees, but decision \(parting.agreed + 1) differs (\(decision?.place ?? "")): \(portLabel) → \(theirs); \(referenceLabel) → \(mine)"
        )
      }
    }
    if listed.count < differences.count {
      lines.append("  … and \(differences.count - listed.count) more (--all lists them)")
    }
    guard let first = differences.first else { return lines }
    let parting = first.parting
    let place = parting.place
    lines.append("")
    if parting.reference == nil && parting.port == nil {
      lines.append(
        "In \(place.trace), \(place.network), \(place.variant) every decision agrees (\(parting.agreed) callbacks, the same actions in each): what differs is the declaration, not the rule. Compare the port's platform block (where rows bind and decode, its image library), role and partner with `scrollsim strategies \(referenceLabel) --format json`."
      )
    } else {
      lines.append(
        "Where the runs part, in \(place.trace), \(place.network), \(place.variant): decision \(parting.agreed + 1), after \(parting.agreed) that agree"
      )
      let width = max(referenceLabel.count, portLabel.count) + 1
      for (label, decision) in [(referenceLabel, parting.reference), (portLabel, parting.port)] {
        let side = (label + ":").padding(toLength: width, withPad: " ", startingAt: 0)
        guard let decision else {
          lines.append("  \(side) no more callbacks (its run ended)")
          continue
        }
        lines.append("  \(side) \(decision.place) → \(decision.actionList)")
      }
      if let before = parting.before {
        lines.append("  (the decision before, the same in both: \(before.place) → \(before.actionList))")
      }
      if let mine = parting.reference, let theirs = parting.port, mine.actions == theirs.actions {
        lines.append(
          "  Both took the same actions in every decision up to here: the runs drifted apart without the rules deciding differently, so what differs is likely the declaration (the platform block: where rows bind and decode, the image library) or a parameter; compare with `scrollsim strategies \(referenceLabel) --format json`."
        )
      }
    }
    lines.append("Both runs' timelines (docs/events.md), to read from there:")
    lines += reproduce.map { "  " + $0 }
    return lines
  }
}
