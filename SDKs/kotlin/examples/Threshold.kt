// Seed 001's threshold rule (Sources/SimCore/Strategies/Seeds/ThresholdStrategy.swift), ported.
// Next page once (offset + viewport height) / content length passes a ratio; a row's content
// loads when it displays. conformance.sh checks it gives the built-in's metrics exactly. Its
// quiet spares scrollsim the frames far from the trigger: most of a run's didScrolls.
package scrollsim.examples

import scrollsim.Description
import scrollsim.ListView
import scrollsim.Params
import scrollsim.Quiet
import scrollsim.Strategy
import scrollsim.choice
import scrollsim.flag
import scrollsim.number
import scrollsim.serve

class Threshold(params: Params, seed: Long) : Strategy(params, seed) {
    override fun listDidLoad(list: ListView) = check(list)

    override fun didScroll(list: ListView) {
        if (params.flag("skipAtEnd") && list.contentOffset + list.viewportHeight >= list.contentLength) return
        check(list)
    }

    override fun willDisplay(list: ListView, item: Int) = list.load(item)

    override fun requestDidFail(list: ListView, kind: String, index: Int) {
        if (kind == "page") check(list)
    }

    // didScroll acts only through check, which reads these facts and the offset: until they
    // change, it cannot act below the offset where the ratio reaches the trigger.
    override fun quiet(list: ListView): Quiet {
        val facts = listOf("hasMoreData", "contentLength", "itemCount", "nextPageIndex", "pageRequestsOutstanding")
        if (!armed(list)) return Quiet(facts = facts)
        // (offset + viewport) / length >= ratio first holds near ratio * length - viewport: a
        // margin of a millionth keeps rounding on the side of asking.
        val trigger = triggerRatio(list) * list.contentLength - list.viewportHeight
        val margin = 1e-6 * (Math.abs(trigger) + list.viewportHeight + list.contentLength)
        return Quiet(offsetAbove = trigger - margin, facts = facts)
    }

    private fun triggerRatio(list: ListView): Double {
        val threshold = params.number("threshold")
        if (params.string("mode") != "dynamic") return threshold
        val perPage = list.pageSize.toDouble()
        val currentPage = Math.ceil(list.itemCount / perPage) - 1
        val needRead = perPage * threshold + currentPage * perPage
        return needRead / (perPage * (currentPage + 1))
    }

    /**
     * Whether `check` may ask for a page at all: an append feed with more to load and a length,
     * and no page request outstanding under the guard (`quiet` reads it too).
     */
    private fun armed(list: ListView): Boolean {
        if (list.feedKind != "append" || !list.hasMoreData || !(list.contentLength > 0)) return false
        return !(params.flag("guard") && list.pageRequestsOutstanding > 0)
    }

    private fun check(list: ListView) {
        if (!armed(list)) return
        val ratio = (list.contentOffset + list.viewportHeight) / list.contentLength
        if (ratio >= triggerRatio(list)) list.requestPage(list.nextPageIndex)
    }
}

fun main() = serve(
    Description(
        "threshold-kt",
        summary = "seed 001's ratio rule, ported to Kotlin",
        parameters = listOf(
            choice("mode", listOf("static", "dynamic"), "static", "static: ratio of the whole list; dynamic: of the newest page"),
            number("threshold", 0.0, 1.0, 0.7, "the ratio"),
            flag("guard", true, "skip while a page request is outstanding"),
            flag("skipAtEnd", true, "scroll callbacks at the very end check nothing")
        )
    ),
    ::Threshold
)
