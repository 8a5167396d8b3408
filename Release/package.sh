#!/usr/bin/env bash
# Builds scrollsim as one release binary with the Swift standard library and Foundation linked
# statically (--static-swift-stdlib), so it runs on a Linux machine with no Swift toolchain, and
# packs it with its licences and a SHA-256 checksum:
#
#   dist/scrollsim-VERSION-linux-ARCH.tar.gz         scrollsim, LICENSE, THIRD-PARTY-LICENSES/, README
#   dist/scrollsim-VERSION-linux-ARCH.tar.gz.sha256  `sha256sum -c` checks it
#
# Usage: Release/package.sh [OUT_DIR]   (default dist/). Prints the archive's path last.
# The archive is reproducible for a given binary: sorted names, fixed times and owners, gzip -n.
# It needs only glibc, libstdc++ and libgcc_s at run time (what `ldd` lists; .ci/run checks it).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist}"
scratch=.build/static   # beside the dynamic build, so neither rebuilds the other

swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product scrollsim >&2
binary="$scratch/release/scrollsim"
version="$("$binary" --version)"
name="scrollsim-$version-linux-$(uname -m)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/THIRD-PARTY-LICENSES" "$out"

strip -o "$stage/$name/scrollsim" "$binary"
cp LICENSE "$stage/$name/LICENSE"
# Linked into the binary: the Swift runtime, standard library, Foundation (with its ICU data,
# swift-foundation-icu) and Dispatch under the toolchain's licence; swift-argument-parser under
# its own. Both are Apache 2.0 with the Runtime Library Exception.
toolchain_licence="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
cp "$toolchain_licence" "$stage/$name/THIRD-PARTY-LICENSES/swift.txt"
parser=".build/checkouts/swift-argument-parser/LICENSE.txt"
[ -f "$parser" ] || parser="$scratch/checkouts/swift-argument-parser/LICENSE.txt"
cp "$parser" "$stage/$name/THIRD-PARTY-LICENSES/swift-argument-parser.txt"
cat > "$stage/$name/README" <<TEXT
scrollsim $version for Linux $(uname -m): a wind tunnel for list prefetching.

  ./scrollsim compare            every strategy on the built-in scenario
  ./scrollsim --help             the commands; docs: the repository's README and docs/

One static binary: it needs no Swift toolchain (only glibc, libstdc++ and libgcc_s).
Check the download with: sha256sum -c $name.tar.gz.sha256
Licence: LICENSE (Apache 2.0); linked components: THIRD-PARTY-LICENSES/.
TEXT

archive="$out/$name.tar.gz"
touch -d @0 "$stage/$name" "$stage/$name"/* "$stage/$name"/THIRD-PARTY-LICENSES/*
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$stage" -cf - "$name" | gzip -n -9 > "$archive.tmp"
mv "$archive.tmp" "$archive"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$archive"
