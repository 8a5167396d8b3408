/**
 * Write a scrollsim prefetch strategy in TypeScript or JavaScript (Node).
 *
 * A strategy is a class with the callbacks it needs; `run(MyStrategy)` serves it to scrollsim
 * over stdin/stdout (protocol 2, docs/protocol.md):
 *
 *     import { Strategy, ListView, number, run } from "scrollsim-strategy";
 *
 *     class Lookahead extends Strategy {
 *       static strategyName = "lookahead-ts";
 *       static parameters = [number("rows", 0, 100, 5, "rows past the screen to load")];
 *       didScroll(list: ListView) {
 *         const last = list.visibleItems[list.visibleItems.length - 1] ?? 0;
 *         for (let item = last + 1; item < Math.min(list.itemCount, last + 1 + this.params.rows); item++) list.load(item);
 *       }
 *     }
 *     run(Lookahead);
 *
 *     $ scrollsim compare --strategies 'threshold,process:node dist/lookahead.js'
 *
 * `ListView` answers the same questions as Swift's `ListContext` from a copy that scrollsim
 * keeps current (each message carries what changed). Actions go back when the callback
 * returns, in the order called. Within one callback, reads after your own actions see what the
 * action will do as far as the SDK can tell; scrollsim's account comes with the next message.
 */

export const PROTOCOL = 2;

/** The facts an event carries when they change (the first event of a run carries all). */
const FACTS = new Set([
  "time", "contentOffset", "contentLength", "targetContentOffset", "isTracking", "isDragging", "isDecelerating",
  "frameTimeRemaining", "averageBindTime", "itemCount", "hasMoreData", "nextPageIndex", "pageRequestsOutstanding",
  "lastFrameOffset", "visibleItems",
]);

/** A fact of `ListView` a quiet may watch. */
export type Fact =
  | "time" | "contentOffset" | "contentLength" | "targetContentOffset" | "isTracking" | "isDragging"
  | "isDecelerating" | "frameTimeRemaining" | "averageBindTime" | "itemCount" | "hasMoreData" | "nextPageIndex"
  | "pageRequestsOutstanding" | "lastFrameOffset" | "visibleItems";

/**
 * What a strategy's `quiet` returns: its `didScroll` and `frameDidFinish` would change nothing
 * until one of these holds, so scrollsim need not ask (docs/protocol.md, "Quiet"). Each
 * condition is optional: `offsetAbove` / `offsetBelow` (the content offset goes above / below
 * it); `direction` (1 wakes at a frame that steps back, its offset below `lastFrameOffset`; -1
 * at one that steps forward); `facts` (facts whose change wakes it: their values now, as the
 * copy holds them, are sent); `rows` ([item, mask] pairs: wakes when any of the mask's state
 * bits of the row changes from what the copy holds now). The promise is
 * yours: skipping those frames must change nothing, your own state included;
 * `scrollsim conformance` checks it for a port.
 */
export interface Quiet {
  offsetAbove?: number;
  offsetBelow?: number;
  direction?: -1 | 0 | 1;
  facts?: Fact[];
  rows?: [number, number][];
}

export const CONTENT = 1;
export const REQUESTED = 2;
export const CACHED = 4;
export const RENDERED = 8;
const PAGE_LOADED = 1;
const PAGE_REQUESTED = 2;

export type ParameterValue = number | string | boolean;
export type Parameter =
  | { name: string; kind: "number"; min: number; max: number; default: number; help: string }
  | { name: string; kind: "choice"; values: string[]; default: string; help: string }
  | { name: string; kind: "flag"; default: boolean; help: string };

/** A numeric parameter (`--param name=value`, `sweep --grid name=a:b:step`). */
export function number(name: string, min: number, max: number, value: number, help = ""): Parameter {
  return { name, kind: "number", min, max, default: value, help };
}
/** A parameter that takes one of `values`. */
export function choice(name: string, values: string[], value: string, help = ""): Parameter {
  return { name, kind: "choice", values, default: value, help };
}
/** A true/false parameter. */
export function flag(name: string, value: boolean, help = ""): Parameter {
  return { name, kind: "flag", default: value, help };
}

export interface Frame {
  column: number;
  top: number;
  height: number;
  bottom: number;
}

export type Action = [string, number];

