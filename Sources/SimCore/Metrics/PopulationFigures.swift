/// The figures only a population of sessions has, by the key a condition or an objective names
/// them with (`wait_p90 > +10%`): the wait's p50, p90 and p99 and the shares of sessions that
/// stalled, showed a blank over a second, hitched or were killed, the hitch ratio's p90 and the
/// peak memory's p90 (bytes: `peak_memory_p90@low-end > 400000000`).
package enum PopulationFigures {
  package static let keys: Set<String> = [
    "waitP50", "waitP90", "waitP99", "stalledShare", "longBlankShare", "hitchingShare", "killedShare", "hitchP90",
    "peakMemoryP90",
  ]
}
