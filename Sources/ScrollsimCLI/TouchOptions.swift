import ArgumentParser
import SimCore

/// The device's touch assumptions as options (the scenario's `touch` section): commands that
/// turn touches into motion without a scenario (`physics`, `trace offsets`) take them here, and
/// `run`, `compare`, `sweep` through `ScenarioOptions`, where they layer over `--scenario`.
struct TouchOptions: ParsableArguments {
  @Option(
    name: .customLong("ios-max-fling-velocity"),
    help: ArgumentHelp(
      "The fastest release the ios presets fling (pt/s; default \(NumberText.fixed(IOSPhysics.maxFlingVelocity, 0)), an assumption: UIKit publishes no cap; docs/physics.md says how to measure yours).",
      valueName: "pt/s"))
  var iosMaxFlingVelocity: Double?

  func validate() throws {
    if let iosMaxFlingVelocity {
      let range = TouchSpec.flingVelocityRange
      guard range.contains(iosMaxFlingVelocity) else {
        throw ValidationError(
          "--ios-max-fling-velocity must be in \(NumberText.fixed(range.lowerBound, 0))...\(NumberText.fixed(range.upperBound, 0)) pt/s, found \(iosMaxFlingVelocity)"
        )
      }
    }
  }

  /// `base` with what these options set.
  func applied(to base: TouchSpec = TouchSpec()) -> TouchSpec {
    var touch = base
    if let iosMaxFlingVelocity { touch.iosMaxFlingVelocity = iosMaxFlingVelocity }
    return touch
  }

  /// The options as a scenario overlay (nil when none is given).
  var overlay: JSONValue? {
    iosMaxFlingVelocity.map { .object([("touch", .object([("iosMaxFlingVelocity", .number($0))]))]) }
  }
}
