#!/usr/bin/env python3
"""Offline checks of the Flatpak manifest (no runtime can be fetched here).

Checks: the JSON is well formed; the required keys are there with the right
types; the app id matches the desktop file and the metainfo; the command is the
game's executable; finish-args are exactly the minimal set; the module builds
this folder with meson; and `flatpak-builder --show-manifest` accepts it with
G_DEBUG=fatal-warnings (unknown keys, source types and wrong value types fail).

Usage: check-flatpak-manifest.py MANIFEST DESKTOP_FILE METAINFO_FILE
"""

import json
import os
import re
import shutil
import subprocess
import sys

MINIMAL_FINISH_ARGS = {
    "--share=ipc",
    "--socket=fallback-x11",
    "--socket=wayland",
    "--device=dri",
}


def fail(message):
    print(f"flatpak manifest: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 4:
        fail(__doc__)
    manifest_path, desktop_path, metainfo_path = sys.argv[1:]

    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{manifest_path}: {e}")

    expected = {
        "id": str,
        "runtime": str,
        "runtime-version": str,
        "sdk": str,
        "command": str,
        "finish-args": list,
        "modules": list,
    }
    for key, kind in expected.items():
        if key not in manifest:
            fail(f"missing key '{key}'")
        if not isinstance(manifest[key], kind):
            fail(f"key '{key}' must be a {kind.__name__}")

    app_id = manifest["id"]
    if os.path.basename(manifest_path) != app_id + ".json":
        fail(f"file name does not match id '{app_id}'")
    if manifest["runtime"] != "org.gnome.Platform" or manifest["sdk"] != "org.gnome.Sdk":
        fail("runtime must be org.gnome.Platform with org.gnome.Sdk")
    if not re.fullmatch(r"\d{2,}", manifest["runtime-version"]):
        fail("runtime-version must be a stable GNOME release such as '47'")
    if manifest["command"] != "penumbra":
        fail("command must be 'penumbra'")
    if set(manifest["finish-args"]) != MINIMAL_FINISH_ARGS or len(manifest["finish-args"]) != 4:
        fail(f"finish-args must be exactly {sorted(MINIMAL_FINISH_ARGS)}")

    main_module = manifest["modules"][-1]
    if not isinstance(main_module, dict) or main_module.get("name") != "penumbra":
        fail("the last module must be 'penumbra'")
    if main_module.get("buildsystem") != "meson":
        fail("the penumbra module must use buildsystem 'meson'")
    sources = main_module.get("sources", [])
    if not any(s.get("type") == "dir" and s.get("path") == ".." for s in sources):
        fail("the penumbra module must build the local folder (type 'dir', path '..')")

    with open(desktop_path, encoding="utf-8") as f:
        desktop = f.read()
    icon = re.search(r"^Icon=(.*)$", desktop, re.M)
    if icon is None or icon.group(1) not in (app_id, "@APP_ID@"):
        fail(f"{desktop_path}: Icon is not the app id '{app_id}'")
    exec_line = re.search(r"^Exec=(\S+)", desktop, re.M)
    if exec_line is None or exec_line.group(1) != manifest["command"]:
        fail(f"{desktop_path}: Exec does not run the manifest's command")

    with open(metainfo_path, encoding="utf-8") as f:
        metainfo = f.read()
    mid = re.search(r"<id>([^<]+)</id>", metainfo)
    if mid is None or mid.group(1) not in (app_id, "@APP_ID@"):
        fail(f"{metainfo_path}: <id> is not the app id '{app_id}'")
    launchable = re.search(r'<launchable type="desktop-id">([^<]+)</launchable>', metainfo)
    if launchable is None or launchable.group(1) not in (app_id + ".desktop", "@APP_ID@.desktop"):
        fail(f"{metainfo_path}: launchable is not '{app_id}.desktop'")

    builder = shutil.which("flatpak-builder")
    if builder is None:
        fail("flatpak-builder is not installed")
    env = dict(os.environ, G_DEBUG="fatal-warnings")
    result = subprocess.run([builder, "--show-manifest", manifest_path],
                            env=env, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        fail(f"flatpak-builder --show-manifest refused it:\n{result.stderr}")

    print(f"{manifest_path}: ok")


if __name__ == "__main__":
    main()