/** What a strategy sees of the list and may ask of it (Swift's `ListContext`). */
export class ListView {
  readonly seed: number;
  readonly viewportHeight: number;
  readonly frameInterval: number;
  readonly networkLatency: number;
  readonly feedKind: "append" | "placeholder";
  readonly pageSize: number;
  time = 0;
  contentOffset = 0;
  contentLength = 0;
  targetContentOffset: number | null = null;
  isTracking = false;
  isDragging = false;
  isDecelerating = false;
  frameTimeRemaining = 0;
  averageBindTime = 0;
  itemCount = 0;
  hasMoreData = false;
  nextPageIndex = 0;
  pageRequestsOutstanding = 0;
  /** The offset at the end of the previous frame (at listDidLoad before the first). */
  lastFrameOffset = 0;
  visibleItems: number[] = [];
  /** The actions of the callback in progress. */
  actions: Action[] = [];

  /** Items side by side in one grid row (1 for a list or a waterfall). */
  readonly rowItems: number;
  private readonly initialPages: number;
  private readonly bottoms: number[];
  /** How rows are placed (docs/protocol.md, "heights"): gaps between rows, padding above. */
  private readonly layout: string;
  private readonly rowGap: number;
  private readonly paddingTop: number;
  private rowTop: number;
  private rowHeight = 0;
  private readonly tops: number[] = [];
  private readonly heights: number[] = [];
  private readonly columns: number[] = [];
  private tallest = 0;
  private readonly rows = new Map<number, number>();
  private readonly pages = new Map<number, number>();

  constructor(begin: any) {
    this.seed = begin.seed;
    this.viewportHeight = begin.viewportHeight;
    this.frameInterval = begin.frameInterval;
    this.networkLatency = begin.networkLatency;
    this.feedKind = begin.feedKind;
    this.pageSize = begin.pageSize;
    this.initialPages = begin.initialPages;
    this.layout = begin.layout ?? (begin.columns > 1 ? "waterfall" : "list");
    this.rowGap = begin.rowGap ?? 0;
    this.paddingTop = begin.paddingTop ?? 0;
    this.bottoms = new Array(begin.columns).fill(this.paddingTop);
    this.rowTop = this.paddingTop;
    this.rowItems = this.layout === "grid" ? begin.columns : 1;
  }

  /** A row's state bits as the copy holds them (CONTENT | REQUESTED | CACHED | RENDERED). */
  rowState(item: number): number {
    return this.rows.get(item) ?? 0;
  }

  /** Takes in an event message's facts and changes. */
  update(m: any): void {
    for (const key in m) if (FACTS.has(key)) (this as any)[key] = m[key];
    if (m.heights) {
      const bottoms = this.bottoms;
      const gap = this.rowGap;
      for (const [count, height] of m.heights as [number, number][]) {
        for (let n = 0; n < count; n++) {
          let column = 0;
          let top: number;
          if (this.layout === "grid") {
            column = this.tops.length % bottoms.length;
            if (column === 0 && this.tops.length > 0) {
              this.rowTop += this.rowHeight + gap;
              this.rowHeight = 0;
            }
            this.rowHeight = Math.max(this.rowHeight, height);
            top = this.rowTop;
          } else {
            for (let c = 1; c < bottoms.length; c++) if (bottoms[c] < bottoms[column]) column = c;
            top = bottoms[column] + (gap > 0 && bottoms[column] > this.paddingTop ? gap : 0);
            bottoms[column] = top + height;
          }
          this.tops.push(top);
          this.heights.push(height);
          this.columns.push(column);
          if (height > this.tallest) this.tallest = height;
        }
      }
    }
    if (m.rows) for (let i = 0; i < m.rows.length; i += 2) this.rows.set(m.rows[i], m.rows[i + 1]);
    if (m.pages) for (let i = 0; i < m.pages.length; i += 2) this.pages.set(m.pages[i], m.pages[i + 1]);
  }

  /** The row's frame, or undefined for a row not laid out yet. */
  frame(item: number): Frame | undefined {
    if (item < 0 || item >= this.tops.length) return undefined;
    const top = this.tops[item];
    const height = this.heights[item];
    return { column: this.columns[item], top, height, bottom: top + height };
  }

  /** Rows intersecting [lower, upper) in content coordinates, in index order. */
  items(lower: number, upper: number): number[] {
    const count = Math.min(this.itemCount, this.tops.length);
    if (count <= 0 || upper <= lower) return [];
    const first = this.firstIndex(count, (top) => top > lower - this.tallest);
    const end = this.firstIndex(count, (top) => top >= upper);
    const result: number[] = [];
    for (let i = first; i < end; i++) if (this.tops[i] + this.heights[i] > lower) result.push(i);
    return result;
  }

