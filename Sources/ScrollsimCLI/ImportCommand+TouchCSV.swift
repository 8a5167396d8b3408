import ArgumentParser
import SimCore

extension ImportCommand {
  struct TouchCSV: ParsableCommand {
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
    @Option(
      help: "Column naming the device profile the recording ran on (one per file; --device-profile sets one for all).")
    var deviceCol: String?
    @Option(help: "Column naming the network profile the recording ran on (one per file).") var networkCol: String?
    @Option(help: "Phase codes for touch-down (comma-separated).") var down = "down"
    @Option(help: "Phase codes for moves.") var move = "move"
    @Option(help: "Phase codes for lift.") var up = "up"
    @Option(help: "Unit of the time column: s, ms, us or ns.") var timeUnit: TimeUnit = .s
    @OptionGroup var device: RecordedDeviceOptions
    @Option(help: "Display refresh rate of the recording device (Hz; 120: a ProMotion iPhone).") var refreshRate = 120
    @Option(
      help: ArgumentHelp(
        "The recording device's physics preset (\(PhysicsPresets.names.joined(separator: ", "))). Default ios, with a warning: an Android or web recording says android or chromium.",
        valueName: "name"), completion: .list(PhysicsPresets.names))
    var physics: String?
    @Flag(help: "Start a new trace where the clock goes back between gestures (several recordings in one log).")
    var newSessionOnTimeReset = false
    @OptionGroup var output: Output
    @Argument(help: "The CSV files, or folders of them (a day of recordings).") var files: [String]

    func validate() throws {
      try output.validateGap()
      guard (1...480).contains(refreshRate) else { throw ValidationError("--refresh-rate must be in 1...480") }
    }

    func run() throws {
      try reportingErrors { () throws(SimError) in
        var importer = TouchCSVImporter()
        importer.timeColumn = timeCol
        importer.yColumn = yCol
        importer.phaseColumn = phaseCol
        importer.pointerColumn = pointerCol
        importer.deviceColumn = deviceCol
        importer.networkColumn = networkCol
        importer.downCodes = Set(down.split(separator: ",").map(String.init))
        importer.moveCodes = Set(move.split(separator: ",").map(String.init))
        importer.upCodes = Set(up.split(separator: ",").map(String.init))
        importer.timeUnit = timeUnit
        importer.pixelsPerPoint = device.pxPerPt
        importer.splitGap = output.splitGap
        importer.newSessionOnTimeReset = newSessionOnTimeReset
        if let physics { _ = try PhysicsPresets.lookup(physics) }
        importer.device = device.device(refreshRate: refreshRate, physics: physics ?? Device().physics)
        if physics == nil {
          // A CSV does not say what recorded it; the trace would silently replay as an iPhone.
          printNote(
            "warning: no --physics: the traces say \(Device().physics) (an iPhone's scrolling) by default; for an Android recording give --physics android (and its --refresh-rate, --viewport-width, --viewport-height), for a browser --physics chromium"
          )
        }
        try output.write(ImportCommand.importAll(files) { file throws(SimError) in try importer.importFile(file) })
      }
    }
  }
}
