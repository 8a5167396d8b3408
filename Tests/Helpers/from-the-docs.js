// A strategy written from docs/protocol.md alone, without an SDK: proof that the page is
// enough. It asks for the next page when the last visible row is within `margin` rows of the
// loaded ones, and for the content of each row that displays and of the `ahead` rows after it.
// CI runs it in run, compare, sweep and tune (.ci/sdks.sh).
"use strict";
const readline = require("readline");

const facts = {}; // the latest value of every fact (events carry the ones that changed)
let rows = new Map(); // row -> state bits
let begin = null;

function needsContent(item) {
  return ((rows.get(item) || 0) & 3) === 0; // neither content (1) nor requested (2)
}

function decide(m) {
  const actions = [];
  const ask = (item) => {
    if (item < facts.itemCount && needsContent(item)) {
      actions.push(["requestContent", item]);
      rows.set(item, (rows.get(item) || 0) | 2);
    }
  };
  if (m.event === "willDisplay") {
    for (let item = m.item; item <= m.item + begin.parameters.ahead; item++) ask(item);
  }
  if (m.event === "didScroll" || m.event === "listDidLoad") {
    const last = facts.visibleItems.length ? facts.visibleItems[facts.visibleItems.length - 1] : 0;
    if (facts.hasMoreData && facts.pageRequestsOutstanding === 0 && facts.itemCount - 1 - last < begin.parameters.margin) {
      actions.push(["requestPage", facts.nextPageIndex]);
    }
  }
  return { actions };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  let answer;
  if (m.type === "hello") {
    answer = {
      type: "strategy", protocol: 2, name: "from-the-docs",
      summary: "written from docs/protocol.md alone",
      parameters: [
        { name: "margin", kind: "number", min: 0, max: 1000, default: 10, help: "rows left when the next page is asked for" },
        { name: "ahead", kind: "number", min: 0, max: 50, default: 2, help: "rows past a displayed row to load" },
      ],
      events: ["listDidLoad", "didScroll", "willDisplay"],
    };
  } else if (m.type === "begin") {
    begin = m;
    rows = new Map();
    for (const key of Object.keys(facts)) delete facts[key];
    answer = { type: "ready" };
  } else {
    for (const [key, value] of Object.entries(m)) {
      if (!["type", "event", "item", "kind", "index", "velocity", "target", "willDecelerate", "heights", "rows", "pages"].includes(key)) facts[key] = value;
    }
    const changed = m.rows || [];
    for (let i = 0; i < changed.length; i += 2) rows.set(changed[i], changed[i + 1]);
    answer = decide(m);
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
