/**
 * Write a scrollsim prefetch strategy in Kotlin (JVM).
 *
 * A strategy is a class with the callbacks it needs; `serve(::MyStrategy) { ... }` speaks
 * protocol 2 (docs/protocol.md) to scrollsim over stdin/stdout:
 *
 *     class Lookahead(params: Params, seed: Long) : Strategy(params, seed) {
 *         override fun didScroll(list: ListView) {
 *             val last = list.visibleItems.lastOrNull() ?: 0
 *             for (item in last + 1 until minOf(list.itemCount, last + 1 + params.int("rows"))) list.load(item)
 *         }
 *     }
 *     fun main() = serve(Description("lookahead-kt", parameters = listOf(number("rows", 0.0, 100.0, 5.0))), ::Lookahead)
 *
 *     $ scrollsim compare --strategies 'threshold,process:java -cp lookahead.jar LookaheadKt'
 *
 * `ListView` answers the same questions as Swift's `ListContext` from a copy that scrollsim
 * keeps current (each message carries what changed). Actions go back when the callback
 * returns, in the order called. Within one callback, reads after your own actions see what the
 * action will do as far as the SDK can tell; scrollsim's account comes with the next message.
 */
package scrollsim

import java.io.BufferedReader
import java.io.InputStreamReader
import java.io.PrintStream

const val PROTOCOL = 2

/** A row's state bits (`ListView.rowState`, `Quiet.rows`). */
const val CONTENT = 1
const val REQUESTED = 2
const val CACHED = 4
const val RENDERED = 8
private const val PAGE_LOADED = 1
private const val PAGE_REQUESTED = 2

/** One parameter as the handshake declares it (`number`, `choice`, `flag` make them). */
class Parameter internal constructor(internal val json: Map<String, Any?>) {
    val name: String get() = json["name"] as String
}

/** A numeric parameter (`--param name=value`, `sweep --grid name=a:b:step`). */
fun number(name: String, min: Double, max: Double, default: Double, help: String = "") =
    Parameter(linkedMapOf("name" to name, "kind" to "number", "min" to min, "max" to max, "default" to default, "help" to help))

/** A parameter that takes one of `values`. */
fun choice(name: String, values: List<String>, default: String, help: String = "") =
    Parameter(linkedMapOf("name" to name, "kind" to "choice", "values" to values, "default" to default, "help" to help))

/** A true/false parameter. */
fun flag(name: String, default: Boolean, help: String = "") =
    Parameter(linkedMapOf("name" to name, "kind" to "flag", "default" to default, "help" to help))

/** What a strategy says about itself in the handshake. */
class Description(
    val name: String,
    val parameters: List<Parameter> = emptyList(),
    val role: String = "both",
    val partner: String? = null,
    val summary: String = "",
    val origin: String = "",
    /** e.g. mapOf("memory" to "glide", "bind" to "synchronous") */
    val platform: Map<String, Any> = emptyMap()
)

/** A run's parameter values, by name. */
class Params(private val values: Map<String, Any?>) {
    fun number(name: String): Double = (values.getValue(name) as Number).toDouble()
    fun int(name: String): Int = number(name).toInt()
    fun string(name: String): String = values.getValue(name) as String
    fun flag(name: String): Boolean = values.getValue(name) as Boolean
}

/** Where a row sits: its column, top and height in points. */
data class Frame(val column: Int, val top: Double, val height: Double) {
    val bottom: Double get() = top + height
}

/** What a strategy sees of the list and may ask of it (Swift's `ListContext`). */
/**
 * What a strategy's `quiet` returns: its `didScroll` and `frameDidFinish` would change nothing
 * until one of these holds, so scrollsim need not ask (docs/protocol.md, "Quiet"). Each
 * condition is optional: `offsetAbove` / `offsetBelow` (the content offset goes above / below
 * it); `direction` (1 wakes at a frame that steps back, its offset below `lastFrameOffset`; -1
 * at one that steps forward); `facts` (names of `ListView`'s facts whose change wakes it:
 * their values now, as the copy holds them, are sent); `rows` (item to mask: wakes when any of
 * the mask's state bits of the row changes from what the copy holds now). The promise is
 * yours: skipping those frames must change nothing, your own state included;
 * `scrollsim conformance` checks it for a port.
 */
