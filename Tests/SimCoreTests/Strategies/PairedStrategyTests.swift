import Testing

@testable import SimCore

/// Each half of a pair sees every fact of the list but can only ask for its own role's work.
@Suite struct PairedStrategyTests {
  /// Asks for everything on every scroll.
  final class Greedy: ListCallbacks {
    func didScroll(_ list: any ListContext) {
      list.requestPage(list.nextPageIndex)
      list.requestContent(0)
      list.cancelContent(1)
      list.clearContent(2)
      list.prepareRender(3)
    }
  }

  @Test func eachHalfIsLimitedToItsRole() {
    let list = FakeList()
    list.inFlight = [1]  // something to cancel and to clear
    list.content = [2]
    let pair = PairedStrategy(pages: Greedy(), content: Greedy())
    pair.didScroll(list)
    // Both halves asked for everything; the list heard each ask once, from the half it belongs to.
    #expect(list.pagesRequested == [1])
    #expect(list.contentRequested == [0])
    #expect(list.contentCancelled == [1])
    #expect(list.contentCleared == [2])
    #expect(list.rendersPrepared == [3])
  }

  @Test func aPageHalfAloneAsksForNoContent() {
    let list = FakeList()
    let view = HalfListContext(list, role: .pages)
    Greedy().didScroll(view)
    #expect(list.pagesRequested == [1])
    #expect(list.contentRequested.isEmpty && list.rendersPrepared.isEmpty && list.contentCleared.isEmpty)
    #expect(view.itemCount == list.itemCount && view.contentOffset == list.contentOffset)
  }

  @Test func aContentHalfAloneAsksForNoPage() {
    let list = FakeList()
    Greedy().didScroll(HalfListContext(list, role: .content))
    #expect(list.pagesRequested.isEmpty)
    #expect(list.contentRequested == [0])
  }
}
