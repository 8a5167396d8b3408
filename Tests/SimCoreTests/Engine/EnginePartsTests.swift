import Testing

@testable import SimCore

/// The engine's parts, each on its own: no trace, no strategy, no whole simulation.
@Suite struct EnginePartsTests {
  /// Frames fall on k / refreshRate; an event at or before a frame's time runs first; a frame
  /// requested twice is one frame; after finish no frame is requested.
  @Test func eventQueueOrdersFramesAfterEventsOfTheirInstant() {
    var queue = EventQueue(refreshRate: 100)
    queue.schedule(.stallGiveUp(token: 1), at: 10_000_000)  // 10 ms: the frame's instant
    queue.schedule(.input(generation: 0), at: 10_000_000)
    queue.requestFrame()
    queue.requestFrame()
    var order: [String] = []
    while let next = queue.next() {
      switch next {
      case .frame(let index): order.append("frame \(index) @\(queue.now)")
      case .event(.input): order.append("input @\(queue.now)")
      case .event(.stallGiveUp): order.append("timer @\(queue.now)")
      case .event: order.append("other")
      }
      if order.count == 2 { queue.requestFrame() }  // asked at 10 ms: the next boundary, 10 ms
    }
    #expect(order == ["frame 0 @0", "input @10000000", "timer @10000000", "frame 1 @10000000"])
    #expect(queue.handled == 4)
    queue.finish()
    queue.requestFrame()
    #expect(queue.next() == nil)
  }

  /// Append feed: rows exist once every earlier page landed; an overtaking page waits.
  /// The heap hands events out by (time, case order, scheduling order) whatever order they
  /// were inserted in: checked against a sort over 2,000 pseudo-random entries with many ties.
  @Test func eventHeapPopsInTimeThenRankOrder() {
    var random = SeededRandom(seed: 7)
    var heap = BinaryHeap<ScheduledEvent>()
    var entries: [ScheduledEvent] = []
    for sequence in 1...2000 {
      let order = UInt64(random.next() % 5)
      let entry = ScheduledEvent(
        time: SimTime(random.next() % 50), rank: order << 61 | UInt64(sequence), event: .strategyTimer)
      entries.append(entry)
      heap.insert(entry)
      if sequence % 7 == 0, let popped = heap.popMin() {
        let least = entries.min()!
        #expect(popped.time == least.time && popped.rank == least.rank)
        entries.removeAll { $0.time == popped.time && $0.rank == popped.rank }
      }
    }
    let expected = entries.sorted().map { [$0.time, Int64(bitPattern: $0.rank)] }
    var popped: [[Int64]] = []
    while let entry = heap.popMin() { popped.append([entry.time, Int64(bitPattern: entry.rank)]) }
    #expect(popped == expected)
  }

  /// Events scheduled in lanes come out in the same order as through the heap alone, also when
  /// a lane is given an event out of order (it goes to the heap).
  @Test func lanesKeepTheHeapsOrder() {
    var random = SeededRandom(seed: 11)
    var withLanes = EventQueue(refreshRate: 60)
    var heapOnly = EventQueue(refreshRate: 60)
    var laneTime = [SimTime](repeating: 0, count: 2)
    for index in 0..<3000 {
      let time = SimTime(random.next() % 1_000_000)
      let event = EngineEvent.renderDone(item: index, token: 0)
      if random.next() % 2 == 0 {
        let lane = Int(random.next() % 2)
        // Mostly in order within the lane, sometimes not.
        laneTime[lane] += SimTime(random.next() % 400)
        let at = random.next() % 10 == 0 ? time : laneTime[lane]
        withLanes.schedule(event, at: at, lane: lane)
        heapOnly.schedule(event, at: at)
      } else {
        withLanes.schedule(event, at: time)
        heapOnly.schedule(event, at: time)
      }
    }
    var a: [String] = []
    var b: [String] = []
    while let next = withLanes.next() { a.append("\(next) @\(withLanes.now)") }
    while let next = heapOnly.next() { b.append("\(next) @\(heapOnly.now)") }
    #expect(a.count == 3000 && a == b)
  }

  /// The input slot: a newer input replaces a pending one (of an older generation) and runs
  /// before the heap's events of its instant.
  @Test func inputSlotRunsFirstAtItsInstant() {
    var queue = EventQueue(refreshRate: 100)
    queue.schedule(.strategyTimer, at: 10_000_000)
    queue.scheduleInput(generation: 0, at: 5_000_000)
    queue.scheduleInput(generation: 1, at: 10_000_000)
    queue.requestFrame()
    #expect(queue.nextEventTime == 10_000_000)
    var order: [String] = []
    while let next = queue.next() {
      switch next {
      case .frame(let index): order.append("frame \(index)")
      case .event(.input(let generation)): order.append("input \(generation) @\(queue.now)")
      case .event(let event): order.append("\(event) @\(queue.now)")
      }
    }
    #expect(order == ["frame 0", "input 1 @10000000", "strategyTimer @10000000"])
  }

