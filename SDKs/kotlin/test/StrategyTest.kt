// Unit tests of the Kotlin SDK: the handshake, the list's copy and the actions (no scrollsim
// needed; plain checks, so that no test library must be installed). conformance.sh runs them
// and then checks the ports against scrollsim itself.
package scrollsim.test

import scrollsim.Description
import scrollsim.Json
import scrollsim.ListView
import scrollsim.CONTENT
import scrollsim.PROTOCOL
import scrollsim.Params
import scrollsim.Quiet
import scrollsim.REQUESTED
import scrollsim.Session
import scrollsim.Strategy
import scrollsim.number
import kotlin.system.exitProcess

private var failures = 0

private fun check(condition: Boolean, what: String) {
    if (!condition) {
        failures++
        System.err.println("FAILED: $what")
    }
}

private const val BEGIN = """{"type":"begin","seed":7,"parameters":{"rows":3},"viewportHeight":100,"frameInterval":0.0167,""" +
    """"networkLatency":0.1,"feedKind":"placeholder","pageSize":10,"initialPages":1,"columns":2}"""

private fun event(name: String, extra: String = ""): String =
    """{"type":"event","event":"$name","time":1,"contentOffset":0,"contentLength":500,"targetContentOffset":null,""" +
        """"isTracking":false,"isDragging":false,"isDecelerating":false,"frameTimeRemaining":0.01,"averageBindTime":0,""" +
        """"itemCount":30,"hasMoreData":false,"nextPageIndex":1,"pageRequestsOutstanding":0,"visibleItems":[0,1]$extra}"""

class Loader(params: Params, seed: Long) : Strategy(params, seed) {
    override fun willDisplay(list: ListView, item: Int) {
        list.load(item)
        list.load(item) // a second load of the same row asks for nothing more
    }

    override fun timerDidFire(list: ListView) = list.wakeUp(0.25)
}

class Pager(params: Params, seed: Long) : Strategy(params, seed) {
    override fun didScroll(list: ListView) {
        if (list.contentOffset > 200 && list.pageRequestsOutstanding == 0) list.requestPage(list.nextPageIndex)
    }

    override fun quiet(list: ListView) = Quiet(
        offsetAbove = 200.0, direction = 1, facts = listOf("pageRequestsOutstanding", "visibleItems"),
        rows = mapOf(4 to (CONTENT or REQUESTED))
    )
}

fun main() {
    val session = Session(Description("loader", parameters = listOf(number("rows", 0.0, 10.0, 2.0))), ::Loader)
    val hello = session.handle("""{"type":"hello","protocol":1}""")
    check(hello["name"] == "loader", "the handshake names the strategy")
    check(hello["protocol"] == PROTOCOL && PROTOCOL == 2, "protocol 2")
    check((hello["events"] as List<*>).map { it as String }.sorted() == listOf("timerDidFire", "willDisplay"), "only overridden callbacks: ${hello["events"]}")
    check(Json.write(session.handle(BEGIN)) == """{"type":"ready"}""", "begin is answered with ready")
    val loaded = Json.write(session.handle(event("willDisplay", ""","item":12""")))
    check(loaded == """{"actions":[["requestPage",1],["requestContent",12]]}""", "load asks once: $loaded")
    val woken = Json.write(session.handle(event("timerDidFire")))
    check(woken == """{"actions":[["wakeUp",0.25]]}""", "wakeUp: $woken")

    check(!Json.write(session.handle(event("timerDidFire"))).contains("quiet"), "no quiet without one")
    val pager = Session(Description("pager"), ::Pager)
    pager.handle(BEGIN)
    val quiet = Json.write(pager.handle(event("didScroll", ""","contentOffset":100""")))
    check(
        quiet == """{"actions":[],"quiet":{"offsetAbove":200,"direction":1,"facts":{"pageRequestsOutstanding":0,"visibleItems":[0,1]},"rows":[4,3,0]}}""",
        "quiet: $quiet"
    )
    val paged = Json.write(pager.handle(event("didScroll", ""","contentOffset":300""")))
    check(paged.startsWith("""{"actions":[["requestPage",1]],"quiet":{"offsetAbove":200,"direction":1,"facts":{"pageRequestsOutstanding":1,"""), "the copy after the actions: $paged")

    @Suppress("UNCHECKED_CAST")
    val list = ListView(Json.parse(BEGIN) as Map<String, Any?>)
    @Suppress("UNCHECKED_CAST")
    list.update(Json.parse(event("didScroll", ""","heights":[[1,100],[1,50],[2,30]],"rows":[3,4,4,1],"pages":[2,1]""")) as Map<String, Any?>)
    check((0..3).map { list.frame(it)!!.column to list.frame(it)!!.top } == listOf(0 to 0.0, 1 to 0.0, 1 to 50.0, 1 to 80.0), "waterfall")
    check(list.frame(4) == null, "a row not laid out has no frame")
    check(list.items(0.0, 50.0) == listOf(0, 1), "band 0-50")
    check(list.items(50.0, 51.0) == listOf(0, 2), "band 50-51")
    check(list.items(80.0, 80.0).isEmpty(), "an empty band")
    check(list.items(100.0, 1000.0) == listOf(3), "band 100-1000")
    check(list.isCached(3) && list.hasContent(4) && list.isPageLoaded(2) && list.isPageLoaded(0), "change lists")
    check(!list.isPageLoaded(1), "page 1 not loaded")
    check(list.loadFromCache(3) && list.hasContent(3), "a cached row loads from the cache")
    check(!list.loadFromCache(5), "an uncached row does not")
    list.requestContent(6)
    check(list.isContentRequested(6), "requested")
    list.cancelContent(6)
    check(list.needsContent(6), "cancelled")
    list.requestPage(1)
    check(list.isPageRequested(1) && list.pageRequestsOutstanding == 1, "page requested")
    check(Json.write(Json.parse("""{"a":[1,2.5,-3e-7,"x\"y",true,null]}""")) == """{"a":[1,2.5,-3.0E-7,"x\"y",true,null]}""", "JSON round trip")

    if (failures > 0) {
        System.err.println("$failures check(s) failed")
        exitProcess(1)
    }
    println("all checks passed")
}
