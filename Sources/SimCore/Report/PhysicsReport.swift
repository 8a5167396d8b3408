/// What `scrollsim physics` prints: per release velocity, where a preset's fling comes to rest.
package enum PhysicsReport {
  package struct Row: Sendable {
    /// Release velocity as given (preset units per second).
    package var velocity: Double
    /// Signed resting distance after the platform's limits (0 below its minimum fling velocity).
    package var distance: Double
    /// Seconds until the fling stops.
    package var duration: Double
    /// `targetContentOffset`: start + distance, clamped to [0, maxOffset].
    package var target: Double
  }

  package static func rows(
    physics: any ScrollPhysics, velocities: [Double], from start: Double = 0, maxOffset: Double? = nil
  ) -> [Row] {
    velocities.map { velocity in
      let fling = physics.fling(velocity: physics.flingVelocity(forRelease: velocity))
      let target = min(max(start + fling.distance, 0), maxOffset ?? .infinity)
      return Row(velocity: velocity, distance: fling.distance, duration: fling.duration, target: target)
    }
  }

  /// CSV starts with the header `velocity,distance,duration,target`.
  package static func render(_ rows: [Row], unit: String, format: ReportFormat) -> String {
    func cells(_ row: Row) -> [String] {
      [
        NumberText.fixed(row.velocity, 1), NumberText.fixed(row.distance, 2), NumberText.fixed(row.duration, 4),
        NumberText.fixed(row.target, 2),
      ]
    }
    switch format {
    case .csv:
      return (["velocity,distance,duration,target"] + rows.map { cells($0).joined(separator: ",") })
        .joined(separator: "\n") + "\n"
    case .json:
      let items: [JSONValue] = rows.map {
        .object([
          ("velocity", .number($0.velocity)), ("distance", .number($0.distance)), ("duration", .number($0.duration)),
          ("target", .number($0.target)),
        ])
      }
      return JSONWriter.pretty(
        .object(DocumentFormat.physics.header + [("unit", .string(unit)), ("flings", .array(items))])) + "\n"
    case .md:
      return MarkdownTable.render(
        ["velocity (\(unit)/s)", "distance (\(unit))", "duration (s)", "target (\(unit))"], rows.map(cells),
        textColumns: 0)
    case .table:
      let header = ["velocity \(unit)/s", "distance \(unit)", "duration s", "target \(unit)"]
      let body = rows.map(cells)
      let widths = header.indices.map { i in ([header[i]] + body.map { $0[i] }).map(\.count).max() ?? 0 }
      func line(_ cells: [String]) -> String {
        cells.indices.map { String(repeating: " ", count: widths[$0] - cells[$0].count) + cells[$0] }
          .joined(separator: "  ")
      }
      return ([line(header)] + body.map(line)).joined(separator: "\n") + "\n"
    }
  }

  /// Several presets' rows (`scrollsim physics` without `--preset`): one line per preset and
  /// velocity, each in its preset's unit. CSV starts with `preset,unit,velocity,distance,duration,target`.
  package static func render(presets: [(name: String, unit: String, rows: [Row])], format: ReportFormat) -> String {
    func cells(_ row: Row) -> [String] {
      [
        NumberText.fixed(row.velocity, 1), NumberText.fixed(row.distance, 2), NumberText.fixed(row.duration, 4),
        NumberText.fixed(row.target, 2),
      ]
    }
    let lines = presets.flatMap { preset in preset.rows.map { [preset.name, preset.unit] + cells($0) } }
    switch format {
    case .csv:
      return (["preset,unit,velocity,distance,duration,target"] + lines.map { $0.joined(separator: ",") })
        .joined(separator: "\n") + "\n"
    case .json:
      let items: [JSONValue] = presets.map { preset in
        .object([
          ("preset", .string(preset.name)), ("unit", .string(preset.unit)),
          (
            "flings",
            .array(
              preset.rows.map {
                .object([
                  ("velocity", .number($0.velocity)), ("distance", .number($0.distance)),
                  ("duration", .number($0.duration)), ("target", .number($0.target)),
                ])
              })
          ),
        ])
      }
      return JSONWriter.pretty(.object(DocumentFormat.physics.header + [("presets", .array(items))])) + "\n"
    case .md:
      return MarkdownTable.render(
        ["preset", "unit", "velocity /s", "distance", "duration (s)", "target"], lines, textColumns: 2)
    case .table:
      let header = ["preset", "unit", "velocity /s", "distance", "duration s", "target"]
      let widths = header.indices.map { i in ([header[i]] + lines.map { $0[i] }).map(\.count).max() ?? 0 }
      func line(_ cells: [String]) -> String {
        cells.indices.map { i in
          let pad = String(repeating: " ", count: widths[i] - cells[i].count)
          return i < 2 ? cells[i] + pad : pad + cells[i]
        }.joined(separator: "  ").replacing(/\s+$/, with: "")
      }
      return ([line(header)] + lines.map(line)).joined(separator: "\n") + "\n"
    }
  }
}
