/// `value` rounded to `decimals` places (0...6), without binary noise in the printed form; a
/// negative zero (a tiny negative value rounded) is zero. What the timeline, trajectories and
/// trace statistics print.
func rounded(_ value: Double, decimals: Int) -> Double {
  let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][decimals]
  return (value * scale).rounded() / scale + 0
}
