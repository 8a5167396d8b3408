import ArgumentParser
import SimCore

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Look at, cut and convert traces.",
    subcommands: [Info.self, Slice.self, Scale.self, Offsets.self])
}

extension TraceCommand {
  /// A trace tool over `paths`: one trace to -o FILE (or stdout), several (or a folder's) into
  /// the folder -o DIR under their own names, all checked before any is written and written
  /// whole or not at all.
  static func transformEach(
    _ paths: [String], output: String?, _ transform: (Trace) throws(SimError) -> Trace
  ) throws(SimError) {
    let files = try TraceFolder.expand(paths)
    var texts: [(name: String, text: String)] = []
    for file in files {
      do throws(SimError) {
        texts.append((NamedTrace.name(of: file), try transform(Trace.load(path: file)).checkedEncoding()))
      } catch {
        throw error.inFile(file)
      }
    }
    guard files.count > 1 || paths.contains(where: TraceFolder.isFolder) else {
      try emit(texts[0].text, to: output)
      return
    }
    guard let output else { throw SimError(.usage, "\(files.count) traces: give -o DIR, a folder for them") }
    try AtomicFolder.write(output, traces: texts)
  }
}
