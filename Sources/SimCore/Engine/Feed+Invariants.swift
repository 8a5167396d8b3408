#if DEBUG
  extension Feed {
    /// What holds between any two events: on an append feed the page holding the row after the
    /// last is not loaded (or its rows would exist: pages append in order), and no count is
    /// negative. Checked between events in debug builds (how often: `Simulation+Invariants.swift`).
    func checkInvariants() {
      assert(pageRequestsOutstanding >= 0, "\(pageRequestsOutstanding) page requests outstanding")
      assert(
        itemCount >= 0 && itemCount <= (totalItems ?? Int.max), "\(itemCount) rows of \(String(describing: totalItems))"
      )
      if kind == .append && itemCount < (totalItems ?? Int.max) {
        assert(
          !isPageLoaded(itemCount / pageSize), "page \(itemCount / pageSize) is loaded but its rows were not appended")
      }
    }

    /// The costlier check, over every page touched: the outstanding page requests are the pages'.
    func checkInvariantsThoroughly() {
      checkInvariants()
      var outstanding = 0
      pages.forEachStoredRow { index, page in
        assert(page.outstanding >= 0, "page \(index): \(page.outstanding) requests outstanding")
        outstanding += page.outstanding
      }
      assert(
        outstanding == pageRequestsOutstanding,
        "pages hold \(outstanding) requests, the feed counts \(pageRequestsOutstanding)")
    }
  }
#endif
