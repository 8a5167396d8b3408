import Foundation
import SimCore

/// The input of the performance references' equivalent scenario (`../shared/bench`): the
/// content offset moving down at a constant 1500 pt/s, logged at 60 Hz over an 800 pt
/// viewport, for `seconds`. It is the trace `constant_trace.py SECONDS OUT.json` writes there
/// (times rounded to 6 decimals, offsets to 3), built here so `scrollsim-equivalent`
/// needs no file and no Python for the C floor.
enum ConstantScrollTrace {
  static let speed = 1500.0
  static let sampleRate = 60

  static func make(seconds: Double) -> NamedTrace {
    let count = Int((seconds * Double(sampleRate)).rounded())
    let samples = (0...max(0, count)).map { k in
      OffsetSample(
        t: rounded(Double(k) / Double(sampleRate), places: 6),
        offset: rounded(speed * Double(k) / Double(sampleRate), places: 3), phase: .dragging)
    }
    let name =
      "constant-\(seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds))s"
    let device = Device(viewportWidth: 390, viewportHeight: 800, refreshRate: sampleRate, physics: "ios", density: 3)
    return NamedTrace(name: name, trace: Trace(name: name, device: device, input: .offsets(samples)))
  }

  /// Python's `round(x, places)` for the values this trace holds (well inside 2^53 / 10^places).
  private static func rounded(_ x: Double, places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (x * scale).rounded(.toNearestOrEven) / scale
  }
}
