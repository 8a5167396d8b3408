import ArgumentParser
import SimCore

extension ImportCommand {
  struct Getevent: ParsableCommand {
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
    @OptionGroup var output: Output
    @Argument(help: "The getevent -lt texts, or folders of them (a day of recordings).") var files: [String]

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
        try output.write(ImportCommand.importAll(files) { file throws(SimError) in try importer.importFile(file) })
      }
    }
  }
}
