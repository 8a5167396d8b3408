import ArgumentParser
import Foundation
import SimCore

extension TimeUnit: ExpressibleByArgument {}
extension GeteventImporter.Axis: ExpressibleByArgument {}

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Turn a touch log or an offset log into a scrollsim trace.",
    discussion: """
      Each import prints a summary to stderr (gestures, duration, distance, release velocities, what was dropped and why) and refuses data it cannot trust. Details: docs/recording.md.
      """,
    subcommands: [ImportTouchCSV.self, ImportGetevent.self, ImportOffsets.self])
}

/// Where imported traces go: one file, numbered files when split into sessions, or stdout.
struct ImportOutput: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Write the trace here (atomically); sessions split by --split-gap go to NAME-1.json, NAME-2.json, …",
      valueName: "file"))
  var output: String?

  @Option(help: "Split into separate traces where a pause between gestures is longer than this (s).")
  var splitGap: Double?

  func write(_ result: ImportResult, source: String) throws(SimError) {
    printNote("\(source): \(result.summary)")
    // Every trace is checked before any is written.
    let texts: [String]
    do throws(SimError) {
      texts = try result.traces.map { trace throws(SimError) in try trace.checkedEncoding() }
    } catch {
      throw error.inFile(source)
    }
    if texts.count == 1 {
      try emit(texts[0], to: output)
      return
    }
    guard let output else {
      throw SimError(
        .usage,
        "\(result.traces.count) sessions: give -o NAME.json to write NAME-1.json … NAME-\(result.traces.count).json")
    }
    let base = output.hasSuffix(".json") ? String(output.dropLast(5)) : output
    try AtomicFile.writeAll(texts.enumerated().map { index, text in (text, "\(base)-\(index + 1).json") })
  }

  func validateGap() throws {
    if let splitGap { guard splitGap.isFinite, splitGap > 0 else { throw ValidationError("--split-gap must be > 0") } }
  }
}

struct ImportTouchCSV: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "touch-csv",
    abstract: "Touch samples from a CSV: say which columns hold time, y and phase.",
    discussion: """
      Columns are header names or 1-based numbers. Examples:
        scrollsim import touch-csv --time-col t_ms --time-unit ms strokes.csv
        scrollsim import touch-csv --time-col 6 --y-col 3 --phase-col 1 \\
          --down 0 --move 2 --up 1 --time-unit ms --px-per-pt 3 Swipe1.txt
      """)

  @Option(help: "Time column.") var timeCol = "t"
  @Option(help: "Vertical position column (device pixels or points).") var yCol = "y"
  @Option(help: "Phase column.") var phaseCol = "phase"
  @Option(help: "Pointer id column: rows of a second finger are dropped.") var pointerCol: String?
  @Option(help: "Phase codes for touch-down (comma-separated).") var down = "down"
  @Option(help: "Phase codes for moves.") var move = "move"
  @Option(help: "Phase codes for lift.") var up = "up"
  @Option(help: "Unit of the time column: s, ms, us or ns.") var timeUnit: TimeUnit = .s
  @Option(help: "Device pixels per point (the density); 1 if y is already in points.") var pxPerPt = 1.0
  @Option(help: "Viewport height in points for the trace's device.") var viewportHeight = 844.0
  @Flag(help: "Start a new trace where the clock goes back between gestures (several recordings in one log).")
  var newSessionOnTimeReset = false
  @OptionGroup var output: ImportOutput
  @Argument(help: "The CSV file.") var file: String

  func validate() throws {
    try output.validateGap()
    guard pxPerPt.isFinite, pxPerPt > 0 else { throw ValidationError("--px-per-pt must be > 0") }
    guard viewportHeight.isFinite, viewportHeight > 0 else { throw ValidationError("--viewport-height must be > 0") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      var importer = TouchCSVImporter()
      importer.timeColumn = timeCol
      importer.yColumn = yCol
      importer.phaseColumn = phaseCol
      importer.pointerColumn = pointerCol
      importer.downCodes = Set(down.split(separator: ",").map(String.init))
      importer.moveCodes = Set(move.split(separator: ",").map(String.init))
      importer.upCodes = Set(up.split(separator: ",").map(String.init))
      importer.timeUnit = timeUnit
      importer.pixelsPerPoint = pxPerPt
      importer.splitGap = output.splitGap
      importer.newSessionOnTimeReset = newSessionOnTimeReset
      importer.device = Device(viewportHeight: viewportHeight)
      try output.write(try importer.importFile(file), source: file)
    }
  }
}

struct ImportGetevent: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "getevent",
    abstract: "Touches from Android `adb shell getevent -lt` (protocols A and B, single touch).",
    discussion: """
      Record with: adb shell getevent -lt /dev/input/eventN > log.txt (add the output of getevent -lp to the file to give the screen size). Example:
        scrollsim import getevent --density 2.625 --axis y log.txt -o trace.json
      """)

  @Option(help: "Scroll axis: y (vertical lists) or x.") var axis: GeteventImporter.Axis = .y
  @Option(help: "Physical pixels per dp (e.g. 2.625 for a 420 dpi phone).") var density = 1.0
  @Option(help: "Screen length along the axis in pixels, if the log has no getevent -lp lines.") var screenPixels:
    Double?
  @Option(help: "Display refresh rate of the device (Hz).") var refreshRate = 60
  @OptionGroup var output: ImportOutput
  @Argument(help: "The getevent -lt text.") var file: String

  func validate() throws {
    try output.validateGap()
    guard density.isFinite, density > 0, density <= 10 else { throw ValidationError("--density must be in (0, 10]") }
    guard (1...480).contains(refreshRate) else { throw ValidationError("--refresh-rate must be in 1...480") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      var importer = GeteventImporter()
      importer.axis = axis
      importer.density = density
      importer.screenPixels = screenPixels
      importer.splitGap = output.splitGap
      importer.refreshRate = refreshRate
      try output.write(try importer.importFile(file), source: file)
    }
  }
}

struct ImportOffsets: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "offsets",
    abstract: "Content offsets over time (CSV with a header, or JSON lines), as an app logs them.",
    discussion: """
      Example: scrollsim import offsets --time-unit ms didScroll.csv -o trace.json
      """)

  @Option(help: "Time column / key.") var timeCol = "t"
  @Option(help: "Offset column / key.") var offsetCol = "offset"
  @Option(help: "Phase column / key (dragging, decelerating; optional).") var phaseCol = "phase"
  @Option(help: "Unit of the time column: s, ms, us or ns.") var timeUnit: TimeUnit = .s
  @Option(help: "Pixels per point, if offsets are in pixels.") var pxPerPt = 1.0
  @Option(help: "Viewport height in points.") var viewportHeight = 844.0
  @OptionGroup var output: ImportOutput
  @Argument(help: "The offsets file.") var file: String

  func validate() throws {
    guard pxPerPt.isFinite, pxPerPt > 0 else { throw ValidationError("--px-per-pt must be > 0") }
    guard viewportHeight.isFinite, viewportHeight > 0 else { throw ValidationError("--viewport-height must be > 0") }
    if output.splitGap != nil {
      throw ValidationError("--split-gap splits touch recordings; an offsets log is imported as one trace")
    }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      var importer = OffsetsImporter()
      importer.timeColumn = timeCol
      importer.offsetColumn = offsetCol
      importer.phaseColumn = phaseCol
      importer.timeUnit = timeUnit
      importer.pixelsPerPoint = pxPerPt
      importer.device = Device(viewportHeight: viewportHeight)
      try output.write(try importer.importFile(file), source: file)
    }
  }
}
