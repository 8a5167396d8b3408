import ArgumentParser
import Foundation
import SimCore

struct CalibrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Fit the generator's profiles to recorded swipes (the method: docs/generator.md).",
    discussion: """
      Reads raw swipe files (action,x,y,pressure,size,t_ms; action 0 down, 2 move, 1 up), keeps the vertical strokes and prints the fitted profiles as JSON. The numbers in GestureGenerator come from:
        scrollsim calibrate --px-per-pt 3 ../shared/data/swipes/*.txt
      """)

  @Option(help: "Device pixels per point of the recordings.") var pxPerPt = 3.0
  @Option(help: "Pauses longer than this (s) are session breaks, not pauses.") var sessionGap = 10.0
  @Argument(help: "Swipe files.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give the swipe files") }
    guard pxPerPt.isFinite, pxPerPt > 0 else { throw ValidationError("--px-per-pt must be > 0") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let recordings = try Calibration.readSwipeFiles(files)
      let fit: Calibration.Fit
      do throws(SimError) {
        fit = try Calibration.fit(recordings, pixelsPerPoint: pxPerPt, sessionGap: sessionGap)
      } catch {
        // The fit judges the files together: name them all (the first few of many).
        let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
        throw error.inFile(shown)
      }
      try writeStandardOutput(JSONWriter.pretty(Calibration.json(fit)) + "\n")
    }
  }
}
