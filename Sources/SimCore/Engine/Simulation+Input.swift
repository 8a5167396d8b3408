/// Input replay: touches through the platform's physics, or recorded offsets; the drag and
/// deceleration callbacks in UIKit's order.
extension Simulation {
  func scheduleNextInput() {
    guard !input.isOver else {
      if input.doneAt == nil { input.doneAt = now }
      queue.requestFrame()
      return
    }
    queue.scheduleInput(generation: input.generation, at: max(now, input.time(ofSample: input.index)))
  }

  func handleInput(generation: Int) {
    guard generation == input.generation, !input.isPaused else { return }
    if input.isTouchInput {
      main.dispatchInput()
      handleTouch(input.touches[input.index])
    } else {
      handleOffsetSample(input.index)
    }
    input.index += 1
    queue.requestFrame()
    scheduleNextInput()
  }

  private func handleTouch(_ sample: TouchSample) {
    switch sample.phase {
    case .began:
      var caught: Double?
      if let motion = scroll.motion {
        // A touch during momentum stops it where it is (UIKit sends no did-end-decelerating).
        advanceMotion()
        if scroll.motion != nil { caught = motion.velocity(at: now) }
        stopDeceleration(notify: false)
      }
      if physics.boostsFlings { input.booster.touchDown(at: sample.t, catching: caught) }
      scroll.isTracking = true
      input.fingerY = sample.y
      input.touchDownY = sample.y
      input.dragLead = 0
      input.lastDragStepTime = nil
      input.tracker.reset()
      input.tracker.add(t: sample.t, position: -sample.y)
    case .moved, .ended:
      input.tracker.add(t: sample.t, position: -sample.y)
      if scroll.isDragging {
        let step = input.fingerY - sample.y
        dragContent(by: step)
        if sample.phase == .moved && step != 0 {
          leadTheFinger(step: step, at: sample.t)
          if physics.boostsFlings { input.booster.scrolled(by: step, at: sample.t) }
        }
      } else if abs(sample.y - input.touchDownY) > physics.touchSlop {
        // The drag begins once the finger passes the slop; the content follows only the rest.
        beginDrag()
        let travel = sample.y - input.touchDownY
        let step = -(travel - (travel > 0 ? physics.touchSlop : -physics.touchSlop))
        dragContent(by: step)
        input.lastDragStepTime = sample.t
        if physics.boostsFlings {
          input.booster.scrollBegan(at: sample.t)
          input.booster.scrolled(by: step, at: sample.t)
        }
      }
      input.fingerY = sample.y
      if sample.phase == .ended {
        scroll.isTracking = false
        if scroll.isDragging { release(velocity: input.tracker.velocity(), at: sample.t) }
      }
    }
  }

  /// Replays one recorded offset. Phases come from the file, or are inferred: a sample that
  /// moved within 100 ms of the previous one is part of a drag.
  private func handleOffsetSample(_ index: Int) {
    let sample = input.offsets[index]
    let phase = input.offsetPhase(index)
    if phase == .dragging && input.phase(ofNeighbour: index - 1, of: index) != .dragging {
      if scroll.isDecelerating { stopDeceleration(notify: false) }
      input.tracker.reset()
      scroll.isTracking = true
      beginDrag()
    }
    input.tracker.add(t: sample.t, position: sample.offset)
    if phase == .decelerating && !scroll.isDecelerating {
      let target = min(max(input.restingOffset(ofRunAt: index), 0), scroll.maxOffset)
      if scroll.isDragging {
        endDrag(velocity: input.tracker.velocity(), target: target, willDecelerate: true)
      } else {
        scroll.targetContentOffset = target
        scroll.isDecelerating = true
      }
    }
    moveContent(to: sample.offset)
    let next = input.phase(ofNeighbour: index + 1, of: index)
    if phase == .dragging && next != .dragging && next != .decelerating {
      endDrag(velocity: 0, target: scroll.contentOffset, willDecelerate: false)
    }
    if phase == .decelerating && next != .decelerating {
      stopDeceleration(notify: true)
    }
  }

  private func beginDrag() {
    scroll.isDragging = true
    record(.dragBegin)
    strategy.willBeginDragging(self)
  }

