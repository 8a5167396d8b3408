/// The points no other beats on both coordinates at once (lower is better on each): the one
/// rule behind every frontier scrollsim draws — a sweep's wait against wasted requests, hitches
/// or memory (`SweepSummary`), and tune's finalists' wait against memory and bytes (`TuneResult`).
/// A point is dominated when another is no worse on both and better on one.
enum ParetoFrontier {
  /// The indices of the points on the frontier, in the order given.
  static func indices(_ points: [(Double, Double)]) -> [Int] {
    func dominates(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
      a.0 <= b.0 && a.1 <= b.1 && (a.0 < b.0 || a.1 < b.1)
    }
    return points.indices.filter { index in !points.contains { dominates($0, points[index]) } }
  }
}
