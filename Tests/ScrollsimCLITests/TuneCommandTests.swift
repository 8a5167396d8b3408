import Foundation
import Testing

/// `scrollsim tune` as a user runs it (issue 47).
@Suite struct TuneCommandTests {
  /// On eight 20-second sessions the answer is code in the stack's language, then its price; the
  /// runs table resumes to the same answer, and --check fails when a setting beats the current
  /// one by more than the margin.
  @Test func tuneAnswersWithCodeAndItsPrice() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "8", "--duration", "20", "-o", folder.file("sessions"))
    #expect(made.status == 0, "\(made.standardError)")
    let arguments = [
      "tune", "--stack", "flutter", "--candidates", "9", "--network", "slow-4g", folder.file("sessions"),
    ]
    let tuned = ScrollsimCLIRunner.run(
      arguments + ["--runs", folder.file("runs.csv"), "--html", folder.file("t.html")])
    #expect(tuned.status == 0, "\(tuned.standardError)")
    #expect(
      tuned.standardOutput.contains(
        "```dart\n// infinite_scroll_pagination 5.1 (PagingController, PagingListener, PagedListView)\nlate final pagingController = PagingController<int, Item>("
      ))
    #expect(tuned.standardOutput.contains("## Against your setting on the 3 held-out sessions"))
    #expect(tuned.standardOutput.contains("gap to the limit closed"))
    #expect(try folder.read("t.html").contains("<svg"))
    let resumed = ScrollsimCLIRunner.run(arguments + ["--resume", "--runs", folder.file("runs.csv")])
    #expect(resumed.status == 0 && resumed.standardOutput == tuned.standardOutput)
    let strict = ScrollsimCLIRunner.run(arguments + ["--check", "--margin", "1%"])
    let loose = ScrollsimCLIRunner.run(arguments + ["--check", "--margin", "99.9%"])
    #expect(tuned.standardOutput.hasPrefix("# scrollsim tune --stack flutter"))
    #expect(strict.status == (tuned.standardOutput.contains("**Ship this**") ? 1 : 0), "\(strict.standardError)")
    #expect(loose.status == 0, "\(loose.standardError)")
    // The same answer for tools.
    let json = ScrollsimCLIRunner.run(arguments + ["--format", "json"])
    #expect(json.status == 0, "\(json.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    #expect(document?["format"] as? String == "scrollsim-tune")
    #expect((document?["recommended"] as? Bool) == tuned.standardOutput.contains("**Ship this**"))
    // What the figures assumed: the effective scenario (slow-4g's link) and the networks.
    let scenario = document?["scenario"] as? [String: Any]
    let link = (scenario?["network"] as? [String: Any])?["link"] as? [String: Any]
    #expect(link?["name"] as? String == "slow-4g")
    #expect(document?["networks"] as? [String] == ["scenario"])
    let code = scrollsim("tune", "--stack", "react-native", "--from", "windowSize=7", "--code-only")
    #expect(code.status == 0 && code.standardOutput.contains("windowSize={7}"))
  }

  /// `--stack web` answers for the IntersectionObserver page, then races the three virtualized
  /// lists on the same sessions and compares their answers, in Markdown and in JSON; `--knobs`
  /// names the page's parameters, so with it only the page is tuned.
  @Test func theWebStackRacesTheVirtualizedListsBesideThePage() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "8", "--duration", "20", "-o", folder.file("sessions"))
    #expect(made.status == 0, "\(made.standardError)")
    let arguments = ["tune", "--stack", "web", "--candidates", "9", "--network", "4g", folder.file("sessions")]
    let tuned = ScrollsimCLIRunner.run(arguments)
    #expect(tuned.status == 0, "\(tuned.standardError)")
    let report = tuned.standardOutput
    #expect(report.hasPrefix("# scrollsim tune --stack web"))
    let section = try #require(report.range(of: "## The same list with another library"))
    let after = String(report[section.upperBound...])
    for name in ["tanstack-virtual", "react-window", "virtuoso", "web"] {
      #expect(after.contains("| \(name) |"), "\(name)")
    }
    #expect(after.contains("```tsx\n// @tanstack/react-virtual 3"))
    #expect(after.contains("waits least"))
    let json = ScrollsimCLIRunner.run(arguments + ["--format", "json"])
    #expect(json.status == 0, "\(json.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    let alternatives = try #require(document?["alternatives"] as? [[String: Any]])
    #expect(
      Set(alternatives.compactMap { $0["stack"] as? String }) == [
        "web", "tanstack-virtual", "react-window", "virtuoso",
      ])
    let objectives = alternatives.compactMap { $0["objective"] as? Double }
    #expect(objectives == objectives.sorted())
    let narrowed = ScrollsimCLIRunner.run(arguments + ["--knobs", "sentinel.rootMargin"])
    #expect(narrowed.status == 0, "\(narrowed.standardError)")
    #expect(!narrowed.standardOutput.contains("## The same list with another library"))
    #expect(narrowed.standardError.contains("are not raced beside it"))
  }

  @Test func badTuneInputIsAUsageErrorThatNamesIt() {
    let cases: [([String], String)] = [
      (["tune", "--stack", "andriod"], "did you mean \"android\""),
      (["tune", "--stack", "android", "--from", "maxPreloud=4"], "maxPreload"),
      (["tune", "--stack", "android", "--budget", "bytes<=lots"], "is not a number"),
      (["tune", "--stack", "android", "--holdout", "1"], "--holdout"),
      (["tune", "--stack", "android", "--candidates", "1"], "--candidates"),
      (["tune", "--stack", "android", "--resume"], "--resume needs --runs"),
      (["tune", "--stack", "android", "--margin", "lots"], "--margin"),
      (["tune", "--stack", "android", "--networks", "6g"], "6g"),
    ]
    for (arguments, message) in cases {
      let result = ScrollsimCLIRunner.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
  }
}