class Quiet(
    val offsetAbove: Double? = null,
    val offsetBelow: Double? = null,
    val direction: Int = 0,
    val facts: List<String> = emptyList(),
    val rows: Map<Int, Int> = emptyMap()
) {
    internal fun json(list: ListView): Map<String, Any?> {
        val json = linkedMapOf<String, Any?>()
        offsetAbove?.let { json["offsetAbove"] = it }
        offsetBelow?.let { json["offsetBelow"] = it }
        if (direction != 0) json["direction"] = direction
        if (facts.isNotEmpty()) json["facts"] = facts.associateWith { list.fact(it) }
        if (rows.isNotEmpty()) json["rows"] = rows.flatMap { (item, mask) -> listOf(item, mask, list.rowState(item) and mask) }
        return json
    }
}

class ListView internal constructor(begin: Map<String, Any?>) {
    val seed: Long = (begin["seed"] as Number).toLong()
    val viewportHeight = num(begin["viewportHeight"])
    val frameInterval = num(begin["frameInterval"])
    val networkLatency = num(begin["networkLatency"])
    val feedKind = begin["feedKind"] as String
    val pageSize = num(begin["pageSize"]).toInt()
    private val initialPages = num(begin["initialPages"]).toInt()
    // How rows are placed (docs/protocol.md, "heights"): gaps between rows, padding above.
    private val layout = begin["layout"] as String? ?: if (num(begin["columns"]) > 1) "waterfall" else "list"
    private val rowGap = (begin["rowGap"] as Number?)?.toDouble() ?: 0.0
    private val paddingTop = (begin["paddingTop"] as Number?)?.toDouble() ?: 0.0
    private val bottoms = DoubleArray(num(begin["columns"]).toInt()) { paddingTop }
    private var rowTop = paddingTop
    private var rowHeight = 0.0
    /** Items side by side in one grid row (1 for a list or a waterfall). */
    val rowItems = if (layout == "grid") bottoms.size else 1
    private val tops = ArrayList<Double>()
    private val heights = ArrayList<Double>()
    private val columns = ArrayList<Int>()
    private var tallest = 0.0
    private val rows = HashMap<Int, Int>()
    private val pages = HashMap<Int, Int>()
    internal val actions = ArrayList<List<Any>>()

    var time = 0.0; private set
    var contentOffset = 0.0; private set
    var contentLength = 0.0; private set
    var targetContentOffset: Double? = null; private set
    var isTracking = false; private set
    var isDragging = false; private set
    var isDecelerating = false; private set
    var frameTimeRemaining = 0.0; private set
    var averageBindTime = 0.0; private set
    var itemCount = 0; private set
    var hasMoreData = false; private set
    var nextPageIndex = 0; private set
    var pageRequestsOutstanding = 0; private set
    /** The offset at the end of the previous frame (at listDidLoad before the first). */
    var lastFrameOffset = 0.0; private set
    var visibleItems: List<Int> = emptyList(); private set

    /** A fact by its protocol name, as the copy holds it (for `Quiet`). */
    fun fact(name: String): Any? = when (name) {
        "time" -> time
        "contentOffset" -> contentOffset
        "contentLength" -> contentLength
        "targetContentOffset" -> targetContentOffset
        "isTracking" -> isTracking
        "isDragging" -> isDragging
        "isDecelerating" -> isDecelerating
        "frameTimeRemaining" -> frameTimeRemaining
        "averageBindTime" -> averageBindTime
        "itemCount" -> itemCount
        "hasMoreData" -> hasMoreData
        "nextPageIndex" -> nextPageIndex
        "pageRequestsOutstanding" -> pageRequestsOutstanding
        "lastFrameOffset" -> lastFrameOffset
        "visibleItems" -> visibleItems
        else -> throw IllegalArgumentException("no fact named $name")
    }

    /** A row's state bits as the copy holds them (CONTENT, REQUESTED, CACHED, RENDERED). */
    fun rowState(item: Int): Int = rows[item] ?: 0

