import Testing

@testable import SimCore

/// `--device-mix` and `--network-mix`: what is refused (exit 64), at the edges of the sum's
/// tolerance, and how users draw.
@Suite struct ProfileMixTests {
  func refusal(_ text: String, _ kind: SessionDimension = .device) -> String? {
    do {
      _ = try ProfileMix(text, kind: kind, option: "--mix")
      return nil
    } catch {
      #expect(error.kind == .usage)
      return error.message
    }
  }

  /// Shares summing to 1 within 0.01 are taken and scaled to 1; just outside, refused.
  @Test func theSumsToleranceAtItsEdges() throws {
    #expect(refusal("low-end=0.33,mid=0.33,high=0.33") == nil)  // 0.99: exactly on
    #expect(refusal("low-end=0.335,mid=0.33,high=0.33") == nil)  // just inside
    #expect(refusal("low-end=0.329,mid=0.33,high=0.33")?.contains("sum to 0.989") == true)  // just outside
    #expect(refusal("low-end=0.34,mid=0.34,high=0.33") == nil)  // 1.01: on
    #expect(refusal("low-end=0.341,mid=0.34,high=0.33") != nil)  // 1.011: outside
    let mix = try ProfileMix("low-end=0.33,mid=0.33,high=0.33", kind: .device, option: "--mix")
    #expect(abs(mix.shares.reduce(0) { $0 + $1.share } - 1) < 1e-12)
  }

  @Test func badEntriesAreNamed() {
    #expect(refusal("lowend=0.5,mid=0.5")?.contains("did you mean \"low-end\"") == true)
    #expect(refusal("wfi=1", .network)?.contains("did you mean \"wifi\"") == true)
    #expect(refusal("low-end=0,mid=1")?.contains("above 0") == true)
    #expect(refusal("low-end=-0.5,mid=1.5")?.contains("above 0") == true)
    #expect(refusal("low-end=nan,mid=1")?.contains("above 0") == true)
    #expect(refusal("low-end=inf")?.contains("above 0") == true)
    #expect(refusal("mid=0.5,mid=0.5")?.contains("twice") == true)
    #expect(refusal("mid")?.contains("name=share") == true)
    #expect(refusal("")?.contains("name=share") == true)
    #expect(refusal("mid=1,")?.contains("name=share") == true)
    #expect(refusal("4g=1", .device)?.contains("unknown device profile") == true)
  }

  @Test func defaultsAreTheCitedMixes() throws {
    #expect(try ProfileMix("default", kind: .device, option: "-").text == "low-end=0.3,mid=0.5,high=0.2")
    #expect(try ProfileMix("default", kind: .network, option: "-").text == "wifi=0.56,4g=0.41,3g=0.03")
  }

  /// Each user draws from its own stream: the same whatever the population's size, and the
  /// shares come out near the mix over many users.
  @Test func usersDrawByTheShares() throws {
    let mix = try ProfileMix("low-end=0.3,mid=0.5,high=0.2", kind: .device, option: "-")
    let draws = (0..<4000).map { mix.draw(seed: 5, index: $0) }
    for (name, share) in mix.shares {
      let seen = Double(draws.filter { $0 == name }.count) / 4000
      #expect(abs(seen - share) < 0.03, "\(name): \(seen)")
    }
    #expect(mix.draw(seed: 5, index: 17) == draws[17])
    #expect((0..<50).map { mix.draw(seed: 6, index: $0) } != Array(draws.prefix(50)))
  }
}
