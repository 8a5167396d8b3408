#!/usr/bin/env python3
"""The code `scrollsim tune` prints parses in its language (docs/tuning.md, "The answer as code").

For every stack and the settings that take each branch of its printer (no preloader, each image
library, a threshold set or not), `tune --code-only --from ...` prints the code, which is checked
by the language's own tools: Kotlin by kotlinc against the libraries' signatures
(.ci/tune-code/android.kt), TSX by tsc --strict against the props FlatList and FlashList declare
(.ci/tune-code/lists.tsx), Swift by swiftc -parse, JavaScript by node --check. Dart is shown, not
parsed (no Dart toolchain here). Each stack's per-class answer (`--code-only --from-class`) is
checked the same way, with stand-ins for the APIs that give the phone's RAM. kotlin and node-typescript are installed if missing.

Usage: .ci/tune-code.py BIN
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

VARIANTS = {
    "android": ["", "maxPreload=0", "prefetchDistance=37,initialLoadSize=100,viewCache=4,maxPreload=6"],
    "ios": ["", "loader=kingfisher", "loader=nuke,concurrency=4", "loader=unlimited", "remain=8,concurrency=6"],
    "texture": ["", "leadingScreens=3,preloadLeading=4,displayLeading=1.5"],
    "flutter": ["", "cacheExtent=1500,invisibleItemsThreshold=10"],
    "react-native": ["", "windowSize=7,maxToRenderPerBatch=5,onEndReachedThreshold=0.5"],
    "flashlist": ["", "drawDistance=900,onEndReachedThreshold=2"],
    "web": ["", "intersection-observer.rootMargin=1200,sentinel.rootMargin=800"],
}


# The per-class answer (tune across a mix of phones): the same settings, each under a branch
# on the phone's RAM through the platform's API; a variant is a list of class:setting.
CLASS_VARIANTS = {
    "android": [["low-end:maxPreload=0,viewCache=0", "high:prefetchDistance=60,maxPreload=20"]],
    "ios": [["low-end:loader=nuke,concurrency=2", "mid:", "high:remain=8,concurrency=6"]],
    "texture": [["low-end:leadingScreens=1", "high:leadingScreens=3,preloadLeading=4"]],
    "flutter": [["low-end:cacheExtent=250", "high:cacheExtent=4000,invisibleItemsThreshold=10"]],
    "react-native": [["low-end:windowSize=5", "mid:", "high:windowSize=31"]],
    "flashlist": [["low-end:drawDistance=250", "high:drawDistance=2000"]],
    "web": [["low-end:intersection-observer.rootMargin=0", "high:intersection-observer.rootMargin=2000"]],
}


def code(binary, stack, setting):
    if isinstance(setting, list):
        command = [binary, "tune", "--stack", stack, "--code-only"] + [word for item in setting for word in ("--from-class", item)]
    else:
        command = [binary, "tune", "--stack", stack, "--code-only"] + (["--from", setting] if setting else [])
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def ensure(tool, package):
    if shutil.which(tool):
        return
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
                   stdout=subprocess.DEVNULL)


def main():
    binary = sys.argv[1]
    snippets = {stack: [code(binary, stack, setting) for setting in settings + CLASS_VARIANTS[stack]]
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

        for index, snippet in enumerate(snippets["web"]):
            path = os.path.join(folder, f"tuned{index}.js")
            open(path, "w").write(snippet)
            subprocess.run(["node", "--check", path], check=True)
        print(f"node --check: {len(snippets['web'])} web settings parse")
        print(f"dart: {len(snippets['flutter'])} Flutter settings shown, not parsed (no Dart toolchain here)")


if __name__ == "__main__":
    main()
