#!/usr/bin/env python3
"""Startup benchmark: time to first frame and peak memory of penumbra against an
almost empty AdwApplicationWindow built in the same tree (tests/bench/bench-empty-window.c).

    build-aux/bench-startup.py [--build-dir _build] [--runs 9] [--check]

Builds both programs, starts its own Xvfb when DISPLAY is not set, runs them in
turn (one warm-up each, then RUNS runs), each until its first frame is painted,
and prints the medians of the time to the first frame and of the peak RSS
(VmHWM), and the ratios penumbra / empty window, once with GTK's default
renderer (GL, software here) and once with GSK_RENDERER=cairo. The goals of
issue #6 are <= 1.2x the time and <= 1.5x the memory; --check fails when the
default renderer misses them.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIME_GOAL = 1.2
MEMORY_GOAL = 1.5


def start_xvfb():
    for display in range(90, 120):
        if not os.path.exists(f"/tmp/.X{display}-lock"):
            xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{display}"):
                    return xvfb, f":{display}"
                time.sleep(0.05)
            xvfb.kill()
    sys.exit("bench-startup: cannot start Xvfb")


def peak_rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def one_run(program, env):
    start = time.monotonic()
    process = subprocess.Popen([program], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in process.stdout:
            if "first frame" in line:
                elapsed = time.monotonic() - start
                return elapsed * 1000, peak_rss_kb(process.pid) / 1024
        sys.exit(f"bench-startup: {program} ended without painting")
    finally:
        process.kill()
        process.wait()


def measure(programs, env, runs):
    results = {name: ([], []) for name in programs}
    for name, program in programs.items():
        one_run(program, env)  # warm-up: caches, fonts, shaders
    for _ in range(runs):
        for name, program in programs.items():
            ms, mb = one_run(program, env)
            results[name][0].append(ms)
            results[name][1].append(mb)
    return {name: (statistics.median(t), statistics.median(m)) for name, (t, m) in results.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(TOP, "_build"))
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--check", action="store_true", help="fail when the goals are missed")
    args = parser.parse_args()

    subprocess.run(["ninja", "-C", args.build_dir, "src/penumbra", "tests/bench-empty-window"],
                   check=True, stdout=subprocess.DEVNULL)
    programs = {
        "empty window": os.path.join(args.build_dir, "tests", "bench-empty-window"),
        "penumbra": os.path.join(args.build_dir, "src", "penumbra"),
    }

    xvfb = None
    env = dict(os.environ)
    if "DISPLAY" not in env:
        xvfb, env["DISPLAY"] = start_xvfb()
    home = tempfile.mkdtemp(prefix="penumbra-bench-")
    env.update({
        "GDK_BACKEND": "x11", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1", "ADW_DISABLE_PORTAL": "1",
        "GSETTINGS_BACKEND": "memory", "GSETTINGS_SCHEMA_DIR": os.path.join(args.build_dir, "data"),
        "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "PENUMBRA_REPORT_FIRST_FRAME": "1",
        "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"), "XDG_STATE_HOME": os.path.join(home, "state"),
    })
    met = True
    try:
        for renderer in ("default", "cairo"):
            run_env = dict(env)
            if renderer == "cairo":
                run_env["GSK_RENDERER"] = "cairo"
            medians = measure(programs, run_env, args.runs)
            (base_ms, base_mb), (pen_ms, pen_mb) = medians["empty window"], medians["penumbra"]
            time_ratio, memory_ratio = pen_ms / base_ms, pen_mb / base_mb
            print(f"renderer {renderer}, median of {args.runs} runs:")
            print(f"  empty window  {base_ms:7.1f} ms to first frame  {base_mb:6.1f} MB peak RSS")
            print(f"  penumbra      {pen_ms:7.1f} ms to first frame  {pen_mb:6.1f} MB peak RSS")
            print(f"  ratio         {time_ratio:7.2f}x time (goal <= {TIME_GOAL}x)   "
                  f"{memory_ratio:5.2f}x memory (goal <= {MEMORY_GOAL}x)")
            if renderer == "default":
                met = time_ratio <= TIME_GOAL and memory_ratio <= MEMORY_GOAL
    finally:
        shutil.rmtree(home, ignore_errors=True)
        if xvfb is not None:
            xvfb.kill()
            xvfb.wait()
    if args.check and not met:
        sys.exit("bench-startup: the goals are not met")


if __name__ == "__main__":
    main()
