#if DEBUG
  extension CellTable {
    /// What holds between any two events: the cell past the stored rows was never written (every
    /// row beyond reads it), and a row's later requests exist only beside a first one.
    func checkInvariants() {
      let spare = cells[cells.count - 1]
      assert(
        spare.content == .none && spare.firstRequest < 0 && !spare.isVisible && !spare.everVisible,
        "the spare cell past the stored rows was written")
      assert(count >= 0, "\(count) rows")
    }

    /// The costlier check, over every row with duplicate requests.
    func checkInvariantsThoroughly() {
      checkInvariants()
      for (item, later) in laterRequests {
        assert(!later.isEmpty && self[item].firstRequest >= 0, "row \(item) keeps later requests without a first")
      }
    }
  }
#endif
