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