    /** Takes in an event: the facts it carries (those that changed) and the change lists. */
    internal fun update(m: Map<String, Any?>) {
        for ((key, value) in m) when (key) {
            "time" -> time = num(value)
            "contentOffset" -> contentOffset = num(value)
            "contentLength" -> contentLength = num(value)
            "targetContentOffset" -> targetContentOffset = value?.let { num(it) }
            "isTracking" -> isTracking = value as Boolean
            "isDragging" -> isDragging = value as Boolean
            "isDecelerating" -> isDecelerating = value as Boolean
            "frameTimeRemaining" -> frameTimeRemaining = num(value)
            "averageBindTime" -> averageBindTime = num(value)
            "itemCount" -> itemCount = num(value).toInt()
            "hasMoreData" -> hasMoreData = value as Boolean
            "nextPageIndex" -> nextPageIndex = num(value).toInt()
            "pageRequestsOutstanding" -> pageRequestsOutstanding = num(value).toInt()
            "lastFrameOffset" -> lastFrameOffset = num(value)
            "visibleItems" -> visibleItems = (value as List<*>).map { num(it).toInt() }
        }
        (m["heights"] as List<*>?)?.forEach { run ->
            val (count, height) = (run as List<*>).let { num(it[0]).toInt() to num(it[1]) }
            repeat(count) {
                var column = 0
                val top: Double
                if (layout == "grid") {
                    column = tops.size % bottoms.size
                    if (column == 0 && tops.isNotEmpty()) {
                        rowTop += rowHeight + rowGap
                        rowHeight = 0.0
                    }
                    rowHeight = maxOf(rowHeight, height)
                    top = rowTop
                } else {
                    for (c in 1 until bottoms.size) if (bottoms[c] < bottoms[column]) column = c
                    top = bottoms[column] + if (rowGap > 0 && bottoms[column] > paddingTop) rowGap else 0.0
                    bottoms[column] = top + height
                }
                tops.add(top)
                heights.add(height)
                columns.add(column)
                if (height > tallest) tallest = height
            }
        }
        (m["rows"] as List<*>?)?.let { r -> for (i in r.indices step 2) rows[num(r[i]).toInt()] = num(r[i + 1]).toInt() }
        (m["pages"] as List<*>?)?.let { p -> for (i in p.indices step 2) pages[num(p[i]).toInt()] = num(p[i + 1]).toInt() }
    }

    /** The row's frame, or null for a row not laid out yet. */
    fun frame(item: Int): Frame? = if (item < 0 || item >= tops.size) null else Frame(columns[item], tops[item], heights[item])

    /** Rows intersecting [lower, upper) in content coordinates, in index order. */
    fun items(lower: Double, upper: Double): List<Int> {
        val count = minOf(itemCount, tops.size)
        if (count <= 0 || upper <= lower) return emptyList()
        val first = firstIndex(count) { it > lower - tallest }
        val end = firstIndex(count) { it >= upper }
        return (first until end).filter { tops[it] + heights[it] > lower }
    }

    fun itemsInViewportAt(offset: Double) = items(offset, offset + viewportHeight)

    private inline fun firstIndex(count: Int, predicate: (Double) -> Boolean): Int {
        var low = 0
        var high = count
        while (low < high) {
            val mid = (low + high) ushr 1
            if (predicate(tops[mid])) high = mid else low = mid + 1
        }
        return low
    }

    fun pageOf(item: Int) = Math.floorDiv(item, pageSize)
    fun isPageLoaded(page: Int) = page < initialPages || ((pages[page] ?: 0) and PAGE_LOADED) != 0
    fun isPageRequested(page: Int) = ((pages[page] ?: 0) and PAGE_REQUESTED) != 0
    fun hasData(item: Int) = if (feedKind == "append") item < itemCount else isPageLoaded(pageOf(item))
    fun hasContent(item: Int) = ((rows[item] ?: 0) and CONTENT) != 0
    fun isCached(item: Int) = ((rows[item] ?: 0) and CACHED) != 0
    fun isContentRequested(item: Int) = ((rows[item] ?: 0) and REQUESTED) != 0
    fun isRendered(item: Int) = ((rows[item] ?: 0) and RENDERED) != 0
    fun needsContent(item: Int) = !hasContent(item) && !isContentRequested(item)

