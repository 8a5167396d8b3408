import ArgumentParser
import SimCore

extension ImportCommand {
  struct Offsets: ParsableCommand {
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
    @OptionGroup var device: RecordedDeviceOptions
    @OptionGroup var output: Output
    @Argument(help: "The offsets files, or folders of them (a day of recordings).") var files: [String]

    func validate() throws {
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
        importer.pixelsPerPoint = device.pxPerPt
        importer.device = device.device()
        try output.write(ImportCommand.importAll(files) { file throws(SimError) in try importer.importFile(file) })
      }
    }
  }
}
