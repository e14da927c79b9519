#!/usr/bin/env bash
# Build every Ganz schön clever pad an older printkit printed, for scripts/freeze_gsc_ink.py --from-builds:
# every paper, one or two sheets to a page, every language, with and without ink-saver, for no player count
# and for each (180 builds, a few seconds each).  Layout 1 was printed up to commit 84c5704.  A build that
# stopped half-way is made again on the next run; finished ones are kept.
#
#   scripts/build_old_gsc_pads.sh 84c5704 /tmp/layout1-builds
#   python scripts/freeze_gsc_ink.py --from-builds /tmp/layout1-builds
set -euo pipefail
commit=${1:?commit of the older printkit}
out=${2:?folder for the builds}
repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-$repo/.venv/bin/python}
scratch=$(mktemp -d)
tree=$scratch/printkit-$commit
git -C "$repo" worktree add -q --detach "$tree" "$commit"
trap 'git -C "$repo" worktree remove --force "$tree"; rm -rf "$scratch"' EXIT
mkdir -p "$out"
for paper in a4 letter a3; do for per_page in 1 2; do for lang in en zh-TW de; do
  for ink in "" --ink-saver; do for players in none 1 2 3 4; do
    dir="$out/$paper-$per_page-$lang${ink:+-ink}-$players"
    [ -d "$dir" ] && continue
    options=(--paper "$paper" --per-page "$per_page" --lang "$lang" --count 1)
    [ -n "$ink" ] && options+=("$ink")
    [ "$players" != none ] && options+=(--players "$players")
    rm -rf "$dir.part"
    (cd "$tree" && PYTHONPATH="$tree" "$python" -m printkit build ganz-schon-clever "${options[@]}" \
      --out "$dir.part" > /dev/null)
    mv "$dir.part" "$dir"
  done; done
done; done; done
