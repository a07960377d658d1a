#!/usr/bin/env bash
# How large the net's centipawns are next to the hand-crafted evaluation's, on the same
# positions. The search's margins (razoring, futility, probcut, ...) were set for the
# hand-crafted scale; a net exported at another scale moves them all at once, so this is
# the first number to look at before retuning them.
#
# Runs `eval` (which prints both scores, side to move's view) on every position of a FEN
# file (the first field up to '|' or ';' on each line: EPD, datagen text and plain FEN
# lines all work) and prints, over positions where both scores are within +-1000:
# root-mean-square and mean absolute values, their ratios, the least-squares slope of
# net on hand-crafted and the correlation; then, over every position read, the ratio at
# a few quantiles of |score|. A FEN the engine refuses leaves its previous position in
# place, so give it legal positions (every source above is).
#
# Usage: scripts/eval_scale.sh <vazir binary> <fen file> [max positions, default 4000]
# Example (the shared self-play text, every 97th line):
#   xz -dc ../shared/data/selfplay/vazir-12bbece-s101.txt.xz | awk 'NR % 97 == 0' > /tmp/fens.txt
#   scripts/eval_scale.sh build/vazir /tmp/fens.txt
set -euo pipefail
engine=$1 fens=$2 max=${3:-4000}
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
head -n "$max" "$fens" | sed 's/[|;].*//; s/ *$//' | grep -v '^$' |
  awk '{ print "position fen " $0; print "eval" } END { print "quit" }' |
  "$engine" |
  awk '/^evaluation:/ { hce = $5 } /^NNUE evaluation:/ { if (hce != "") print hce, $3; hce = "" }' > "$pairs"
[ -s "$pairs" ] || { echo "no 'NNUE evaluation' lines: is a net loaded (EvalFile)?" >&2; exit 1; }

awk '{ h = $1; n = $2
       if (h > -1000 && h < 1000 && n > -1000 && n < 1000) {
         c++; hh += h * h; nn += n * n; hn += h * n; ah += (h < 0 ? -h : h); an += (n < 0 ? -n : n) } }
     END { if (c == 0) { print "no position within +-1000 on both scales"; exit 1 }
           printf "%d positions within +-1000 (of %d read)\n", c, NR
           printf "rms:         hand-crafted %4.0f  net %4.0f  ratio %.3f\n", sqrt(hh / c), sqrt(nn / c), sqrt(nn / hh)
           printf "mean |score|: hand-crafted %4.0f  net %4.0f  ratio %.3f\n", ah / c, an / c, an / ah
           printf "slope of net on hand-crafted %.3f, correlation %.3f\n", hn / hh, hn / sqrt(hh * nn) }' "$pairs"

quantile() {  # column, percent: that quantile of |score| in the column
  awk -v col="$1" '{ v = $col; print (v < 0 ? -v : v) }' "$pairs" | sort -n |
    awk -v p="$2" '{ a[NR] = $1 } END { i = int(NR * p / 100); if (i < 1) i = 1; print a[i] }'
}
for p in 25 50 75 90; do
  h=$(quantile 1 "$p") n=$(quantile 2 "$p")
  awk -v p="$p" -v h="$h" -v n="$n" 'BEGIN { printf "|score| at %d%%: hand-crafted %4d  net %4d  ratio %s\n", p, h, n, (h > 0 ? sprintf("%.2f", n / h) : "-") }'
done
