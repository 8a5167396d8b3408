import ArgumentParser
import Foundation
import SimCore

extension TuneCommand {
  func run() throws {
    var failed = false
    try reportingErrors { () throws(SimError) in
      let margin = try marginShare()
      let space = try search.space()
      if codeOnly {
        try writeStandardOutput(try codeOnlyText(space) + "\n")
        return
      }
      let (sessions, leftOut, classes, networks) = try sessions(for: space.stack)
      // A latency given as measured is fitted over the networks the tune runs on.
      let networkList = search.networks.map { $0.split(separator: ",").map(String.init) }
      var request = try search.request(
        space: space, sessions: sessions,
        scenario: try scenarioOptions.load(runningOn: networkList, sessions: sessions),
        options: try scenarioOptions.simulationOptions())
      request.unreadableLeftOut = leftOut
      // --device runs every session on one phone: no classes to answer for.
      if scenarioOptions.device == nil { request.sessionClasses = classes }
      if scenarioOptions.network == nil && search.networks == nil { request.sessionNetworks = networks }
      if !leftOut.isEmpty { printNote(Provenance.leftOutNote(leftOut.count)) }
      var job = try TuneJob(request)
      (job.runs, job.resume, job.shard) = (runs, resume, shard)
      let outcome = try job.perform(
        BatchControl(threads: threads, stop: .listening(printInterruption), progress: ProgressBar()))
      guard let result = outcome.result else {
        // A shard's runs are its output; a stopped or failed tune keeps its finished runs.
        if outcome.isShard || runs != nil { try emit(outcome.table.csv, to: runs) }
        for note in outcome.notes { printNote(note) }
        if let error = outcome.error { throw error }
        return
      }
      for note in outcome.notes { printNote(note) }
      try write(result, table: outcome.table, alternatives: try alternatives(of: request))
      if check {
        failed = result.checkFails(margin: margin)
        printNote(
          failed
            ? "tune --check: a setting within the budgets beats yours by more than \(NumberText.percent(margin)) on the held-out sessions (exit 1)"
            : "tune --check: your setting is within \(NumberText.percent(margin)) of the best found within the budgets")
      }
    }
    if failed { throw ExitCode(1) }
  }

  var threads: Int { threadsOption.threads }

  /// `5%` or `5` as 0.05.
  private func marginShare() throws(SimError) -> Double {
    let text = margin.hasSuffix("%") ? String(margin.dropLast()) : margin
    guard let value = Double(text), value.isFinite, value >= 0, value < 100 else {
      throw SimError(.usage, "--margin \(margin): expected a percentage in 0...100, e.g. 5%")
    }
    return value / 100
  }

  /// The sessions to tune on (the built-in population without TRACE) and each one's device
  /// class, with a note when some were recorded with another platform's physics than the
  /// stack's (read as a stream: the runs read them again a window at a time).
  private func sessions(for stack: TuneStack) throws(SimError) -> (
    Sessions, leftOut: [String], classes: [String], networks: [String]
  ) {
    let (sessions, leftOut) = try (traces.isEmpty ? Sessions.builtIn : try Sessions.files(traces))
      .readable(threads: threads, skipping: skipUnreadable)
    let checksPhysics = scenarioOptions.physics == nil
    var others = 0
    var first: String?
    var classes: [String] = []
    var networks: [String] = []
    try sessions.forEach(
      threads: BatchControl.defaultThreads,
      { named -> (physics: String?, device: String, network: String) in
        let device = named.trace.deviceProfile ?? Trace.ownProfile
        let network = named.trace.networkProfile ?? Trace.ownProfile
        if checksPhysics, case .touches = named.trace.input, !stack.physics.contains(named.trace.device.physics) {
          return (named.trace.device.physics, device, network)
        }
        return (nil, device, network)
      }
    ) { read in
      classes.append(read.device)
      networks.append(read.network)
      guard let physics = read.physics else { return }
      others += 1
      first = first ?? physics
    }
    if let first {
      printNote(
        "note: \(others) of \(sessions.count) sessions scroll with \(first) physics, not \(stack.name)'s (\(stack.physics.joined(separator: ", "))); they are replayed as recorded (--physics \(stack.physics[0]) replays the same gestures with \(stack.name)'s scrolling)"
      )
    }
    return (sessions, leftOut, classes, networks)
  }
}
