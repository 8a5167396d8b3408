/// The figures only a population of sessions has, by the key a condition or an objective names
/// them with (`wait_p90 > +10%`): the wait's p50, p90 and p99 and the shares of sessions that
/// stalled, showed a blank over a second, hitched or were killed.
public enum PopulationFigures {
  public static let keys: Set<String> = [
    "waitP50", "waitP90", "waitP99", "stalledShare", "longBlankShare", "hitchingShare", "killedShare",
  ]
}
