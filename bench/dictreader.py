#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""dictreader.py - the Python baseline of bench/import: reads a profiler CSV
with csv.DictReader into one dict per kernel and prints how many.

Lines before the header (==PROF== banners) are passed over: the header is the
first line that starts with a quote or a letter and holds a comma.
  raw page (a units row under the header): one dict per row, the units row skipped;
  details page ("Metric Name" column): one dict per kernel, {metric: value} plus
    the launch columns, built from the kernel's metric rows;
  anything else (rocprof): one dict per row.

usage: dictreader.py FILE
"""
import csv
import sys


def main(path):
    with open(path, newline="", encoding="utf-8") as f:
        for line in f:
            if not line.startswith("==") and "," in line:
                break
        header = next(csv.reader([line]))
        rows = csv.DictReader(f, fieldnames=header)
        kernels = []
        if "Metric Name" in header:
            cur, cur_id = None, None
            for r in rows:
                if r["ID"] != cur_id:
                    cur_id = r["ID"]
                    cur = {k: r[k] for k in header[:11]}
                    kernels.append(cur)
                if r["Metric Name"]:
                    cur[r["Metric Name"]] = r["Metric Value"]
        elif "gpu__time_duration.sum" in header or "launch__grid_size" in header:
            next(rows)  # the units row
            kernels = [r for r in rows if not r["ID"].startswith("==")]
        else:
            kernels = list(rows)
    print(len(kernels))


if __name__ == "__main__":
    main(sys.argv[1])
