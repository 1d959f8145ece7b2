#!/usr/bin/env python3
"""Scan a collection on Ray: one `gamepak scan --shard I/N` task per shard, then
one merged report.

Each task runs the gamepak binary on its shard of the paths and hands back its
report's lines; the shards are disjoint and together make the whole, so the
merged report holds every file once. The summary line is counted again from the
merged records, as `gamepak scan` counts it.

    python3 examples/scan_ray.py --shards 8 -o report.jsonl /data/games

On one machine (`ray.init()` starts a local Ray). On a cluster: start Ray on the
nodes (`ray start --head`, then `ray start --address=HEAD:6379` on each worker),
make the same paths readable on every node (a shared file system, or object
storage mounted with s3fs or gcsfuse), put the gamepak binary on each node's
PATH (or pass --binary), and run this script with `--address auto` on the head
node. To write the report to object storage, write it locally and copy it up, or
give -o a path on the mounted bucket.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

import ray


@ray.remote
def scan_shard(binary, paths, index, count, extra):
    """The record lines of shard `index` of `count`."""
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "shard.jsonl")
        subprocess.run(
            [binary, "--quiet", "scan", *paths, "--shard", f"{index}/{count}", "-o", report, *extra],
            check=True,
        )
        with open(report, encoding="utf-8") as f:
            return [line for line in f.read().splitlines() if not line.startswith('{"summary"')]


def summary(records):
    """The counts `gamepak scan` ends its report with."""
    formats, families, statuses = Counter(), Counter(), Counter()
    for r in records:
        formats[r.get("format") or "none"] += 1
        if r.get("family"):
            families[r["family"]] += 1
        statuses[r["status"]] += 1
    return {
        "summary": {
            "files": len(records),
            "formats": dict(sorted(formats.items())),
            "families": dict(sorted(families.items())),
            "statuses": dict(sorted(statuses.items())),
        }
    }


def scan(paths, shards, binary="gamepak", extra=(), address=None, num_cpus=None):
    """Every record of `paths`, scanned as `shards` Ray tasks, sorted by path."""
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus, include_dashboard=False)
    tasks = [scan_shard.remote(binary, list(paths), i, shards, list(extra)) for i in range(shards)]
    lines = [line for part in ray.get(tasks) for line in part]
    return sorted(lines, key=lambda line: json.loads(line)["path"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("-o", "--output", required=True, help="the merged report")
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--binary", default="gamepak", help="the gamepak binary on each node")
    parser.add_argument("--address", default=None, help="a Ray cluster (`auto` on its head node)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs for a local Ray")
    parser.add_argument("--identify-only", action="store_true")
    args = parser.parse_args()
    extra = ["--identify-only"] if args.identify_only else []
    lines = scan(args.paths, args.shards, args.binary, extra, args.address, args.num_cpus)
    records = [json.loads(line) for line in lines]
    with open(args.output, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
        f.write(json.dumps(summary(records), separators=(",", ":")) + "\n")
    print(f"{args.output}: {len(records)} files from {args.shards} shards", file=sys.stderr)


if __name__ == "__main__":
    main()