  itemsInViewportAt(offset: number): number[] {
    return this.items(offset, offset + this.viewportHeight);
  }

  private firstIndex(count: number, predicate: (top: number) => boolean): number {
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (predicate(this.tops[mid])) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  pageOf(item: number): number {
    return Math.floor(item / this.pageSize);
  }
  isPageLoaded(page: number): boolean {
    return page < this.initialPages || ((this.pages.get(page) ?? 0) & PAGE_LOADED) !== 0;
  }
  isPageRequested(page: number): boolean {
    return ((this.pages.get(page) ?? 0) & PAGE_REQUESTED) !== 0;
  }
  hasData(item: number): boolean {
    return this.feedKind === "append" ? item < this.itemCount : this.isPageLoaded(this.pageOf(item));
  }
  hasContent(item: number): boolean {
    return ((this.rows.get(item) ?? 0) & CONTENT) !== 0;
  }
  isCached(item: number): boolean {
    return ((this.rows.get(item) ?? 0) & CACHED) !== 0;
  }
  isContentRequested(item: number): boolean {
    return ((this.rows.get(item) ?? 0) & REQUESTED) !== 0;
  }
  isRendered(item: number): boolean {
    return ((this.rows.get(item) ?? 0) & RENDERED) !== 0;
  }
  needsContent(item: number): boolean {
    return !this.hasContent(item) && !this.isContentRequested(item);
  }

  requestPage(page: number): void {
    this.actions.push(["requestPage", page]);
    this.pages.set(page, (this.pages.get(page) ?? 0) | PAGE_REQUESTED);
    this.pageRequestsOutstanding += 1;
  }
  requestContent(item: number): void {
    this.actions.push(["requestContent", item]);
    const state = this.rows.get(item) ?? 0;
    if (!this.hasData(item)) this.rows.set(item, state | REQUESTED);
    else if ((state & CONTENT) === 0) this.rows.set(item, state | ((state & CACHED) !== 0 ? CONTENT : REQUESTED));
  }
  loadFromCache(item: number): boolean {
    this.actions.push(["loadFromCache", item]);
    const state = this.rows.get(item) ?? 0;
    if (item >= 0 && item < this.itemCount && this.hasData(item) && (state & CACHED) !== 0) {
      this.rows.set(item, state | CONTENT);
      return true;
    }
    return false;
  }
  cancelContent(item: number): void {
    this.actions.push(["cancelContent", item]);
    this.rows.set(item, (this.rows.get(item) ?? 0) & ~REQUESTED);
  }
  clearContent(item: number): void {
    this.actions.push(["clearContent", item]);
    this.rows.set(item, (this.rows.get(item) ?? 0) & ~(CONTENT | REQUESTED | RENDERED));
  }
  prepareRender(item: number): void {
    this.actions.push(["prepareRender", item]);
  }
  discardRender(item: number): void {
    this.actions.push(["discardRender", item]);
    this.rows.set(item, (this.rows.get(item) ?? 0) & ~RENDERED);
  }
  /** Calls `timerDidFire` once, `seconds` from now. */
  wakeUp(seconds: number): void {
    this.actions.push(["wakeUp", seconds]);
  }
  /** Requests the data (placeholder feed) and content the row is missing. */
  load(item: number, content = true): void {
    const page = this.pageOf(item);
    if (!this.isPageLoaded(page) && !this.isPageRequested(page)) this.requestPage(page);
    if (content && this.needsContent(item)) this.requestContent(item);
  }
}

/**
 * Extend, set the static `strategyName` (and `parameters`, `role`...), override the callbacks
 * you use. `this.params` holds the run's parameter values, `this.seed` its seed; a fresh
 * instance serves each run.
 */
export class Strategy {
  static strategyName = "my-strategy";
  static summary = "";
  static origin = "";
  static role: "pages" | "content" | "both" = "both";
  /** The built-in that decides the other half, for a one-role strategy. */
  static partner: string | null = null;
  static parameters: Parameter[] = [];
  /** e.g. { memory: "glide", bind: "synchronous", decode: "background" } */
  static platform: Record<string, string | boolean> = {};

  constructor(readonly params: Record<string, any>, readonly seed: number) {}