  /// The finger lifts off a drag: momentum from the release velocity, or a spring back when it
  /// lets go past an edge; then the end of the drag.
  private func release(velocity: Double, at t: Double) {
    var flingVelocity = physics.flingVelocity(forRelease: velocity)
    var boost = 1.0
    if physics.boostsFlings {
      if flingVelocity == 0 {
        input.booster.reset()
      } else {
        (flingVelocity, boost) = input.booster.flingStarts(at: t, velocity: flingVelocity)
      }
    }
    let bounds = 0...scroll.maxOffset
    let target: Double
    if bounds.contains(scroll.contentOffset) {
      scroll.motion = ScrollMotion.fling(
        from: scroll.contentOffset, velocity: flingVelocity, boost: boost, at: now, physics: physics)
      target = min(max(scroll.motion?.restingOffset ?? scroll.contentOffset, 0), scroll.maxOffset)
    } else {
      target = min(max(scroll.contentOffset, 0), scroll.maxOffset)
      scroll.motion = ScrollMotion.bounceBack(
        from: scroll.contentOffset, to: target, velocity: flingVelocity, at: now, physics: physics)
      if scroll.motion == nil { scroll.contentOffset = target }
    }
    endDrag(velocity: flingVelocity, target: target, willDecelerate: scroll.motion != nil)
  }

  /// UIKit's end of a drag, the one sequence for touches and recorded offsets:
  /// `scrollViewWillEndDragging` with the velocity and the projected target, then
  /// `scrollViewDidEndDragging(willDecelerate:)` with `isDecelerating` already set.
  private func endDrag(velocity: Double, target: Double, willDecelerate: Bool) {
    scroll.isDragging = false
    scroll.isTracking = false
    scroll.targetContentOffset = willDecelerate ? target : nil
    record(.dragEnd(velocity: velocity, target: target))
    strategy.willEndDragging(self, velocity: velocity, targetContentOffset: target)
    scroll.isDecelerating = willDecelerate
    strategy.didEndDragging(self, willDecelerate: willDecelerate)
  }

  // MARK: Moving the content

  /// The finger moves the content by `delta` (content coordinates), through the platform's
  /// edge behaviour; pushing past the end while the feed has more begins a stall, which (policy
  /// `wait`) holds where the finger meant the content to be until the page lands.
  private func dragContent(by delta: Double) {
    guard delta != 0 else { return }
    let desired = scroll.contentOffset + delta
    scroll.contentOffset = physics.drag(
      from: scroll.contentOffset, by: delta, bounds: 0...scroll.maxOffset, viewport: scroll.viewportHeight)
    if delta > 0 {
      checkStall(pushingTo: desired)
      if stalls.isStalled && stalls.policy == .wait { scroll.heldDragOffset = desired }
    }
  }

  /// A platform that extrapolates touch input to the frame shows the content ahead of the
  /// finger by the last step's lead (`ScrollPhysics.dragLead`); each step replaces the one
  /// before, and a fling starts from where the lead put the content.
  private func leadTheFinger(step: Double, at t: Double) {
    let lead = input.lastDragStepTime.map { physics.dragLead(step: step, interval: t - $0) } ?? 0
    input.lastDragStepTime = t
    guard lead != input.dragLead else { return }
    dragContent(by: lead - input.dragLead)
    input.dragLead = lead
  }

  /// Moves the content to a recorded offset, clamped to its edges; past the end while the
  /// feed has more, a stall begins.
  private func moveContent(to desired: Double) {
    scroll.contentOffset = min(max(desired, 0), scroll.maxOffset)
    checkStall(pushingTo: desired)
  }

  /// Momentum (or an edge spring) moves the content to where it is at `now`.
  func advanceMotion() {
    guard let motion = scroll.motion else { return }
    let step = motion.advance(to: now, bounds: 0...scroll.maxOffset)
    scroll.contentOffset = step.offset
    if step.crossedEnd {
      checkStall(pushingTo: .infinity)
      if stalls.isStalled && stalls.policy == .wait { scroll.heldFling = step.cutFling }
    }
    if step.finished { stopDeceleration(notify: true) }
  }

  /// The page the user waited for landed: the drag goes where the finger meant it to, and a
  /// fling the end cut short goes on from where it stopped, along the path it had, as the
  /// user's fling again toward the same place. So a stall delays the user's path but never
  /// shortens it, and every strategy's run shows the same rows (`docs/scenario.md`).
  func resumeHeldGesture() {
    if let offset = scroll.heldDragOffset {
      scroll.heldDragOffset = nil
      scroll.contentOffset = min(offset, scroll.maxOffset)
    }
    guard let held = scroll.heldFling else { return }
    scroll.heldFling = nil
    if scroll.motion != nil { stopDeceleration(notify: false) }  // a spring back from the end
    record(.flingResume)
    beginDrag()
    scroll.contentOffset = min(held.offset, scroll.maxOffset)
    scroll.motion = ScrollMotion.resuming(held, at: now, physics: physics)
    let target = min(max(held.restingOffset, 0), scroll.maxOffset)
    endDrag(velocity: held.velocity, target: target, willDecelerate: true)
  }

  private func stopDeceleration(notify: Bool) {
    scroll.stopDeceleration(notify: notify)
    if notify { record(.decelerateEnd) }
  }
}
