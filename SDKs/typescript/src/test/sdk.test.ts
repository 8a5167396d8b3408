// Unit tests of the TypeScript SDK: the handshake, the list's copy and the actions (no scrollsim
// needed). conformance.sh checks the ports against scrollsim itself.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { CONTENT, ListView, PROTOCOL, Quiet, REQUESTED, Session, Strategy, describe, number } from "../index";

const BEGIN = {
  type: "begin", seed: 7, parameters: { rows: 3 }, viewportHeight: 100, frameInterval: 0.0167, networkLatency: 0.1,
  feedKind: "placeholder", pageSize: 10, initialPages: 1, columns: 2,
};

function event(name: string, fields: Record<string, unknown> = {}) {
  return {
    type: "event", event: name, time: 1, contentOffset: 0, contentLength: 500, targetContentOffset: null,
    isTracking: false, isDragging: false, isDecelerating: false, frameTimeRemaining: 0.01, averageBindTime: 0,
    itemCount: 30, hasMoreData: false, nextPageIndex: 1, pageRequestsOutstanding: 0, visibleItems: [0, 1], ...fields,
  };
}

class Loader extends Strategy {
  static strategyName = "loader";
  static parameters = [number("rows", 0, 10, 2)];
  willDisplay(list: ListView, item: number) {
    list.load(item);
    list.load(item); // a second load of the same row asks for nothing more
  }
  timerDidFire(list: ListView) {
    list.wakeUp(0.25);
  }
}

test("the handshake lists only the callbacks overridden", () => {
  const answer = describe(Loader) as any;
  assert.equal(answer.name, "loader");
  assert.equal(answer.protocol, PROTOCOL);
  assert.equal(PROTOCOL, 2);
  assert.deepEqual([...answer.events].sort(), ["timerDidFire", "willDisplay"]);
  assert.equal(answer.parameters[0].default, 2);
});

test("load asks for the page and the content once", () => {
  const session = new Session(Loader);
  assert.deepEqual(session.handle(JSON.stringify(BEGIN)), { type: "ready" });
  assert.deepEqual(session.handle(JSON.stringify(event("willDisplay", { item: 12 }))), {
    actions: [["requestPage", 1], ["requestContent", 12]],
  });
  assert.deepEqual(session.handle(JSON.stringify(event("timerDidFire"))), { actions: [["wakeUp", 0.25]] });
});

class Pager extends Strategy {
  static strategyName = "pager";
  didScroll(list: ListView) {
    if (list.contentOffset > 200 && list.pageRequestsOutstanding === 0) list.requestPage(list.nextPageIndex);
  }
  quiet(list: ListView): Quiet {
    return { offsetAbove: 200, direction: 1, facts: ["pageRequestsOutstanding", "visibleItems"], rows: [[4, CONTENT | REQUESTED]] };
  }
}

test("quiet sends the facts as the copy holds them after the actions", () => {
  const session = new Session(Pager);
  session.handle(JSON.stringify(BEGIN));
  assert.deepEqual(session.handle(JSON.stringify(event("didScroll", { contentOffset: 100 }))), {
    actions: [],
    quiet: { offsetAbove: 200, direction: 1, facts: { pageRequestsOutstanding: 0, visibleItems: [0, 1] }, rows: [4, 3, 0] },
  });
  const second = session.handle(JSON.stringify(event("didScroll", { contentOffset: 300 }))) as any;
  assert.deepEqual(second.actions, [["requestPage", 1]]);
  assert.equal(second.quiet.facts.pageRequestsOutstanding, 1);
  // A strategy without quiet answers with actions alone.
  const loader = new Session(Loader);
  loader.handle(JSON.stringify(BEGIN));
  assert.deepEqual(Object.keys(loader.handle(JSON.stringify(event("timerDidFire"))) as any), ["actions"]);
});

test("waterfall layout and band queries", () => {
  const list = new ListView(BEGIN);
  list.update(event("didScroll", { heights: [[1, 100], [1, 50], [2, 30]] }));
  assert.deepEqual([0, 1, 2, 3].map((i) => [list.frame(i)!.column, list.frame(i)!.top]), [[0, 0], [1, 0], [1, 50], [1, 80]]);
  assert.equal(list.frame(4), undefined);
  assert.deepEqual(list.items(0, 50), [0, 1]);
  assert.deepEqual(list.items(50, 51), [0, 2]);
  assert.deepEqual(list.items(80, 80), []);
  assert.deepEqual(list.items(100, 1000), [3]);
});

test("change lists and reads after actions", () => {
  const list = new ListView(BEGIN);
  list.update(event("didScroll", { rows: [3, 4, 4, 1], pages: [2, 1] }));
  assert.ok(list.isCached(3) && list.hasContent(4) && list.isPageLoaded(2) && list.isPageLoaded(0));
  assert.ok(!list.isPageLoaded(1));
  assert.ok(list.loadFromCache(3));
  assert.ok(list.hasContent(3));
  assert.ok(!list.loadFromCache(5));
  list.requestContent(6);
  assert.ok(list.isContentRequested(6));
  list.cancelContent(6);
  assert.ok(list.needsContent(6));
  list.requestPage(1);
  assert.ok(list.isPageRequested(1));
  assert.equal(list.pageRequestsOutstanding, 1);
});
