#!/usr/bin/env bash
# Plays an engine-vs-engine match with fastchess (must be on PATH; it is not part of
# this repository). Openings from ../shared/data/openings when it is there (else the
# sample in tests/data), each played with both colours.
#
# Usage: scripts/match.sh <engine-a cmd> <engine-b spec> <games> <tc> [extra fastchess args]
#   engine-b spec is one of: sf<ELO> (Stockfish with UCI_LimitStrength), stockfish,
#   fairy (Fairy-Stockfish), glaurung, toga2, ethereal, or a path to a UCI binary.
# Example: scripts/match.sh build/vazir sf2000 200 10+0.1
# CONCURRENCY (default 2) sets how many games run at once, e.g. 1 beside datagen.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
a=$1 b=$2 games=$3 tc=$4
shift 4
command -v fastchess >/dev/null || { echo "fastchess not found on PATH" >&2; exit 2; }
book="$here/../../shared/data/openings/noob_3moves.epd"
[ -f "$book" ] || book="$here/../tests/data/openings/noob_3moves-sample.epd"
case "$b" in
  sf[0-9]*) bargs=(cmd=/usr/games/stockfish name=stockfish-${b#sf} option.UCI_LimitStrength=true "option.UCI_Elo=${b#sf}" option.Threads=1 option.Hash=16) ;;
  stockfish) bargs=(cmd=/usr/games/stockfish name=stockfish option.Threads=1 option.Hash=16) ;;
  fairy) bargs=(cmd=/usr/games/fairy-stockfish name=fairy-stockfish option.Threads=1 option.Hash=16) ;;
  glaurung) bargs=(cmd=/usr/games/glaurung name=glaurung option.Threads=1 option.Hash=16) ;;
  toga2) bargs=(cmd=/usr/games/toga2 name=toga2 option.Hash=16) ;;
  ethereal) bargs=(cmd=/usr/games/ethereal-chess name=ethereal option.Threads=1 option.Hash=16) ;;
  *) bargs=(cmd="$b" name="$(basename "$b")" option.Hash=16) ;;
esac
rounds=$(( (games + 1) / 2 ))
exec fastchess -engine cmd="$a" name=vazir option.Hash=16 -engine "${bargs[@]}" \
  -each tc="$tc" -openings file="$book" format=epd order=random -repeat -games 2 -rounds "$rounds" \
  -concurrency "${CONCURRENCY:-2}" -recover -ratinginterval 20 "$@"