  listDidLoad(list: ListView): void {}
  didScroll(list: ListView): void {}
  willBeginDragging(list: ListView): void {}
  willEndDragging(list: ListView, velocity: number, targetContentOffset: number): void {}
  didEndDragging(list: ListView, willDecelerate: boolean): void {}
  didEndDecelerating(list: ListView): void {}
  willDisplay(list: ListView, item: number): void {}
  didEndDisplaying(list: ListView, item: number): void {}
  requestDidComplete(list: ListView, kind: "page" | "content", index: number): void {}
  requestDidFail(list: ListView, kind: "page" | "content", index: number): void {}
  timerDidFire(list: ListView): void {}
  frameDidFinish(list: ListView): void {}
  /**
   * Called after every callback: until when the frame callbacks would change nothing, or
   * undefined (the default: every frame is asked).
   */
  quiet(list: ListView): Quiet | undefined {
    return undefined;
  }
}

type StrategyClass = (new (params: Record<string, any>, seed: number) => Strategy) & typeof Strategy;

const EVENTS = [
  "listDidLoad", "didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "didEndDecelerating",
  "willDisplay", "didEndDisplaying", "requestDidComplete", "requestDidFail", "timerDidFire", "frameDidFinish",
] as const;

/** The handshake's answer for `type`: the callbacks it overrides are the ones it hears. */
export function describe(type: StrategyClass): Record<string, unknown> {
  const base = Strategy.prototype as any;
  const events = EVENTS.filter((event) => (type.prototype as any)[event] !== base[event]);
  const answer: Record<string, unknown> = {
    type: "strategy", protocol: PROTOCOL, name: type.strategyName, role: type.role,
    parameters: type.parameters, events,
  };
  if (type.summary) answer.summary = type.summary;
  if (type.origin) answer.origin = type.origin;
  if (type.partner) answer.partner = type.partner;
  if (Object.keys(type.platform).length > 0) answer.platform = type.platform;
  return answer;
}

/** A quiet as the protocol writes it: the facts with their values in `list`. */
function quietJSON(quiet: Quiet, list: ListView): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  if (quiet.offsetAbove !== undefined) json.offsetAbove = quiet.offsetAbove;
  if (quiet.offsetBelow !== undefined) json.offsetBelow = quiet.offsetBelow;
  if (quiet.direction) json.direction = quiet.direction;
  if (quiet.facts && quiet.facts.length > 0) {
    const facts: Record<string, unknown> = {};
    for (const fact of quiet.facts) facts[fact] = list[fact];
    json.facts = facts;
  }
  if (quiet.rows && quiet.rows.length > 0) json.rows = quiet.rows.flatMap(([item, mask]) => [item, mask, list.rowState(item) & mask]);
  return json;
}

/** Keeps one run between messages and answers each message. */
export class Session {
  private list?: ListView;
  private strategy?: Strategy;

  constructor(private readonly type: StrategyClass) {}

  handle(line: string): Record<string, unknown> {
    const m = JSON.parse(line);
    if (m.type === "event") {
      const list = this.list!;
      const strategy = this.strategy! as any;
      list.update(m);
      list.actions = [];
      switch (m.event) {
        case "willDisplay":
        case "didEndDisplaying":
          strategy[m.event](list, m.item);
          break;
        case "requestDidComplete":
        case "requestDidFail":
          strategy[m.event](list, m.kind, m.index);
          break;
        case "willEndDragging":
          strategy.willEndDragging(list, m.velocity, m.target);
          break;
        case "didEndDragging":
          strategy.didEndDragging(list, m.willDecelerate);
          break;
        default:
          strategy[m.event](list);
      }
      const quiet = strategy.quiet(list) as Quiet | undefined;
      return quiet === undefined ? { actions: list.actions } : { actions: list.actions, quiet: quietJSON(quiet, list) };
    }
    if (m.type === "begin") {
      this.list = new ListView(m);
      this.strategy = new this.type(m.parameters, m.seed);
      return { type: "ready" };
    }
    if (m.type === "hello") return describe(this.type);
    return { error: `unknown message type ${JSON.stringify(m.type)}` };
  }
}

/**
 * Serves `type` until scrollsim closes stdin. An exception in the strategy is reported to
 * scrollsim (which stops the run and shows it), with its stack on stderr.
 */
export function run(type: StrategyClass): void {
  const session = new Session(type);
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      let answer: Record<string, unknown>;
      try {
        answer = session.handle(line);
      } catch (error: any) {
        process.stderr.write(`${error?.stack ?? error}\n`);
        answer = { error: `${error?.name ?? "Error"}: ${error?.message ?? error}` };
      }
      process.stdout.write(JSON.stringify(answer) + "\n");
    }
  });
}
