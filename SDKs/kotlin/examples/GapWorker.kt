// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// After each frame that scrolled, one row past the leading edge is bound ahead (if the average
// bind fits in the frame's idle time, or the row is needed next frame); rows leaving the screen
// wait in a view cache of `viewCache` views. Content only: Paging 3 (built in) decides pages.
// conformance.sh checks gapworker-kt gives paging3+gapworker's metrics exactly. Its quiet
// spares scrollsim the frames that would bind again a row already bound ahead.
package scrollsim.examples

import scrollsim.CACHED
import scrollsim.CONTENT
import scrollsim.Description
import scrollsim.ListView
import scrollsim.Params
import scrollsim.Quiet
import scrollsim.RENDERED
import scrollsim.REQUESTED
import scrollsim.Strategy
import scrollsim.number
import scrollsim.serve

class GapWorker(params: Params, seed: Long) : Strategy(params, seed) {
    private val cachedViews = ArrayList<Int>()
    private val boundAhead = HashSet<Int>()

    override fun frameDidFinish(list: ListView) {
        for (item in nextPrefetch(list)) {
            list.prepareRender(item)
            boundAhead.add(item)
            if (list.needsContent(item)) list.requestContent(item)
        }
    }

    override fun willDisplay(list: ListView, item: Int) {
        cachedViews.remove(item)
        if (list.needsContent(item)) list.requestContent(item)
    }

    override fun didEndDisplaying(list: ListView, item: Int) {
        boundAhead.remove(item) // a row that leaves the screen is unbound
        cachedViews.add(item)
        while (cachedViews.size > params.int("viewCache")) {
            val recycled = cachedViews.removeAt(0)
            if (!list.hasContent(recycled)) list.cancelContent(recycled)
        }
    }

    // A frame that does not move binds nothing; one that moves binds the row past the edge it
    // moves towards, and binding again a row bound ahead that holds or awaits its content
    // changes nothing until that row's state changes (a bind settles the row's memory, which
    // then counts an image that came meanwhile). So frames are quiet while the list stands
    // still, or while the visible rows stay, it keeps moving the same way and that row, bound
    // ahead with its content, stays as it is.
    override fun quiet(list: ListView): Quiet? {
        val step = list.contentOffset - list.lastFrameOffset
        val facts = listOf("visibleItems", "itemCount")
        if (step == 0.0) return Quiet(offsetAbove = list.contentOffset, offsetBelow = list.contentOffset, facts = facts)
        if (list.visibleItems.isEmpty()) return Quiet(facts = facts)
        val rows = HashMap<Int, Int>()
        for (item in rowPastEdge(list, step)) {
            if (item !in boundAhead || list.needsContent(item)) return null
            rows[item] = CONTENT or REQUESTED or CACHED or RENDERED
        }
        return Quiet(direction = if (step > 0) 1 else -1, facts = facts, rows = rows)
    }

    /**
     * The row past the edge a frame's `step` moves towards: one item, or on a grid the next
     * row's `rowItems`, nearest first; empty if the list does not move, shows nothing, or ends
     * there (`nextPrefetch` and `quiet` both ask).
     */
    private fun rowPastEdge(list: ListView, step: Double): List<Int> {
        val visible = list.visibleItems
        if (step == 0.0 || visible.isEmpty()) return emptyList()
        return if (step > 0) {
            val item = visible.last() + 1
            (item until minOf(item + list.rowItems, list.itemCount)).toList()
        } else {
            val item = visible.first() - 1
            (item downTo maxOf(0, item - list.rowItems + 1)).toList()
        }
    }

    private fun nextPrefetch(list: ListView): List<Int> {
        val dy = list.contentOffset - list.lastFrameOffset
        val row = rowPastEdge(list, dy)
        val item = row.firstOrNull() ?: return emptyList()
        val distance =
            if (dy > 0) list.frame(item)!!.top - (list.contentOffset + list.viewportHeight)
            else list.contentOffset - list.frame(item)!!.bottom
        val neededNextFrame = distance <= Math.abs(dy) + 1e-6  // whole pixels: a tie within float rounding is a tie
        val average = list.averageBindTime
        if (!(neededNextFrame || average == 0.0 || average < list.frameTimeRemaining)) return emptyList()
        return row
    }
}

fun main() = serve(
    Description(
        "gapworker-kt",
        summary = "RecyclerView's GapWorker, ported to Kotlin",
        role = "content",
        partner = "paging3",
        parameters = listOf(number("viewCache", 0.0, 1000.0, 2.0, "views kept bound off screen (DEFAULT_CACHE_SIZE)")),
        platform = mapOf("memory" to "glide", "layout" to "whole-pixels")
    ),
    ::GapWorker
)
