// A team's own rule, the example of docs/strategies.md: load `rows` rows past the screen on
// every scroll; after a failed page, ask again a second later.
package scrollsim.examples

import scrollsim.Description
import scrollsim.ListView
import scrollsim.Params
import scrollsim.Strategy
import scrollsim.number
import scrollsim.serve

class Lookahead(params: Params, seed: Long) : Strategy(params, seed) {
    override fun didScroll(list: ListView) {
        val last = list.visibleItems.lastOrNull() ?: 0
        for (item in last + 1 until minOf(list.itemCount, last + 1 + params.int("rows"))) list.load(item)
        if (list.hasMoreData && list.pageRequestsOutstanding == 0 && last + 1 + params.int("rows") >= list.itemCount) {
            list.requestPage(list.nextPageIndex)
        }
    }

    override fun willDisplay(list: ListView, item: Int) = list.load(item)

    override fun requestDidFail(list: ListView, kind: String, index: Int) {
        if (kind == "page") list.wakeUp(1.0) // try again in a second
    }

    override fun timerDidFire(list: ListView) {
        if (list.hasMoreData && list.pageRequestsOutstanding == 0) list.requestPage(list.nextPageIndex)
    }
}

fun main() = serve(
    Description("lookahead-kt", listOf(number("rows", 0.0, 100.0, 5.0, "rows past the screen to load"))),
    ::Lookahead
)
