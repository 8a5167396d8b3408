#!/usr/bin/env bash
# The action's first step (action.yml): the base commit checked out beside the workspace, and
# scrollsim for each side — built from source on both commits, or one packed binary for both,
# its checksum checked. Outputs (GITHUB_OUTPUT): head, base (the two binaries).
set -euo pipefail
work="$RUNNER_TEMP/scrollsim"
rm -rf "$work/base" "$work/results"
mkdir -p "$work/results"
[ -n "${SCROLLSIM_BASE:-}" ] || { echo "::error title=scrollsim::no base commit: run on pull_request, or give the input base"; exit 64; }
git worktree prune
git worktree add --detach "$work/base" "$SCROLLSIM_BASE" > /dev/null
echo "base commit $(git -C "$work/base" rev-parse --short HEAD) in $work/base"

if [ "$SCROLLSIM_INSTALL" = source ]; then
  swift build -c release --package-path "$SCROLLSIM_PACKAGE_PATH" --product "$SCROLLSIM_PRODUCT"
  head="$(swift build -c release --package-path "$SCROLLSIM_PACKAGE_PATH" --show-bin-path)/$SCROLLSIM_PRODUCT"
  base_package="$work/base/$SCROLLSIM_PACKAGE_PATH"
  swift build -c release --package-path "$base_package" --scratch-path "$work/base-build" --product "$SCROLLSIM_PRODUCT"
  base="$(swift build -c release --package-path "$base_package" --scratch-path "$work/base-build" --show-bin-path)/$SCROLLSIM_PRODUCT"
else
  download="$work/download"
  rm -rf "$download" && mkdir -p "$download"
  archive="$download/$(basename "$SCROLLSIM_INSTALL")"
  case "$SCROLLSIM_INSTALL" in
    http://* | https://*)
      curl -fsSL -o "$archive" "$SCROLLSIM_INSTALL"
      curl -fsSL -o "$archive.sha256" "$SCROLLSIM_INSTALL.sha256"
      ;;
    *)
      cp "$SCROLLSIM_INSTALL" "$archive"
      cp "$SCROLLSIM_INSTALL.sha256" "$archive.sha256"
      ;;
  esac
  (cd "$download" && sha256sum -c "$(basename "$archive").sha256")
  tar -xzf "$archive" -C "$download"
  head="$(find "$download" -mindepth 2 -maxdepth 2 -name scrollsim -type f)"
  base="$head"
fi
"$head" --version > /dev/null
echo "scrollsim $("$head" --version): $head"
echo "$(dirname "$head")" >> "$GITHUB_PATH"
{ echo "head=$head"; echo "base=$base"; } >> "$GITHUB_OUTPUT"