    fun requestPage(page: Int) {
        actions.add(listOf("requestPage", page))
        pages[page] = (pages[page] ?: 0) or PAGE_REQUESTED
        pageRequestsOutstanding += 1
    }

    fun requestContent(item: Int) {
        actions.add(listOf("requestContent", item))
        val state = rows[item] ?: 0
        if (!hasData(item)) rows[item] = state or REQUESTED
        else if (state and CONTENT == 0) rows[item] = state or (if (state and CACHED != 0) CONTENT else REQUESTED)
    }

    fun loadFromCache(item: Int): Boolean {
        actions.add(listOf("loadFromCache", item))
        val state = rows[item] ?: 0
        if (item in 0 until itemCount && hasData(item) && state and CACHED != 0) {
            rows[item] = state or CONTENT
            return true
        }
        return false
    }

    fun cancelContent(item: Int) {
        actions.add(listOf("cancelContent", item))
        rows[item] = (rows[item] ?: 0) and REQUESTED.inv()
    }

    fun clearContent(item: Int) {
        actions.add(listOf("clearContent", item))
        rows[item] = (rows[item] ?: 0) and (CONTENT or REQUESTED or RENDERED).inv()
    }

    fun prepareRender(item: Int) {
        actions.add(listOf("prepareRender", item))
    }

    fun discardRender(item: Int) {
        actions.add(listOf("discardRender", item))
        rows[item] = (rows[item] ?: 0) and RENDERED.inv()
    }

    /** Calls `timerDidFire` once, `seconds` from now. */
    fun wakeUp(seconds: Double) {
        actions.add(listOf("wakeUp", seconds))
    }

    /** Requests the data (placeholder feed) and content the row is missing. */
    fun load(item: Int, content: Boolean = true) {
        val page = pageOf(item)
        if (!isPageLoaded(page) && !isPageRequested(page)) requestPage(page)
        if (content && needsContent(item)) requestContent(item)
    }
}

/**
 * Extend and override the callbacks you use. `params` holds the run's parameter values, `seed`
 * its seed; a fresh instance serves each run.
 */
abstract class Strategy(val params: Params, val seed: Long) {
    open fun listDidLoad(list: ListView) {}
    open fun didScroll(list: ListView) {}
    open fun willBeginDragging(list: ListView) {}
    open fun willEndDragging(list: ListView, velocity: Double, targetContentOffset: Double) {}
    open fun didEndDragging(list: ListView, willDecelerate: Boolean) {}
    open fun didEndDecelerating(list: ListView) {}
    open fun willDisplay(list: ListView, item: Int) {}
    open fun didEndDisplaying(list: ListView, item: Int) {}
    open fun requestDidComplete(list: ListView, kind: String, index: Int) {}
    open fun requestDidFail(list: ListView, kind: String, index: Int) {}
    open fun timerDidFire(list: ListView) {}
    open fun frameDidFinish(list: ListView) {}

    /**
     * Called after every callback: until when the frame callbacks would change nothing, or
     * null (the default: every frame is asked).
     */
    open fun quiet(list: ListView): Quiet? = null
}

private val EVENTS = listOf(
    "listDidLoad", "didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "didEndDecelerating",
    "willDisplay", "didEndDisplaying", "requestDidComplete", "requestDidFail", "timerDidFire", "frameDidFinish"
)

/** The callbacks `type` overrides: the ones it hears. */
fun overriddenEvents(type: Class<out Strategy>): List<String> = EVENTS.filter { event ->
    type.methods.any { it.name == event && it.declaringClass != Strategy::class.java }
}

/** Keeps one run between messages and answers each message. */
class Session(private val description: Description, private val make: (Params, Long) -> Strategy) {
    private var list: ListView? = null
    private var strategy: Strategy? = null

    /** Seconds the run's `begin` allows waiting busily for the next message (docs/protocol.md). */
    var spinSeconds = 0.0
        private set

