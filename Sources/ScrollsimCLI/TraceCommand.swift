import ArgumentParser
import SimCore

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Look at, cut and convert traces.",
    subcommands: [Info.self, Slice.self, Scale.self, Offsets.self])
}

extension TraceCommand {
  /// The traces a tool reads and where it writes them (`slice`, `scale`, `offsets`).
  struct Transformed: ParsableArguments {
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "Output file (atomic); stdout if absent; with several traces or a folder, a folder.", valueName: "path"))
    var output: String?
    @Argument(help: "The trace files, or folders of them.") var files: [String]

    /// Each trace transformed: one trace to -o FILE (or stdout), several (or a folder's) into
    /// the folder -o DIR under their own names, all checked before any is written and written
    /// whole or not at all.
    func each(_ transform: (Trace) throws(SimError) -> Trace) throws(SimError) {
      let paths = try TraceFolder.sessionFiles(files)
      var texts: [(name: String, text: String)] = []
      for file in paths {
        do throws(SimError) {
          texts.append((file.name, try transform(Trace.load(path: file.path)).checkedEncoding()))
        } catch {
          throw error.inFile(file.path)
        }
      }
      guard paths.count > 1 || files.contains(where: TraceFolder.isFolder) else {
        try emit(texts[0].text, to: output)
        return
      }
      guard let output else { throw SimError(.usage, "\(paths.count) traces: give -o DIR, a folder for them") }
      try AtomicFolder.write(output, traces: texts)
    }
  }
}
