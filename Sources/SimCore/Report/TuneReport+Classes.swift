/// The per-class part of tune's report (`TuneByClass`): one setting for all or one per class,
/// why, and each class's figures on its held-out sessions.
extension TuneReport {
  static func byClass(_ result: TuneResult) -> [String] {
    guard let byClass = result.byClass else { return [] }
    var lines = ["## Per device class", ""]
    lines.append(
      (byClass.perClass ? "**One setting per class**: " : "**One setting for all**: ") + byClass.reason + ".")
    lines.append("")
    let megabytes = { (value: Double?) in value.map { NumberText.fixed($0 / 1_048_576, 1) } ?? "–" }
    let rows = byClass.classes.map { item -> [String] in
      var note = ""
      if item.raced == nil {
        note = "too few training sessions to race: one setting for all"
      } else if item.tooSmall {
        note = "too small to judge (fewer than two held-out sessions): one setting for all"
      }
      return [
        item.name, "\(item.trainingSessions) / \(item.heldOutSessions)",
        result.space.label(result.settings[byClass.setting(for: item.name)]),
        item.raced.map { result.space.label(result.settings[$0]) } ?? "–",
        item.single.map { seconds($0.objective) } ?? "–", item.own.map { seconds($0.objective) } ?? "–",
        megabytes(item.single?.peakMemory), megabytes(item.own?.peakMemory), note,
      ]
    }
    lines.append(
      MarkdownTable.render(
        [
          "class", "sessions (chosen on / checked on)", "ships", "its own race chose", "one for all", "its own",
          "peak MB, one for all", "peak MB, its own", "",
        ], rows, alignments: [.left, .left, .left, .left, .right, .right, .right, .right, .left]))
    lines.append("")
    lines.append(
      "Each class's own race ran on its training sessions under the budgets that concern it; the figures are \(result.request.key.phrase) and the highest peak on the class's held-out sessions. The class races and their checks added \(byClass.runs) runs."
    )
    lines.append("")
    return lines
  }
}
