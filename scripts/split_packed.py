#!/usr/bin/env python3
"""Splits a binary training file (tools/datagen/packed.h) at a game boundary: the first
share of its records (rounded up to the end of a game) to one file, the rest to another,
so that held-out positions come from games never trained on.

Usage: python3 scripts/split_packed.py <in.bin> <train.bin> <valid.bin> [train share, default 0.95]
"""
import os
import struct
import sys


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    src, train, valid = sys.argv[1:4]
    share = float(sys.argv[4]) if len(sys.argv) == 5 else 0.95
    data = open(src, "rb").read()
    n = len(data) // 32
    i = int(n * share)
    while i < n and struct.unpack_from("<Q", data, i * 32)[0] != 0:  # a game marker has no pieces
        i += 1
    cut = min(n, i + 1) * 32
    open(train, "wb").write(data[:cut])
    open(valid, "wb").write(data[cut:n * 32])
    print(f"{n} records: {cut // 32} to {train}, {n - cut // 32} to {valid}")


if __name__ == "__main__":
    main()