    @Suppress("UNCHECKED_CAST")
    fun handle(line: String): Map<String, Any?> {
        val m = Json.parse(line) as Map<String, Any?>
        when (m["type"]) {
            "event" -> {
                val list = list!!
                val s = strategy!!
                list.update(m)
                list.actions.clear()
                when (m["event"]) {
                    "listDidLoad" -> s.listDidLoad(list)
                    "didScroll" -> s.didScroll(list)
                    "willBeginDragging" -> s.willBeginDragging(list)
                    "willEndDragging" -> s.willEndDragging(list, num(m["velocity"]), num(m["target"]))
                    "didEndDragging" -> s.didEndDragging(list, m["willDecelerate"] as Boolean)
                    "didEndDecelerating" -> s.didEndDecelerating(list)
                    "willDisplay" -> s.willDisplay(list, num(m["item"]).toInt())
                    "didEndDisplaying" -> s.didEndDisplaying(list, num(m["item"]).toInt())
                    "requestDidComplete" -> s.requestDidComplete(list, m["kind"] as String, num(m["index"]).toInt())
                    "requestDidFail" -> s.requestDidFail(list, m["kind"] as String, num(m["index"]).toInt())
                    "timerDidFire" -> s.timerDidFire(list)
                    "frameDidFinish" -> s.frameDidFinish(list)
                    else -> return mapOf("error" to "unknown event ${m["event"]}")
                }
                val quiet = s.quiet(list) ?: return mapOf("actions" to list.actions)
                return mapOf("actions" to list.actions, "quiet" to quiet.json(list))
            }
            "begin" -> {
                spinSeconds = (m["spin"] as? Number)?.toDouble() ?: 0.0
                list = ListView(m)
                strategy = make(Params(m["parameters"] as Map<String, Any?>), (m["seed"] as Number).toLong())
                return mapOf("type" to "ready")
            }
            "hello" -> {
                // The callbacks heard: those the class made for a throwaway run overrides.
                val probe = make(Params(description.parameters.associate { it.name to it.json["default"] }), 0)
                val answer = linkedMapOf<String, Any?>(
                    "type" to "strategy", "protocol" to PROTOCOL, "name" to description.name, "role" to description.role,
                    "parameters" to description.parameters.map { it.json }, "events" to overriddenEvents(probe.javaClass)
                )
                if (description.summary.isNotEmpty()) answer["summary"] = description.summary
                if (description.origin.isNotEmpty()) answer["origin"] = description.origin
                if (description.partner != null) answer["partner"] = description.partner
                if (description.platform.isNotEmpty()) answer["platform"] = description.platform
                return answer
            }
            else -> return mapOf("error" to "unknown message type ${m["type"]}")
        }
    }
}

/**
 * Serves the strategy `make` builds until scrollsim closes stdin. An exception in the strategy
 * is reported to scrollsim (which stops the run and shows it), with its stack on stderr.
 */
fun serve(description: Description, make: (Params, Long) -> Strategy) {
    val session = Session(description, make)
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8), 1 shl 16)
    val output = PrintStream(java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8")
    while (true) {
        awaitLine(input, session.spinSeconds)
        val line = input.readLine() ?: break
        val answer = try {
            session.handle(line)
        } catch (error: Exception) {
            error.printStackTrace()
            mapOf("error" to "${error.javaClass.simpleName}: ${error.message}")
        }
        output.print(Json.write(answer))
        output.print('\n')
        output.flush()
    }
}

/**
 * Waits busily, for up to `seconds`, until `input` has more to read: scrollsim's next message
 * usually comes within microseconds, and a reader that is not asleep in `readLine` spares a
 * scheduler wake-up on each (scrollsim allows it while every run with a helper can have two
 * cores: `spin` in the begin message, docs/protocol.md). Then `readLine` blocks as it would.
 */
private fun awaitLine(input: BufferedReader, seconds: Double) {
    if (seconds <= 0) return
    val end = System.nanoTime() + (seconds * 1e9).toLong()
    while (!input.ready() && System.nanoTime() < end) Thread.onSpinWait()
}

internal fun num(value: Any?): Double = (value as Number).toDouble()

/** Just enough JSON for the protocol: objects, arrays, strings, numbers, true/false/null. */
object Json {
    fun parse(text: String): Any? {
        val reader = Reader(text)
        val value = reader.value()
        reader.skipSpace()
        require(reader.at == text.length) { "trailing characters at ${reader.at}" }
        return value
    }

