import ArgumentParser
import SimCore

extension ImportCommand.Output {
  /// `sessions` without those that cannot separate strategies on the built-in scenario, with a
  /// note of how many went and why; none left is an error.
  func droppingShort(_ sessions: [(source: String, name: String, trace: Trace)]) throws(SimError) -> [(
    source: String, name: String, trace: Trace
  )] {
    var kept: [(source: String, name: String, trace: Trace)] = []
    var dropped: [TraceReach.Shortfall: Int] = [:]
    for session in sessions {
      let reach: TraceReach
      do throws(SimError) {
        reach = try TraceReach.of(session.trace, scenario: .default)
      } catch {
        throw error.inFile(session.source)
      }
      if let shortfall = reach.shortfall { dropped[shortfall, default: 0] += 1 } else { kept.append(session) }
    }
    let reasons = [
      dropped[.firstPage].map { "\($0) never reach the end of the first page" },
      dropped[.fewRows].map { "\($0) show fewer rows than three pages" },
    ].compactMap { $0 }
    printNote(
      "kept \(kept.count) of \(sessions.count) sessions"
        + (reasons.isEmpty
          ? "" : "; left out as too short to separate strategies: " + reasons.joined(separator: ", ")))
    guard !kept.isEmpty else {
      throw SimError(.badData, "every session is too short to separate strategies (--drop-short); nothing written")
    }
    return kept
  }
}
