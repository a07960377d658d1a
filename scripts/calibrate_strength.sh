#!/usr/bin/env bash
# Calibrates UCI_LimitStrength: for each level, Vazir at UCI_Elo L plays Stockfish 15.1 at
# UCI_Elo L (fastchess on PATH, not part of this repository). A level is right when the
# match is even; the Elo difference fastchess reports is how far the label is off
# (positive: Vazir's level is stronger than its label).
#
# Usage: scripts/calibrate_strength.sh <vazir binary> <games per level> <tc> <level>...
# Example: scripts/calibrate_strength.sh build/vazir 100 5+0.05 1400 1800 2200 2600
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
vazir=$1 games=$2 tc=$3
shift 3
command -v fastchess >/dev/null || { echo "fastchess not found on PATH" >&2; exit 2; }
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
book="$here/../../shared/data/openings/noob_3moves.epd"
[ -f "$book" ] || book="$here/../tests/data/openings/noob_3moves-sample.epd"
rounds=$(( (games + 1) / 2 ))
for level in "$@"; do
  echo "=== level $level: vazir UCI_Elo $level vs stockfish UCI_Elo $level, $games games at $tc"
  fastchess -engine cmd="$vazir" name="vazir-$level" option.UCI_LimitStrength=true "option.UCI_Elo=$level" \
    -engine cmd="$stockfish" name="stockfish-$level" option.UCI_LimitStrength=true "option.UCI_Elo=$level" option.Threads=1 \
    -each tc="$tc" option.Hash=16 -openings file="$book" format=epd order=random -repeat -games 2 -rounds "$rounds" \
    -concurrency 2 -recover -ratinginterval 10 | grep -E "^(Results|Elo|Games|Ptnml|Finished game .*(loses on time|illegal|crash|disconnect|stall))" || true
done
