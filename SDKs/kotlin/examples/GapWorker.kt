// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// After each frame that scrolled, one row past the leading edge is bound ahead (if the average
// bind fits in the frame's idle time, or the row is needed next frame); rows leaving the screen
// wait in a view cache of `viewCache` views. Content only: Paging 3 (built in) decides pages.
// conformance.sh checks gapworker-kt gives paging3+gapworker's metrics exactly.
package scrollsim.examples

import scrollsim.Description
import scrollsim.ListView
import scrollsim.Params
import scrollsim.Strategy
import scrollsim.number
import scrollsim.serve

class GapWorker(params: Params, seed: Long) : Strategy(params, seed) {
    private var previousOffset = 0.0
    private val cachedViews = ArrayList<Int>()

    override fun listDidLoad(list: ListView) {
        previousOffset = list.contentOffset
    }

    override fun frameDidFinish(list: ListView) {
        val item = nextPrefetch(list) ?: return
        list.prepareRender(item)
        if (list.needsContent(item)) list.requestContent(item)
    }

    override fun willDisplay(list: ListView, item: Int) {
        cachedViews.remove(item)
        if (list.needsContent(item)) list.requestContent(item)
    }

    override fun didEndDisplaying(list: ListView, item: Int) {
        cachedViews.add(item)
        while (cachedViews.size > params.int("viewCache")) {
            val recycled = cachedViews.removeAt(0)
            if (!list.hasContent(recycled)) list.cancelContent(recycled)
        }
    }

    private fun nextPrefetch(list: ListView): Int? {
        val dy = list.contentOffset - previousOffset
        previousOffset = list.contentOffset
        val visible = list.visibleItems
        if (dy == 0.0 || visible.isEmpty()) return null
        val item: Int
        val distance: Double
        if (dy > 0) {
            item = visible.last() + 1
            if (item >= list.itemCount) return null
            distance = list.frame(item)!!.top - (list.contentOffset + list.viewportHeight)
        } else {
            item = visible.first() - 1
            if (item < 0) return null
            distance = list.contentOffset - list.frame(item)!!.bottom
        }
        val neededNextFrame = distance <= Math.abs(dy)
        val average = list.averageBindTime
        if (!(neededNextFrame || average == 0.0 || average < list.frameTimeRemaining)) return null
        return item
    }
}

fun main() = serve(
    Description(
        "gapworker-kt",
        summary = "RecyclerView's GapWorker, ported to Kotlin",
        role = "content",
        partner = "paging3",
        parameters = listOf(number("viewCache", 0.0, 1000.0, 2.0, "views kept bound off screen (DEFAULT_CACHE_SIZE)")),
        platform = mapOf("memory" to "glide")
    ),
    ::GapWorker
)