  /// Rows never written read as the default; writes far apart do not disturb each other.
  @Test func rowTableReadsDefaultsAndKeepsWrites() {
    var table = RowTable(defaultValue: -1)
    #expect(table[0] == -1 && table[5_000_000] == -1 && table[-3] == -1)
    table[3] = 30
    table[4_999_999] = 7
    table[1023] = 1
    table[1024] = 2
    #expect(table[3] == 30 && table[4_999_999] == 7 && table[1023] == 1 && table[1024] == 2)
    #expect(table[4] == -1 && table[4_999_998] == -1 && table[10_000_000] == -1)
  }

  /// A stream hashed once draws what its name draws.
  @Test func hashedStreamsDrawAsTheirNames() {
    for name in ["content-latency", "page-bytes", "render", "item-height", ""] {
      var byName = SeededRandom(seed: 42, stream: name, index: 37, attempt: 2)
      var byStream = SeededRandom(seed: 42, stream: RandomStream(name), index: 37, attempt: 2)
      #expect((0..<4).map { _ in byName.next() } == (0..<4).map { _ in byStream.next() })
    }
  }

  @Test func feedAppendsPagesInOrder() {
    var feed = Feed(spec: FeedSpec(kind: .append, pageSize: 10, initialItems: 10, totalItems: 35))
    #expect(feed.itemCount == 10 && feed.nextPageIndex == 1 && feed.hasMoreData)
    feed.requested(2, id: 0)
    feed.requested(1, id: 1)
    #expect(feed.pageRequestsOutstanding == 2 && feed.isPageRequested(2))
    guard case .appended(rowsAppended: false) = feed.arrived(2) else {
      Issue.record("page 2 overtook page 1")
      return
    }
    #expect(feed.itemCount == 10 && feed.nextPageIndex == 1)
    guard case .appended(rowsAppended: true) = feed.arrived(1) else {
      Issue.record("pages 1 and 2 append")
      return
    }
    #expect(feed.itemCount == 30 && feed.nextPageIndex == 3 && feed.hasMoreData)
    feed.requested(3, id: 2)
    _ = feed.arrived(3)
    #expect(feed.itemCount == 35 && !feed.hasMoreData && feed.totalPages == 4 && !feed.exists(4))
    #expect(feed.wastedPageRequests == 3)  // fetched, never shown
    feed.markShown(1)
    #expect(feed.wastedPageRequests == 2)
  }

  /// Placeholder feed: every row exists; a page fills its rows in any order; a duplicate's
  /// response changes nothing.
  @Test func feedFillsPlaceholders() {
    var feed = Feed(spec: FeedSpec(kind: .placeholder, pageSize: 10, initialItems: 0, totalItems: 25))
    #expect(feed.itemCount == 25 && !feed.hasData(24) && !feed.hasMoreData)
    feed.requested(2, id: 7)
    feed.requested(2, id: 8)
    guard case .filled(let rows) = feed.arrived(2) else {
      Issue.record("page 2 fills rows")
      return
    }
    #expect(rows == 20..<25 && feed.hasData(24) && !feed.hasData(19))
    guard case .nothingNew = feed.arrived(2) else {
      Issue.record("a duplicate adds nothing")
      return
    }
    #expect(feed.latestRequest[2] == 8 && feed.pageRequestsOutstanding == 0)
  }

  /// A stall begins past the end while more exists, not twice, ends with its duration, and
  /// after giving up does not begin again at the same content length.
  @Test func stallsBeginEndAndGiveUp() {
    var stalls = Stalls(spec: StallSpec(policy: .continue, giveUpAfter: 2))
    #expect(!stalls.begins(pushingTo: 100.4, maxOffset: 100, hasMoreData: true, contentLength: 900))
    #expect(!stalls.begins(pushingTo: 150, maxOffset: 100, hasMoreData: false, contentLength: 900))
    #expect(stalls.begins(pushingTo: 150, maxOffset: 100, hasMoreData: true, contentLength: 900))
    let token = stalls.begin(at: SimTime.fromSeconds(1))
    #expect(!stalls.begins(pushingTo: 150, maxOffset: 100, hasMoreData: true, contentLength: 900))
    #expect(stalls.endsByScrollingBack(offset: 99, maxOffset: 100))
    #expect(!stalls.endsByScrollingBack(offset: 99.6, maxOffset: 100))
    #expect(stalls.end(at: SimTime.fromSeconds(3), abandoned: true, contentLength: 900) == SimTime.fromSeconds(1))
    #expect(stalls.token != token && stalls.count == 1 && stalls.seconds == 2 && stalls.maxSeconds == 2)
    #expect(!stalls.begins(pushingTo: 150, maxOffset: 100, hasMoreData: true, contentLength: 900))
    #expect(stalls.begins(pushingTo: 1150, maxOffset: 1000, hasMoreData: true, contentLength: 1800))
    #expect(stalls.end(at: SimTime.fromSeconds(4), abandoned: false, contentLength: 1800) == nil)
  }

