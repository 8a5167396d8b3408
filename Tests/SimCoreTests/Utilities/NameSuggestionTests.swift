import Testing

@testable import SimCore

/// Unknown names get "did you mean" (issue 31), and only when one is near.
struct NameSuggestionTests {
  @Test func aTypoGetsTheNameMeant() throws {
    #expect(NameSuggestion.closest(to: "smrt", among: ["infinite", "smart", "threshold"]) == "smart")
    #expect(NameSuggestion.closest(to: "thershold", among: ["infinite", "smart", "threshold"]) == "threshold")
    #expect(NameSuggestion.closest(to: "andriod", among: PhysicsPresets.names) == "android")
    #expect(NameSuggestion.closest(to: "flash", among: ["flatlist", "flashlist"]) == "flashlist")
    #expect(NameSuggestion.closest(to: "windows-phone", among: PhysicsPresets.names) == nil)
    #expect(NameSuggestion.closest(to: "", among: ["smart"]) == nil)
  }

  @Test func theErrorsSayIt() {
    #expect(throws: SimError.self) { try StrategyCatalog.builtIn.lookup("smrt") }
    do {
      _ = try StrategyCatalog.builtIn.lookup("smrt")
    } catch {
      #expect(error.message.contains("unknown strategy \"smrt\" (did you mean \"smart\"?); known:"))
    }
    do {
      _ = try NetworkProfiles.lookup("slow3g")
    } catch {
      #expect(error.message.contains("(did you mean \"slow-3g\"?)"))
    }
  }
}
