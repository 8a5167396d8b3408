#!/usr/bin/env python3
"""The code `scrollsim tune` prints parses in its language (docs/tuning.md, "The answer as code").

For every stack and the settings that take each branch of its printer (no preloader, each image
library, a threshold set or not), `tune --code-only --from ...` prints the code, which is checked
by the language's own tools: Kotlin by kotlinc against the libraries' signatures
(.ci/tune-code/android.kt; Compose's, Paging Compose's and Coil's in .ci/tune-code/compose.kt), TSX by tsc --strict against the props FlatList and FlashList declare
(.ci/tune-code/lists.tsx) and the web virtualizers' APIs (.ci/tune-code/virtualizers.tsx), Swift by swiftc -parse, JavaScript by node --check. Dart is shown, not
parsed (no Dart toolchain here). The code for a grid and a waterfall (`--set list.layout=…`:
numColumns, layout managers, flow layouts, gaps and padding) is checked too. Each stack's
per-class answer (`--code-only --from-class`) is checked the same way, with stand-ins for the APIs that give the phone's platform and RAM; and a
mix of Android and iPhone classes is routed for real: the TSX and JavaScript per-class code runs
in node with each class's platform and reported RAM (as the code's first comment states them),
and each must get its own class's setting. kotlin and node-typescript are installed if missing.

Usage: .ci/tune-code.py BIN
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

VARIANTS = {
    "android": ["", "maxPreload=0", "prefetchDistance=37,initialLoadSize=100,viewCache=4,maxPreload=6"],
    "compose": ["", "ahead=600,prefetchDistance=40", "cacheWindow=fraction,ahead=0.5,behind=0.25,memoryCachePercent=0.3",
                "ahead=300,behind=150,nonScrollCaching=false", "cacheWindow=legacy"],
    "ios": ["", "loader=kingfisher", "loader=nuke,concurrency=4", "loader=unlimited", "remain=8,concurrency=6"],
    "texture": ["", "leadingScreens=3,preloadLeading=4,displayLeading=1.5"],
    "flutter": ["", "cacheExtent=1500,invisibleItemsThreshold=10"],
    "react-native": ["", "windowSize=7,maxToRenderPerBatch=5,onEndReachedThreshold=0.5"],
    "flashlist": ["", "drawDistance=900,onEndReachedThreshold=2"],
    "web": ["", "intersection-observer.rootMargin=1200,sentinel.rootMargin=800"],
    "tanstack-virtual": ["", "overscan=5,estimateSize=320"],
    "react-window": ["", "overscanCount=8,threshold=30,minimumBatchSize=20,defaultRowHeight=300"],
    "virtuoso": ["", "overscan=800,increaseViewportBy=400", "defaultItemHeight=280"],
}


# The per-class answer (tune across a mix of phones): the same settings, each under a branch
# on the phone's RAM through the platform's API; a variant is a list of class:setting.
CLASS_VARIANTS = {
    "android": [["low-end:maxPreload=0,viewCache=0", "high:prefetchDistance=60,maxPreload=20"]],
    "compose": [["low-end:ahead=-1,memoryCachePercent=0.1", "high:ahead=1200,prefetchDistance=60"]],
    "ios": [["low-end:loader=nuke,concurrency=2", "mid:", "high:remain=8,concurrency=6"]],
    "texture": [["low-end:leadingScreens=1", "high:leadingScreens=3,preloadLeading=4"]],
    "flutter": [["low-end:cacheExtent=250", "high:cacheExtent=4000,invisibleItemsThreshold=10"]],
    "react-native": [["low-end:windowSize=5", "mid:", "high:windowSize=31"]],
    "flashlist": [["low-end:drawDistance=250", "high:drawDistance=2000"]],
    "web": [["low-end:intersection-observer.rootMargin=0", "high:intersection-observer.rootMargin=2000"]],
    "tanstack-virtual": [["low-end:overscan=1", "high:overscan=8"]],
    "react-window": [["low-end:overscanCount=1", "high:overscanCount=12,threshold=40"]],
    "virtuoso": [["low-end:overscan=0", "high:overscan=1200,increaseViewportBy=600"]],
}

# Both platforms in one population: each class a setting of its own, so that the branch a phone
# takes shows in what it gets.
MIXED = ["android-2gb", "android-4gb", "android-8gb", "iphone-4gb", "iphone-6gb"]
ROUTED = {"flashlist": "drawDistance", "react-native": "windowSize", "web": "intersection-observer.rootMargin"}
for stack in CLASS_VARIANTS:
    knob = ROUTED.get(stack) or {"android": "maxPreload", "compose": "ahead", "ios": "remain", "texture": "leadingScreens",
                                 "flutter": "cacheExtent", "tanstack-virtual": "overscan", "react-window": "overscanCount",
                                 "virtuoso": "overscan"}[stack]
    CLASS_VARIANTS[stack].append([f"{name}:{knob}={index + 1}" for index, name in enumerate(MIXED)])


# Lists teams build (docs/scenario.md, list.layout): the code carries the layout the scenario
# assumed (a grid's numColumns, its gaps and padding; a waterfall's).
LAYOUTS = [
    ["list.layout=\"grid\"", "list.columns=2", "list.itemHeight=290", "list.itemWidth=172", "list.rowGap=8",
     "list.columnGap=8", "list.padding=8"],
    ["list.columns=3", "list.rowGap=4", "list.columnGap=4", "list.padding={\"left\":12,\"right\":12}"],
]


def code(binary, stack, setting, layout=()):
    if isinstance(setting, list):
        command = [binary, "tune", "--stack", stack, "--code-only"] + [word for item in setting for word in ("--from-class", item)]
    else:
        command = [binary, "tune", "--stack", stack, "--code-only"] + (["--from", setting] if setting else [])
    command += [word for item in layout for word in ("--set", item)]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def reported(snippet):
    """The classes, platforms and reported RAM the code's first comment states."""
    head = snippet.split("\n", 1)[0].split("reports it: ", 1)[1].rstrip(";")
    classes = []
    for item in head.split(", "):
        words = item.split(" ")
        platform = words[1].strip("()").lower() if len(words) == 4 else None
        classes.append((words[0], platform, float(words[-2])))
    return classes