  /// Content requests per row: duplicates are kept until the last is forgotten.
  @Test func cellTableTracksRequests() {
    var cells = CellTable()
    cells.grow(to: 3)
    cells.requested(1, id: 4)
    cells.requested(1, id: 9)
    #expect(cells[1].content == .requested && cells[1].isContentRequested && cells.requests(for: 1) == [4, 9])
    #expect(cells.priority(of: 1) == .preload)
    cells[1].isVisible = true
    #expect(cells.priority(of: 1) == .visible)
    let othersAfterFirst = cells.forget(4, of: 1)
    let othersAfterSecond = cells.forget(9, of: 1)
    #expect(othersAfterFirst && !othersAfterSecond)
    #expect(cells.requests(for: 1).isEmpty && !cells.contains(3) && !cells.contains(-1))
  }

  /// The visited difference of two sorted row lists, runs of consecutive rows (its shortcut) or
  /// not, is the merge's: the same rows, removed and added, in index order.
  @Test func visitedDifferenceMatchesTheMerge() {
    var state: UInt64 = 12345
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func rows() -> [Int] {
      if next(2) == 0 {
        let first = next(12)
        return Array(first..<first + next(6))  // a run, maybe empty
      }
      return (0..<12).filter { _ in next(3) == 0 }
    }
    for _ in 0..<2000 {
      let (old, new) = (rows(), rows())
      var visited: [String] = []
      visitSortedDifference(
        from: old, to: new, removed: { visited.append("-\($0)") }, added: { visited.append("+\($0)") })
      let expected = (Set(old).union(new)).sorted().compactMap { item -> String? in
        old.contains(item) == new.contains(item) ? nil : (old.contains(item) ? "-\(item)" : "+\(item)")
      }
      #expect(visited == expected, "\(old) -> \(new)")
    }
  }

  /// Rows coming and going as the viewport moves over 100-pt rows; no change, no answer.
  @Test func visibleRowsReportChanges() throws {
    let layout = ListLayout(columns: 1) { _ in 100 }
    var visible = VisibleRows()
    let firstChange = visible.update((0, 250), layout: layout, count: 10)
    let first = try #require(firstChange)
    #expect(first.hidden.isEmpty && first.appeared == [0, 1, 2])
    let slid = visible.update((10, 260), layout: layout, count: 10)
    #expect(slid == nil)
    let movedChange = visible.update((120, 370), layout: layout, count: 10)
    let moved = try #require(movedChange)
    #expect(moved.hidden == [0] && moved.appeared == [3] && visible.items == [1, 2, 3])
    #expect(visible.rows((500, 750), layout: layout, count: 10) == [5, 6, 7])
    #expect(visible.items == [1, 2, 3])
  }

  /// Blank cell·s are whole frames over the refresh rate; blank area counts moving frames only;
  /// the blank screen seconds of the wait skip frames inside a stall (counted whole apart).
  @Test func frameMeterSums() {
    var meter = FrameMeter(refreshRate: 50, columns: 2, viewportHeight: 100)
    meter.record(blankCells: 2, blankHeight: 100, moved: true, stalled: false)  // half of two columns
    meter.record(blankCells: 1, blankHeight: 400, moved: false, stalled: false)  // capped at the whole viewport
    meter.record(blankCells: 0, blankHeight: 0, moved: true, stalled: false)
    meter.record(blankCells: 2, blankHeight: 200, moved: false, stalled: true)
    #expect(meter.frames == 4 && meter.anyVisibleBlank)
    #expect(meter.blankCellSeconds == 5.0 / 50)
    #expect(meter.blankAreaMean == 0.25 && meter.blankAreaMax == 1)
    #expect(meter.blankScreenSeconds == 1.5 / 50)
  }

  /// Offset phases inferred: moving within 100 ms is a drag; a decelerating run's end is where
  /// it rests; a stall shifts every later sample.
  @Test func inputReplayPhasesAndShift() {
    let samples = [
      OffsetSample(t: 0, offset: 0), OffsetSample(t: 0.05, offset: 10), OffsetSample(t: 0.5, offset: 10),
      OffsetSample(t: 0.55, offset: 20, phase: .decelerating), OffsetSample(t: 0.6, offset: 25, phase: .decelerating),
    ]
    var input = InputReplay(.offsets(samples), tracker: VelocityTracker(kind: .lsq2))
    #expect(input.offsetPhase(0) == nil && input.offsetPhase(1) == .dragging && input.offsetPhase(2) == nil)
    #expect(input.phase(ofNeighbour: 2, of: 1) == nil)  // 450 ms later: not a neighbour
    #expect(input.restingOffset(ofRunAt: 3) == 25)
    let generation = input.generation
    input.isPaused = true
    input.resume(afterStallOf: SimTime.fromSeconds(1))
    #expect(!input.isPaused && input.generation != generation)
    #expect(input.time(ofSample: 4) == SimTime.fromSeconds(1.6))
  }
}
