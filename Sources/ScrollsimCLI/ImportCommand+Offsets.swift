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
    @Option(help: "Pixels per point, if offsets are in pixels.") var pxPerPt = 1.0
    @Option(help: "Viewport height in points.") var viewportHeight = 844.0
    @Option(help: "Viewport width in points (390: an iPhone 14/15).") var viewportWidth = 390.0
    @Option(
      help:
        "The trace's device density (device pixels per point: what images decode at). Default: --px-per-pt when it is not 1, else 3."
    )
    var density: Double?
    @OptionGroup var output: Output
    @Argument(help: "The offsets files, or folders of them (a day of recordings).") var files: [String]

    func validate() throws {
      guard pxPerPt.isFinite, pxPerPt > 0 else { throw ValidationError("--px-per-pt must be > 0") }
      guard viewportHeight.isFinite, viewportHeight > 0 else { throw ValidationError("--viewport-height must be > 0") }
      guard viewportWidth.isFinite, viewportWidth > 0 else { throw ValidationError("--viewport-width must be > 0") }
      try ImportCommand.validateDensity(density)
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
        importer.device = Device(
          viewportWidth: viewportWidth, viewportHeight: viewportHeight,
          density: ImportCommand.density(density, pxPerPt: pxPerPt))
        try output.write(ImportCommand.importAll(files) { file throws(SimError) in try importer.importFile(file) })
      }
    }
  }
}
