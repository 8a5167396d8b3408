/// `value` rounded to `decimals` places (0...10), without binary noise in the printed form; a
/// negative zero (a tiny negative value rounded) is zero. The one rounding of numbers that are
/// written: metrics (9 places), the timeline, trajectories, traces, trace statistics and
/// sweep grids.
/// (`NumberText` writes numbers as text with a fixed number of decimals, for people.)
func rounded(_ value: Double, decimals: Int) -> Double {
  let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000][
    decimals]
  return (value * scale).rounded() / scale + 0
}
