"""Benchmark `printkit serve` under load: 20 phone photos uploaded at once, and memory over 200 uploads.

Starts `printkit serve` on 127.0.0.1 (a free port; nothing leaves the machine), uploads synthetic 12-megapixel
photos of filled-in sheets (A4, Letter, 2-up A4; devkit/ganz_schon_clever/synthetic.py) in rounds of
``--concurrent`` at once, and reports each round's latencies (50th and 95th percentile, slowest) and the
resident memory of the server and its reading processes after the first round and after the last.

    PYTHONPATH=. python bench/bench_serve.py [--uploads 200] [--concurrent 20] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from results import replace_section  # bench/ is on sys.path when a bench runs

RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## serve (printkit serve under load)"
HOST = "127.0.0.1"  # only ever this machine


def photos(n: int) -> list[tuple[str, bytes]]:
    from devkit.ganz_schon_clever.synthetic import PadOptions, make_samples

    pads = (PadOptions("a4", 1, "en"), PadOptions("letter", 1, "de"), PadOptions("a4", 2, "zh-TW"))
    samples = make_samples(n, seed=11, kinds=("photo",), pads=pads)  # 4000 x 3000: a phone's 12 megapixels
    return [(s.name + s.suffix, s.data) for s in samples]


def tree_rss(pid: int) -> int:
    """Resident memory (bytes) of ``pid`` and every process under it, from /proc."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/status", encoding="ascii") as f:
                total += next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as f:
                    todo += [int(c) for c in f.read().split()]
        except (OSError, StopIteration):
            continue
    return total


async def round_of(url: str, batch: list[tuple[str, bytes]]) -> list[tuple[float, int]]:
    import httpx

    async with httpx.AsyncClient(timeout=600) as client:
        async def one(name: str, data: bytes) -> tuple[float, int]:
            t0 = time.perf_counter()
            r = await client.post(url + "api/scan", files={"image": (name, data, "image/jpeg")})
            return time.perf_counter() - t0, r.status_code

        return await asyncio.gather(*(one(n, d) for n, d in batch))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--uploads", type=int, default=200)
    ap.add_argument("--concurrent", type=int, default=20)
    ap.add_argument("--write", action="store_true", help=f"write the figures into {RESULTS.name}")
    args = ap.parse_args()
    rounds = max(1, args.uploads // args.concurrent)  # bounded: a fixed number of rounds
    images = photos(6)
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--host", HOST, "--port", str(port)],
                              stdout=subprocess.DEVNULL)
    url = f"http://{HOST}:{port}/"
    try:
        for _ in range(150):  # 30 s at most to start
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        lines = []
        first_rss = last_rss = 0
        all_lat: list[float] = []
        for k in range(rounds):
            batch = [images[(k * args.concurrent + i) % len(images)] for i in range(args.concurrent)]
            t0 = time.perf_counter()
            answers = asyncio.run(round_of(url, batch))
            wall = time.perf_counter() - t0
            lat = [t for t, _ in answers]
            ok = sum(status == 200 for _, status in answers)
            all_lat += lat
            rss = tree_rss(server.pid)
            first_rss = first_rss or rss
            last_rss = rss
            line = (f"| {k + 1} | {(k + 1) * args.concurrent} | {ok}/{len(answers)} | {statistics.median(lat):.1f} s"
                    f" | {percentile(lat, 0.95):.1f} s | {max(lat):.1f} s | {wall:.1f} s | {rss / 2**20:.0f} MB |")
            print(line, flush=True)
            lines.append(line)
    finally:
        server.terminate()
        server.wait(30)
    cores = len(os.sched_getaffinity(0))
    text = (f"{HEADING}\n\nMeasured {datetime.date.today()} by `python bench/bench_serve.py` "
            f"({args.uploads} uploads, {args.concurrent} at once): `printkit serve` on {HOST} with its default "
            f"pool (one reading process a core: {cores}), synthetic 12-megapixel JPEG photos (A4, Letter, 2-up A4), "
            f"each request timed from sending to the whole answer.\n\n"
            f"- machine: {platform.processor() or platform.machine()}, {cores} cores, CPython "
            f"{platform.python_version()}\n\n"
            "| round | uploads so far | answered 200 | median | 95th percentile | slowest | round's wall | "
            "server + workers RSS |\n|---|---|---|---|---|---|---|---|\n" + "\n".join(lines) + "\n\n"
            f"Over all {len(all_lat)} uploads: median {statistics.median(all_lat):.1f} s, 95th percentile "
            f"{percentile(all_lat, 0.95):.1f} s. Memory after {args.concurrent} uploads: {first_rss / 2**20:.0f} MB; "
            f"after {rounds * args.concurrent}: {last_rss / 2**20:.0f} MB.\n")
    print(text)
    if args.write:
        replace_section(HEADING, text, RESULTS)


if __name__ == "__main__":
    main()
