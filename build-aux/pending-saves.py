#!/usr/bin/env python3
# build-aux/pending-saves.py SIM OUT: plays seeded random legal actions with
# penumbra-sim (solo games, the six Automas in turn) and writes OUT/pending-KIND.json
# for the first state of each waiting point met on the Wizard's turn (the Threat
# split in three: before the roll, "threat"; where a rolled die goes,
# "threat-target"; the cards after the roll, "threat-step2"). The saves of
# tests/common/saves/pending-*.json were made so (test-answers.c).
import json, random, subprocess, sys, os
sim = sys.argv[1]; out = sys.argv[2]
os.makedirs(out, exist_ok=True)
want = {"talent","location","exchange","threat","contract","path","task","rift","reserve","colour","card","buy","equipment","card-effect","take-back","mortal-wound","threat-target","threat-step2"}
found = {}
def run(*a):
    return subprocess.run([sim,*a],capture_output=True,text=True)
for seed in range(1, 400):
    if want <= set(found): break
    rnd = random.Random(seed)
    automa = ["ruby","emerald","jasper","amethyst","sapphire","amber"][seed % 6]
    path = f"/tmp/pg-{seed}.json"
    run("new","--seed",str(seed),"--automa",automa,"--out",path)
    for step in range(400):
        d = json.load(open(path))
        if d.get("over"): break
        t = d["turn"]; p = t["pending"]
        human = t["player"] != d["automa"].get("player", -1)
        kind = p
        if p == "threat" and d.get("threat",{}) and d["threat"].get("is-rolled"):
            kind = "threat-step2" if d["threat"].get("step2") else "threat-target"
        if human and kind not in found and kind != "none":
            found[kind] = (seed, step)
            with open(f"{out}/pending-{kind}.json","w") as f: f.write(open(path).read())
            print("found", kind, seed, step, automa, flush=True)
        acts = run("actions","--distinct",path).stdout.split("\n")
        acts = [a for a in acts if a.strip()]
        if not acts: break
        a = rnd.choice(acts)
        r = run("apply",path,a,"--out",path)
        if r.returncode: print("apply failed", r.stderr); break
print("missing", want - set(found))
