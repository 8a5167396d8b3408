import ArgumentParser
import SimCore

struct PhysicsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "physics",
    abstract: "Show where a preset's fling comes to rest for given release velocities.",
    discussion: """
      Prints, per release velocity, the resting distance, the fling's duration and the target offset, in the preset's units (pt, dp or px). Compare it with a screen recording of your app. Formulas and sources: docs/physics.md.

      Without --preset, every preset is shown, one line per preset and velocity.

      Examples:
        scrollsim physics --velocity 1000,4000,8000
        scrollsim physics --preset ios --velocity 500,1000,2000,4000
        scrollsim physics --preset android --velocity 1000,8000 --format csv
      """)

  @Option(
    help: ArgumentHelp(
      "\(PhysicsPresets.names.joined(separator: ", ")). Default: every preset.", valueName: "name"))
  var preset: String?

  @Option(
    name: .customLong("velocity"), parsing: .singleValue,
    help: ArgumentHelp(
      "Release velocities, comma-separated, in units per second; negative = toward the top, written --velocity=-1000,500.",
      valueName: "v,v,…"))
  var velocityLists: [String]

  @Option(help: "Physical pixels per unit (Android's rounding, Flutter's tolerances).")
  var density: Double = 3

  @Option(help: "Viewport height (Chromium's flings go at most three viewports).")
  var viewport: Double = 844

  @Option(help: "Offset the fling starts from.")
  var from: Double = 0

  @Option(help: "Largest content offset (the target is clamped to it). Default: none.")
  var maxOffset: Double?

  @Option(help: "Output format: table, json, csv or md.")
  var format: ReportFormat = .table

  @OptionGroup var touch: TouchOptions

  func velocities() throws -> [Double] {
    var values: [Double] = []
    for text in velocityLists.flatMap({ $0.split(separator: ",") }) {
      guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= 1e6 else {
        throw ValidationError("--velocity \(text): expected a number of units per second, at most 1e6 in size")
      }
      values.append(value)
    }
    guard !values.isEmpty else { throw ValidationError("--velocity: give at least one velocity") }
    return values
  }

  func validate() throws {
    _ = try velocities()
    guard density.isFinite, density > 0, density <= 10 else { throw ValidationError("--density must be in (0, 10]") }
    guard viewport.isFinite, viewport > 0, viewport <= 100_000 else {
      throw ValidationError("--viewport must be in (0, 100000]")
    }
    guard from.isFinite else { throw ValidationError("--from must be a finite number") }
    if let maxOffset {
      guard maxOffset.isFinite, maxOffset >= 0 else { throw ValidationError("--max-offset must be ≥ 0") }
    }
  }

  func run() throws {
    let values = try velocities()
    let iosMaxFlingVelocity = touch.applied().iosMaxFlingVelocity
    try reportingErrors { () throws(SimError) in
      func lookup(_ name: String) throws(SimError) -> any ScrollPhysics {
        try PhysicsPresets.lookup(name, density: density, viewport: viewport, iosMaxFlingVelocity: iosMaxFlingVelocity)
      }
      if let preset {
        let physics = try lookup(preset)
        let rows = PhysicsReport.rows(physics: physics, velocities: values, from: from, maxOffset: maxOffset)
        return try writeStandardOutput(PhysicsReport.render(rows, unit: physics.unit, format: format))
      }
      var presets: [(name: String, unit: String, rows: [PhysicsReport.Row])] = []
      for name in PhysicsPresets.names {
        let physics = try lookup(name)
        presets.append(
          (
            name, physics.unit,
            PhysicsReport.rows(physics: physics, velocities: values, from: from, maxOffset: maxOffset)
          ))
      }
      try writeStandardOutput(PhysicsReport.render(presets: presets, format: format))
    }
  }
}
