#!/usr/bin/env python3
"""Splits a game file (.vzg, tools/datagen/games.h) into parts of whole games, or joins
parts back, so that a long datagen run can be committed in files under the repository's
5 MB limit once compressed.

Each part is a valid .vzg of its own (the 12-byte file header, then its games in the
original order). Joining keeps the first part's header and appends the games of the rest,
so `join` of the parts of a file gives that file back byte for byte.

Usage:
    python3 scripts/split_vzg.py split <in.vzg> <parts> <out prefix>   # writes <prefix>-1.vzg ...
    python3 scripts/split_vzg.py join <out.vzg> <part.vzg> [<part.vzg> ...]
"""
import struct
import sys

FILE_HEADER = 12     # magic "VZGAMES\\xff" and uint32 version
GAME_HEADER = 13     # uint64 id, uint8 result, uint16 positions, uint16 plies
START_RECORD = 32    # the first position, as a 32-byte record
MAGIC = b"VZGAMES\xff"


def game_offsets(data, name):
    """The byte offset where each game starts, and the end of the last one."""
    if data[:8] != MAGIC or len(data) < FILE_HEADER:
        sys.exit(f"{name}: not a game file (no VZGAMES header)")
    offsets, at = [], FILE_HEADER
    while at < len(data):
        if at + GAME_HEADER > len(data):
            sys.exit(f"{name}: ends inside a game header at byte {at}")
        positions = struct.unpack_from("<H", data, at + 9)[0]
        size = GAME_HEADER + (START_RECORD + 4 * positions if positions else 0)
        if at + size > len(data):
            sys.exit(f"{name}: ends inside the game at byte {at}")
        offsets.append(at)
        at += size
    return offsets, at


def split(src, parts, prefix):
    data = open(src, "rb").read()
    offsets, end = game_offsets(data, src)
    if not 1 <= parts <= len(offsets):
        sys.exit(f"{src}: {len(offsets)} games cannot make {parts} parts")
    first = [len(offsets) * k // parts for k in range(parts + 1)]  # each part's first game
    bounds = [offsets[i] for i in first[:-1]] + [end]
    for k in range(parts):
        out = f"{prefix}-{k + 1}.vzg"
        with open(out, "wb") as f:
            f.write(data[:FILE_HEADER] + data[bounds[k]:bounds[k + 1]])
        print(f"{out}: {first[k + 1] - first[k]} games, {FILE_HEADER + bounds[k + 1] - bounds[k]} bytes")


def join(dst, srcs):
    with open(dst, "wb") as f:
        for i, src in enumerate(srcs):
            data = open(src, "rb").read()
            _, end = game_offsets(data, src)
            if i and data[:FILE_HEADER] != header:
                sys.exit(f"{src}: its header differs from {srcs[0]}'s")
            header = data[:FILE_HEADER]
            f.write(data[:end] if i == 0 else data[FILE_HEADER:end])
    print(f"{dst}: {len(srcs)} parts joined")


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "split":
        split(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) >= 4 and sys.argv[1] == "join":
        join(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