ROUTER = r"""
const ts = require("typescript");
const [source, kind, cases] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])];
const code = require("fs").readFileSync(source, "utf8");
const got = {};
if (kind === "tsx") {
  const js = ts.transpileModule("function route(Platform, DeviceInfo) { return (\n" + code + "); }",
    {compilerOptions: {jsx: ts.JsxEmit.React, target: ts.ScriptTarget.ES2020}}).outputText;
  const route = new Function("React", "items", "renderItem", "loadNextPage", "FlatList", "FlashList",
    js + "; return route;")({createElement: (type, props) => props}, [], null, null, "FlatList", "FlashList");
  for (const [name, os, mb] of cases) got[name] = route({OS: os}, {getTotalMemorySync: () => mb * 1048576});
} else {
  const route = new Function("navigator", "IntersectionObserver", "document", "loadImages", "loadNextPage", code);
  for (const [name, os, deviceMemory] of cases) {
    const margins = [];
    class Observer { constructor(callback, options) { margins.push(options.rootMargin); } observe() {} }
    const userAgent = os === "ios" ? "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" : "Mozilla/5.0 (Linux; Android 14)";
    route({userAgent, deviceMemory}, Observer, {querySelectorAll: () => [], querySelector: () => ({})}, null, null);
    got[name] = {rootMargin: margins[0]};
  }
}
console.log(JSON.stringify(got));
"""


def device_memory(mb):
    """navigator.deviceMemory in Chromium: the nearest power of two in GiB (lower on a tie), 0.25-8."""
    mb, lower = max(1, int(mb)), 1
    while lower * 2 <= mb:
        lower *= 2
    nearest = lower if mb - lower <= lower * 2 - mb else lower * 2
    return min(max(nearest / 1024, 0.25), 8)


def check_routing(binary, folder):
    """Each class of an Android-and-iPhone mix, run through the printed code on its platform and
    reported RAM, gets its own setting (on the web an iPhone gets the least RAM's iPhone class, as
    its comment says: no iOS browser reads RAM)."""
    env = dict(os.environ, NODE_PATH="/usr/share/nodejs:/usr/lib/nodejs")
    router = os.path.join(folder, "router.js")
    open(router, "w").write(ROUTER)
    for stack, knob in ROUTED.items():
        setting = [f"{name}:{knob}={index + 1}" for index, name in enumerate(MIXED)]
        snippet = code(binary, stack, setting)
        classes = reported(snippet)
        source = os.path.join(folder, f"routed-{stack}.code")
        open(source, "w").write(snippet)
        kind = "js" if stack == "web" else "tsx"
        cases = [[name, platform, device_memory(mb) if kind == "js" else mb] for name, platform, mb in classes]
        got = json.loads(subprocess.run(["node", router, source, kind, json.dumps(cases)], check=True,
                                        capture_output=True, text=True, env=env).stdout)
        ios = sorted((mb, name) for name, platform, mb in classes if platform == "ios")
        for name, platform, mb in classes:
            wanted = MIXED.index(name) + 1
            if kind == "js" and platform == "ios":
                wanted = MIXED.index(ios[0][1]) + 1
            prop = got[name].get(knob.split(".")[-1])
            value = float(str(prop).replace("px 0px", "")) if prop is not None else None
            if value != wanted:
                sys.exit(f"{stack}: {name} ({platform}, {mb} MB) got {knob}={prop}, not its own {wanted}\n{snippet}")
        print(f"{stack}: each of {len(classes)} classes on Android and iOS takes its own branch in node")