    fun write(value: Any?): String = StringBuilder().also { write(value, it) }.toString()

    private fun write(value: Any?, out: StringBuilder) {
        when (value) {
            null -> out.append("null")
            is String -> {
                out.append('"')
                for (c in value) when {
                    c == '"' -> out.append("\\\"")
                    c == '\\' -> out.append("\\\\")
                    c < ' ' -> out.append(String.format("\\u%04x", c.toInt()))
                    else -> out.append(c)
                }
                out.append('"')
            }
            is Boolean, is Int, is Long -> out.append(value.toString())
            is Number -> {
                val d = value.toDouble()
                require(!d.isNaN() && !d.isInfinite()) { "NaN and infinities are not JSON" }
                if (d == Math.rint(d) && Math.abs(d) < 1e15) out.append(d.toLong()) else out.append(d.toString())
            }
            is Map<*, *> -> {
                out.append('{')
                var first = true
                for ((k, v) in value) {
                    if (!first) out.append(',')
                    first = false
                    write(k.toString(), out)
                    out.append(':')
                    write(v, out)
                }
                out.append('}')
            }
            is List<*> -> {
                out.append('[')
                value.forEachIndexed { i, v ->
                    if (i > 0) out.append(',')
                    write(v, out)
                }
                out.append(']')
            }
            else -> throw IllegalArgumentException("cannot write ${value.javaClass} as JSON")
        }
    }

    private class Reader(val text: String) {
        var at = 0

        fun skipSpace() {
            while (at < text.length && text[at].isWhitespace()) at++
        }

        fun value(): Any? {
            skipSpace()
            require(at < text.length) { "unexpected end" }
            return when (val c = text[at]) {
                '{' -> obj()
                '[' -> arr()
                '"' -> str()
                't' -> word("true", true)
                'f' -> word("false", false)
                'n' -> word("null", null)
                else -> if (c == '-' || c.isDigit()) num() else throw IllegalArgumentException("unexpected '$c' at $at")
            }
        }

        private fun word(w: String, v: Any?): Any? {
            require(text.startsWith(w, at)) { "bad literal at $at" }
            at += w.length
            return v
        }

        private fun obj(): Map<String, Any?> {
            at++
            val map = LinkedHashMap<String, Any?>()
            skipSpace()
            if (text[at] == '}') { at++; return map }
            while (true) {
                skipSpace()
                val key = str()
                skipSpace()
                require(text[at] == ':') { "expected ':' at $at" }
                at++
                map[key] = value()
                skipSpace()
                val separator = text[at++]
                if (separator == '}') return map
                require(separator == ',') { "expected ',' or '}' at ${at - 1}" }
            }
        }

        private fun arr(): List<Any?> {
            at++
            val list = ArrayList<Any?>()
            skipSpace()
            if (text[at] == ']') { at++; return list }
            while (true) {
                list.add(value())
                skipSpace()
                val separator = text[at++]
                if (separator == ']') return list
                require(separator == ',') { "expected ',' or ']' at ${at - 1}" }
            }
        }

        private fun str(): String {
            require(text[at] == '"') { "expected a string at $at" }
            at++
            val out = StringBuilder()
            while (true) {
                val c = text[at++]
                when (c) {
                    '"' -> return out.toString()
                    '\\' -> {
                        val e = text[at++]
                        when (e) {
                            'n' -> out.append('\n')
                            't' -> out.append('\t')
                            'r' -> out.append('\r')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000c')
                            'u' -> { out.append(text.substring(at, at + 4).toInt(16).toChar()); at += 4 }
                            else -> out.append(e)
                        }
                    }
                    else -> out.append(c)
                }
            }
        }

        private fun num(): Number {
            val start = at
            if (text[at] == '-') at++
            while (at < text.length && (text[at].isDigit() || text[at] in ".eE+-")) at++
            val token = text.substring(start, at)
            return if (token.any { it == '.' || it == 'e' || it == 'E' }) token.toDouble()
            else token.toLongOrNull() ?: token.toDouble()
        }
    }
}
