/// Stalls at the end of the loaded list: the decision is `Stalls`'; here are its effects on
/// the input (held with policy `wait`), the give-up timer and the timeline.
extension Simulation {
  func checkStall(pushingTo desired: Double) {
    if stalls.begins(
      pushingTo: desired, maxOffset: scroll.maxOffset, hasMoreData: feed.hasMoreData,
      contentLength: scroll.contentLength)
    {
      beginStall()
    }
  }

  private func beginStall() {
    let token = stalls.begin(at: now)
    record(.stallBegin)
    queue.schedule(.stallGiveUp(token: token), at: now + SimTime.fromSeconds(stalls.giveUpAfter))
    if stalls.policy == .wait { input.isPaused = true }
  }

  func endStall(abandoned: Bool) {
    guard let start = stalls.end(at: now, abandoned: abandoned, contentLength: scroll.contentLength) else { return }
    record(.stallEnd(seconds: (now - start).seconds, abandoned: abandoned))
    if input.isPaused {
      input.resume(afterStallOf: now - start)
      scheduleNextInput()
    }
    if abandoned {
      scroll.heldFling = nil
      scroll.heldDragOffset = nil
    } else {
      resumeHeldGesture()
    }
    queue.requestFrame()
  }
}