def ensure(tool, package):
    if shutil.which(tool):
        return
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
                   stdout=subprocess.DEVNULL)


def main():
    binary = sys.argv[1]
    snippets = {stack: [code(binary, stack, setting) for setting in settings + CLASS_VARIANTS[stack]]
                + [code(binary, stack, settings[-1], layout) for layout in LAYOUTS]
                + [code(binary, stack, CLASS_VARIANTS[stack][-1], LAYOUTS[0])]
                for stack, settings in VARIANTS.items()}
    ensure("kotlinc", "kotlin")
    ensure("tsc", "node-typescript")
    with tempfile.TemporaryDirectory() as folder:
        kotlin = open(os.path.join(HERE, "tune-code", "android.kt")).read()
        for index, snippet in enumerate(snippets["android"]):
            kotlin += (f"\nfun configure{index}(context: Context, recyclerView: RecyclerView, fragment: Fragment, "
                       "preloadModelProvider: PreloadModelProvider<String>, preloadSizeProvider: PreloadSizeProvider<String>, "
                       "feedAdapter: PagingDataAdapter<String>, feedPagingSource: () -> PagingSource<Int, String>) {\n"
                       + snippet + "}\n")
        path = os.path.join(folder, "Tuned.kt")
        open(path, "w").write(kotlin)
        subprocess.run(["kotlinc", "-nowarn", path, "-d", os.path.join(folder, "kotlin-out")], check=True)
        print(f"kotlin: {len(snippets['android'])} android settings compile against the libraries' signatures")

        kotlin = open(os.path.join(HERE, "tune-code", "android.kt")).read() + open(os.path.join(HERE, "tune-code", "compose.kt")).read()
        for index, snippet in enumerate(snippets["compose"]):
            kotlin += (f"\nfun ComponentActivity.compose{index}(context: Context, feedPagingSource: () -> PagingSource<Int, FeedItem>) {{\n"
                       + snippet + "}\n")
        path = os.path.join(folder, "TunedCompose.kt")
        open(path, "w").write(kotlin)
        subprocess.run(["kotlinc", "-nowarn", path, "-d", os.path.join(folder, "compose-out")], check=True)
        print(f"kotlin: {len(snippets['compose'])} compose settings compile against Compose's, Paging Compose's and Coil's signatures")

        tsx = open(os.path.join(HERE, "tune-code", "lists.tsx")).read()
        for index, snippet in enumerate(snippets["react-native"] + snippets["flashlist"]):
            tsx += f"\nexport const list{index} = (\n{snippet});\n"
        path = os.path.join(folder, "tuned.tsx")
        open(path, "w").write(tsx)
        subprocess.run(["tsc", "--noEmit", "--strict", "--jsx", "preserve", path], check=True)
        print(f"tsc: {len(snippets['react-native']) + len(snippets['flashlist'])} FlatList and FlashList settings type-check")

        swift = "".join(f"func configure{index}() {{\n{snippet}}}\n"
                        for index, snippet in enumerate(snippets["ios"] + snippets["texture"]))
        path = os.path.join(folder, "Tuned.swift")
        open(path, "w").write(swift)
        swiftc = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift") or "/opt/swift/usr/bin/swift")), "swiftc")
        subprocess.run([swiftc if os.path.exists(swiftc) else "swiftc", "-parse", path], check=True)
        print(f"swiftc -parse: {len(snippets['ios']) + len(snippets['texture'])} iOS and Texture settings parse")

        web = ["tanstack-virtual", "react-window", "virtuoso"]
        tsx = open(os.path.join(HERE, "tune-code", "virtualizers.tsx")).read()
        count = 0
        for stack in web:
            for snippet in snippets[stack]:
                # One setting is a component's body; per class, the component of each class.
                body = snippet + ("\n  return FeedList;" if "const FeedList" in snippet else "\n  return list;")
                tsx += f"\nexport function Feed{count}() {{\n{body}\n}}\n"
                count += 1
        path = os.path.join(folder, "virtualizers.tsx")
        open(path, "w").write(tsx)
        subprocess.run(["tsc", "--noEmit", "--strict", "--jsx", "preserve", "--target", "es2017", path], check=True)
        print(f"tsc: {count} TanStack Virtual, react-window and react-virtuoso settings type-check")

        for index, snippet in enumerate(snippets["web"]):
            path = os.path.join(folder, f"tuned{index}.js")
            open(path, "w").write(snippet)
            subprocess.run(["node", "--check", path], check=True)
        print(f"node --check: {len(snippets['web'])} web settings parse")
        print(f"dart: {len(snippets['flutter'])} Flutter settings shown, not parsed (no Dart toolchain here)")
        check_routing(binary, folder)


if __name__ == "__main__":
    main()
