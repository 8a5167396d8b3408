/// The sessions a batch runs over, by index: their names, known before any is read, and how to
/// read one. A folder of recordings is read a window at a time (`Batch.window`), never whole.
package struct Sessions: Sendable {
  /// Each session's name.
  package let names: [String]
  let read: @Sendable (Int) throws(SimError) -> NamedTrace
  /// Whether a session is read from a file, and so may fail to read (generated sessions and
  /// traces in memory cannot).
  let fromFiles: Bool

  package var count: Int { names.count }

  init(names: [String], fromFiles: Bool = false, read: @escaping @Sendable (Int) throws(SimError) -> NamedTrace) {
    self.names = names
    self.fromFiles = fromFiles
    self.read = read
  }

  /// Sessions already in memory.
  package init(_ traces: [NamedTrace]) {
    self.init(names: traces.map(\.name)) { index throws(SimError) in traces[index] }
  }

  /// Trace files (a folder: its `.json` files at any depth, `TraceFolder`), each named as
  /// `TraceFolder.sessionFiles` names it (its path within the folder given; no two alike), or
  /// the embedded default when there is none, as `NamedTrace.load` takes them; read when asked.
  package static func files(_ paths: [String]) throws(SimError) -> Sessions {
    if paths.isEmpty { return Sessions([Trace.embeddedDefault]) }
    return files(named: try TraceFolder.sessionFiles(paths))
  }

  /// Trace files already named (`TraceFolder.sessionFiles`), read when asked.
  package static func files(named files: [TraceFolder.SessionFile]) -> Sessions {
    Sessions(names: files.map(\.name), fromFiles: true) { index throws(SimError) in
      NamedTrace(name: files[index].name, trace: try Trace.load(path: files[index].path))
    }
  }

  /// `transform` of sessions `indices`, in order, read and transformed on `threads` threads;
  /// the first failure in order is the error.
  func read<Value: Sendable>(
    _ indices: [Int], threads: Int, _ transform: @escaping @Sendable (NamedTrace) -> Value
  ) throws(SimError) -> [Value] {
    let read = self.read
    return try ParallelRuns.values(
      ParallelRuns.run(count: indices.count, threads: threads) { position throws(SimError) in
        transform(try read(indices[position]))
      })
  }

  /// Hands each session's encoded trace to `body`, in order, reading `threads` at a time and
  /// holding one such group: a fingerprint of every trace without holding them all.
  func forEachEncoded(threads: Int, _ body: (String) -> Void) throws(SimError) {
    try forEach(threads: threads, { $0.trace.encoded() }, body)
  }

  /// Hands `transform` of each session to `body`, in order: sessions are read and transformed
  /// `threads` at a time, and one group of them is held at once.
  package func forEach<Value: Sendable>(
    threads: Int, _ transform: @escaping @Sendable (NamedTrace) -> Value, _ body: (Value) -> Void
  ) throws(SimError) {
    let group = max(1, threads) * 8
    for start in stride(from: 0, to: count, by: group) {
      for value in try read(Array(start..<min(count, start + group)), threads: threads, transform) { body(value) }
    }
  }

  /// The sessions that read, each read once here (`threads` at a time, one group held): a day
  /// of recordings with a few broken files is refused naming every one (the first twenty, then
  /// how many more), or with `skipping` run without them, their names returned for the report.
  package func readable(threads: Int, skipping: Bool) throws(SimError) -> (sessions: Sessions, leftOut: [String]) {
    guard fromFiles else { return (self, []) }
    var failures: [(index: Int, error: SimError)] = []
    let group = max(1, threads) * 8
    let read = self.read
    for start in stride(from: 0, to: count, by: group) {
      let indices = Array(start..<min(count, start + group))
      let results = ParallelRuns.run(count: indices.count, threads: threads) { position throws(SimError) in
        _ = try read(indices[position])
      }
      for (position, result) in results.enumerated() {
        if case .failure(let error)? = result { failures.append((indices[position], error)) }
      }
    }
    guard !failures.isEmpty else { return (self, []) }
    guard skipping, failures.count < count else {
      let named = failures.prefix(20).map { "  \($0.error.description)" }
      let more = failures.count > 20 ? ["  … and \(failures.count - 20) more"] : []
      throw SimError(
        .badData,
        ([
          failures.count == count
            ? "none of the \(count) session files can be read:"
            : "\(failures.count) of \(count) session files cannot be read (--skip-unreadable runs the others):"
        ] + named
          + more).joined(separator: "\n"))
    }
    let bad = Set(failures.map(\.index))
    let kept = (0..<count).filter { !bad.contains($0) }
    return (
      Sessions(names: kept.map { names[$0] }, fromFiles: true) { index throws(SimError) in try read(kept[index]) },
      failures.map { names[$0.index] }
    )
  }

  /// The built-in population's sessions (`Population.embeddedDefault`), generated when read.
  package static var builtIn: Sessions {
    let population = GeneratedPopulation.embeddedDefault
    return Sessions(names: (0..<population.count).map(population.fileName)) { index in
      population.namedSession(index)
    }
  }
}
