/// `compare --html report.html` over a population: one self-contained page, answer first, as
/// the single-run page (`HTMLReport`) is:
/// 1. the verdict of the population report (`PopulationReport`): who makes users wait least,
///    by how much, with its paired interval;
/// 2. the distribution of the per-session wait per strategy (`DistributionSVG`), and the
///    report's table;
/// 3. the sessions that waited most under each strategy, each with the command that draws its
///    own page (its replay, timelines and every metric) under the seed the population gave it;
/// 4. the replay of one of them, the one that waited most under the winner, with every
///    compared strategy in step (`ReplayHTML`).
/// No script but the replay's, nothing fetched.
package enum PopulationHTML {
  /// One session replayed on the page: its name and the screens.
  package struct Replay: Sendable {
    package var session: String
    package var screens: ReplayHTML

    package init(session: String, screens: ReplayHTML) {
      self.session = session
      self.screens = screens
    }
  }

  /// The session to replay: the one that waited most under the winner by `key`.
  package static func sessionToReplay(_ summary: PopulationSummary, key: PopulationKey) -> String? {
    summary.ranked(by: key).first.flatMap { summary.rows[$0].worst.first?.session }
  }

  /// The screens of `session`'s replay from its runs (each strategy's, and the limit's plan's
  /// when measured, each with its timeline) under `seed`; `chosen` names the screens, nil:
  /// those a single-run page shows by default (`ReplayHTML.defaultReplay`).
  package static func replay(
    _ session: NamedTrace, runs results: [RunResult], scenario: Scenario, seed: UInt64, chosen: [String]?
  ) -> Replay {
    var runs: [ReplayHTML.Run] = []
    var waits: [String: Double] = [:]
    var roles: [String: LimitRole] = [:]
    for result in results {
      let name = result.metrics.strategy
      waits[name] = result.metrics.waitSeconds
      roles[name] = result.metrics.limitRole
      let caption = "waited \(NumberText.fixed(result.metrics.waitSeconds, 2)) s"
      runs.append(ReplayHTML.Run(strategy: name, caption: caption, timeline: Timeline(events: result.events)))
    }
    let names = chosen ?? ReplayHTML.defaultReplay(runs.map(\.strategy), waits: waits, roles: roles)
    let screens = ReplayHTML(
      runs: names.compactMap { name in runs.first { $0.strategy == name } }, scenario: scenario,
      seed: seed, viewportWidth: session.trace.device.viewportWidth,
      viewportHeight: session.trace.device.viewportHeight)
    return Replay(session: session.name, screens: screens)
  }

  /// `commands` gives, for a session's name, the command that draws its own page (nil: none).
  package static func render(
    _ summary: PopulationSummary, key: PopulationKey, provenance: Provenance, replay: Replay?,
    commands: (String) -> String?
  ) -> String {
    let sessions = summary.rows.first?.sessions ?? 0
    var html = HTMLReport.head(title: "scrollsim compare · \(sessions) sessions")
    html += "<p class=\"meta\">" + XML.escaped(provenance.line { $0 }) + "</p>\n"
    html += verdict(summary, key: key)
    let order = PopulationReport.order(summary, key: key)
    let lines = order.map { index in
      DistributionSVG.Line(
        label: summary.rows[index].strategy, histogram: summary.rows[index].wait,
        isLimit: summary.rows[index].limitRole != nil)
    }
    html += "<h2>The user's wait per session, by strategy</h2>\n"
    html +=
      "<p class=\"meta\">the share of sessions that waited at most this long: further left and higher is better; the axis ends at the highest p99</p>\n"
    html +=
      "<div class=\"multiples\">"
      + DistributionSVG.render(title: "Sessions that waited at most x", lines: lines, unit: "s") + "</div>\n"
    let best = summary.ranked(by: key).first
    html += HTMLReport.table(
      header: PopulationReport.header, rows: order.map { PopulationReport.cells(summary, $0, best: best) },
      summaryFrom: order.count, className: "population")
    html += worstSessions(summary, order: order, commands: commands)
    if let replay, !replay.screens.runs.isEmpty {
      html += "<h2>Replay of \(XML.escaped(replay.session)): the screen under each strategy, in step</h2>\n"
      html +=
        "<p class=\"meta\">the session that waited most under the winner; rows filled in grey, blank in red, as the run drew them frame by frame; drag the slider or play</p>\n"
      html += replay.screens.html
    }
    return html + "</body></html>\n"
  }

  /// The verdict's lines as the single-run page draws its own.
  static func verdict(_ summary: PopulationSummary, key: PopulationKey) -> String {
    let text = PopulationReport.verdict(summary, key: key, markdown: true)
    let lines = text.split(separator: "\n").map { line in
      XML.escaped(String(line.hasPrefix("- ") ? line.dropFirst(2) : line[...]))
        .replacing(/\*\*(.+?)\*\*/) { "<b>\($0.output.1)</b>" }
    }
    guard let first = lines.first else { return "" }
    return "<section class=\"verdict\"><p>\(first.hasSuffix(":") ? String(first.dropLast()) : first)</p><ul>\n"
      + lines.dropFirst().map { "<li>\($0)</li>\n" }.joined() + "</ul></section>\n"
  }

  /// Per strategy (the limit's runs aside), the sessions that waited most and how to replay each.
  static func worstSessions(_ summary: PopulationSummary, order: [Int], commands: (String) -> String?) -> String {
    var html = "<h2>The sessions that waited most</h2>\n"
    html +=
      "<p class=\"meta\">per strategy, the \(PopulationSummary.worstKept) sessions that made the user wait longest; each command draws that session's own page under the seed it ran with here</p>\n"
    for index in order where summary.rows[index].limitRole == nil {
      let row = summary.rows[index]
      html += "<details><summary>\(XML.escaped(row.strategy))</summary>\n<table>\n"
      html += "<tr><th>session</th><th>wait s</th><th>replay it</th></tr>\n"
      for session in row.worst {
        let command = commands(session.session).map { "<code>\(XML.escaped($0))</code>" } ?? ""
        html +=
          "<tr><td>\(XML.escaped(session.session))</td><td>\(NumberText.fixed(Double(session.waitMicroseconds) / 1e6, 2))</td><td style=\"text-align:left\">\(command)</td></tr>\n"
      }
      html += "</table></details>\n"
    }
    return html
  }
}
