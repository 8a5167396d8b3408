import Foundation
import Testing

/// `scrollsim physics` (PhysicsCommand.swift) in-process: one preset's flings by release
/// velocity, or every preset's; a faster release goes further; unknown presets refused.
@Suite struct PhysicsCommandTests {
  @Test func onePresetsFlingsGrowWithTheVelocity() {
    let table = scrollsim("physics", "--preset", "android", "--velocity", "1000,2000,4000", "--format", "csv")
    #expect(table.status == 0, "\(table.standardError)")
    let lines = table.standardOutput.split(separator: "\n")
    #expect(lines.first == "velocity,distance,duration,target")
    let distances = lines.dropFirst().map { Double($0.split(separator: ",")[1])! }
    #expect(distances.count == 3)
    #expect(distances[0] > 0 && distances[0] < distances[1] && distances[1] < distances[2])
  }

  @Test func everyPresetWithoutOne() {
    let all = scrollsim("physics", "--velocity", "2000", "--format", "csv")
    #expect(all.status == 0, "\(all.standardError)")
    let presets = all.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
    #expect(Set(presets).isSuperset(of: ["ios", "android", "chromium"]))
  }

  @Test func badPresetsAndVelocitiesAreRefused() {
    let typo = scrollsim("physics", "--preset", "andriod", "--velocity", "1000")
    #expect(typo.status == 64)
    #expect(typo.standardError.contains("did you mean \"android\""))
    #expect(scrollsim("physics", "--velocity", "fast").status == 64)
  }
}
