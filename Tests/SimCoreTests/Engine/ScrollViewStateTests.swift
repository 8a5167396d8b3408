import Testing

@testable import SimCore

@Suite struct ScrollViewStateTests {
  @Test func maxOffsetIsContentBeyondTheViewportAndNeverNegative() {
    var state = ScrollViewState(viewportHeight: 800)
    state.contentLength = 2000
    #expect(state.maxOffset == 1200)
    state.contentLength = 500
    #expect(state.maxOffset == 0)
  }

  /// Stopping momentum clears the target and the motion; only a stop that UIKit reports owes
  /// `didEndDecelerating`.
  @Test func stoppingDecelerationClearsMotionAndOwesTheCallbackWhenAsked() throws {
    var state = ScrollViewState(viewportHeight: 800)
    state.isDecelerating = true
    state.targetContentOffset = 900
    state.motion = ScrollMotion.fling(from: 0, velocity: 1000, at: 0, physics: PhysicsPresets.named("ios")!)
    state.stopDeceleration(notify: false)
    #expect(!state.isDecelerating && state.motion == nil && state.targetContentOffset == nil)
    #expect(!state.owesDidEndDecelerating)
    state.isDecelerating = true
    state.stopDeceleration(notify: true)
    #expect(state.owesDidEndDecelerating)
  }
}
