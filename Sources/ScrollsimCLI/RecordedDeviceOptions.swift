import ArgumentParser
import SimCore

/// The recording device an importer cannot read from the file: the positions' pixels per
/// point, the viewport, and the density images decode at (`import offsets`, `import touch-csv`).
struct RecordedDeviceOptions: ParsableArguments {
  @Option(help: "Device pixels per point of the recorded positions; 1 if they are already in points.")
  var pxPerPt = 1.0
  @Option(help: "Viewport height in points for the trace's device.") var viewportHeight = 844.0
  @Option(help: "Viewport width in points for the trace's device (390: an iPhone 14/15).") var viewportWidth = 390.0
  @Option(
    help:
      "The trace's device density (device pixels per point: what images decode at). Default: --px-per-pt when it is not 1, else 3."
  )
  var density: Double?

  func validate() throws {
    guard pxPerPt.isFinite, pxPerPt > 0 else { throw ValidationError("--px-per-pt must be > 0") }
    guard viewportHeight.isFinite, viewportHeight > 0 else { throw ValidationError("--viewport-height must be > 0") }
    guard viewportWidth.isFinite, viewportWidth > 0 else { throw ValidationError("--viewport-width must be > 0") }
    guard density.map({ $0.isFinite && $0 > 0 && $0 <= 10 }) ?? true else {
      throw ValidationError("--density must be in (0, 10]")
    }
  }

  /// The trace's device: this viewport, `refreshRate` and `physics`, and the density
  /// `--density` gives, else the pixels per point the positions were given in (a log in device
  /// pixels says its density), else the default device's.
  func device(refreshRate: Int = Device().refreshRate, physics: String = Device().physics) -> Device {
    Device(
      viewportWidth: viewportWidth, viewportHeight: viewportHeight, refreshRate: refreshRate, physics: physics,
      density: density ?? (pxPerPt != 1 ? pxPerPt : Device().density))
  }
}
