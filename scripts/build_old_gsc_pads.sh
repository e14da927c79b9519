#!/usr/bin/env bash
# Build every Ganz schön clever pad an older printkit printed, for scripts/freeze_gsc_ink.py --from-builds:
# every paper, one or two sheets to a page, every language, with and without ink-saver, for no player count
# and for each (180 builds, a few seconds each).  Layout 1 was printed up to commit 84c5704.
#
#   scripts/build_old_gsc_pads.sh 84c5704 /tmp/layout1-builds
#   python scripts/freeze_gsc_ink.py --from-builds /tmp/layout1-builds
set -euo pipefail
commit=${1:?commit of the older printkit}
out=${2:?folder for the builds}
python=${PYTHON:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python}
tree=$(mktemp -d)/printkit-$commit
git -C "$(dirname "$0")/.." worktree add -q --detach "$tree" "$commit"
trap 'git -C "$(dirname "$0")/.." worktree remove --force "$tree"' EXIT
mkdir -p "$out"
for paper in a4 letter a3; do for per_page in 1 2; do for lang in en zh-TW de; do
  for ink in "" --ink-saver; do for players in none 1 2 3 4; do
    dir="$out/$paper-$per_page-$lang${ink:+-ink}-$players"
    [ -d "$dir" ] && continue
    for_players=(); [ "$players" != none ] && for_players=(--players "$players")
    (cd "$tree" && PYTHONPATH="$tree" "$python" -m printkit build ganz-schon-clever --paper "$paper" \
      --per-page "$per_page" --lang "$lang" $ink "${for_players[@]}" --count 1 --out "$dir" > /dev/null)
  done; done
done; done; done
