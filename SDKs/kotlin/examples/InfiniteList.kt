// Seed 001's infinite-list, the baseline, ported from docs/strategies.md ("infinite-list", To
// the letter) and its declaration (`scrollsim strategies infinite-list --format json`) alone:
// the next page only at the bottom, a row's content when it displays. conformance.sh checks it
// gives the built-in's metrics exactly.
package scrollsim.examples

import scrollsim.Description
import scrollsim.ListView
import scrollsim.Params
import scrollsim.Strategy
import scrollsim.number
import scrollsim.serve

class InfiniteList(params: Params, seed: Long) : Strategy(params, seed) {
    override fun listDidLoad(list: ListView) = fetchIfAtEnd(list)

    override fun didScroll(list: ListView) = fetchIfAtEnd(list)

    // load skips a row that holds or awaits its content.
    override fun willDisplay(list: ListView, item: Int) = list.load(item)

    override fun requestDidComplete(list: ListView, kind: String, index: Int) {
        if (kind == "page") fetchIfAtEnd(list)
    }

    // The spinner at the bottom asks again at once when a page fails.
    override fun requestDidFail(list: ListView, kind: String, index: Int) {
        if (kind == "page") fetchIfAtEnd(list)
    }

    private fun fetchIfAtEnd(list: ListView) {
        if (list.feedKind != "append" || !list.hasMoreData || list.pageRequestsOutstanding != 0) return
        if (list.contentOffset + list.viewportHeight >= list.contentLength - params.number("slack")) {
            list.requestPage(list.nextPageIndex)
        }
    }
}

fun main() = serve(
    Description(
        "infinite-list-kt",
        summary = "seed 001's baseline, ported to Kotlin from the docs",
        parameters = listOf(number("slack", 0.0, 10000.0, 1.0, "pt from the end of content that count as reached"))
    ),
    ::InfiniteList
)
