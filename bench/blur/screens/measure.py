#!/usr/bin/env python3
"""Ink left per word after `imgtool blur --find text`, on the layouts of make_screens.py (issue 39).

    python3 -m bench.blur.screens.measure run SCREENS IMGTOOL OUT.tsv [layout ...]  # hide each layout twice, measure
    python3 -m bench.blur.screens.measure table BEFORE.tsv AFTER.tsv [OUT.csv]  # the table, before and after

Each layout is hidden twice, `--find text --cover #ff00ff` and `--cover #00ff00` (`--scale 2` for the
2x page), on one core (taskset -c 0, VIPS_CONCURRENCY=1, OMP_THREAD_LIMIT=1). An ink pixel is *left*
where it is unchanged in both outputs (no ink is both magenta and green) and stands out from its
unchanged neighbours: some pixel within 3 px, unchanged in both, differs from it by more than 40 grey
levels. A word is left with the share of its ink pixels left. Over-hiding: of the pixels outside
every line of text (each line's words' boxes, grown by half the line's height), the share changed
in either output.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import pyvips

from bench.tables import Table

STANDS_OUT = 40
REACH = 3


def array(path):
    image = pyvips.Image.new_from_file(path, access="sequential")
    if image.bands == 4:
        image = image.flatten(background=[255, 255, 255])
    data = image.write_to_memory()
    fmt = np.uint16 if image.format == "ushort" else np.uint8
    return np.ndarray(buffer=data, dtype=fmt, shape=[image.height, image.width, image.bands]).squeeze()


def grey(rgb):
    rgb = rgb.astype(np.int32)
    return (rgb[..., 0] * 299 + rgb[..., 1] * 587 + rgb[..., 2] * 114) // 1000


def measure(original, outputs, labels, words):
    unchanged = np.ones(labels.shape, dtype=bool)
    for output in outputs:
        unchanged &= (output == original).all(axis=2)
    g = grey(original)
    height, width = g.shape
    stands = np.zeros(labels.shape, dtype=bool)
    padded_g = np.pad(g, REACH, mode="edge")
    padded_u = np.pad(unchanged, REACH, constant_values=False)
    for dy in range(-REACH, REACH + 1):
        for dx in range(-REACH, REACH + 1):
            if dx == 0 and dy == 0:
                continue
            other_g = padded_g[REACH + dy : REACH + dy + height, REACH + dx : REACH + dx + width]
            other_u = padded_u[REACH + dy : REACH + dy + height, REACH + dx : REACH + dx + width]
            stands |= other_u & (np.abs(g - other_g) > STANDS_OUT)
    left = unchanged & stands & (labels > 0)
    ink_per_word = np.bincount(labels.ravel(), minlength=len(words) + 1)
    left_per_word = np.bincount(labels[left].ravel(), minlength=len(words) + 1)
    counted = [i for i in range(1, len(words) + 1) if ink_per_word[i] > 0]
    shares = {i: left_per_word[i] / ink_per_word[i] for i in counted}
    worst = max(counted, key=lambda i: shares[i], default=None)
    # Over-hiding: changed pixels outside every line of text.
    text = np.zeros(labels.shape, dtype=bool)
    lines = {}
    for word in words:
        x, y, w, h = word["box"]
        if w and h:
            lines.setdefault(word["line"], []).append((x, y, x + w, y + h))
    for boxes in lines.values():
        left_x, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        grow = max(3, min(right - left_x, bottom - top) // 2)
        text[max(0, top - grow) : bottom + grow, max(0, left_x - grow) : right + grow] = True
    changed = ~unchanged
    return {
        "words": len(counted),
        "words_left": sum(1 for i in counted if left_per_word[i] > 0),
        "worst": f"{words[worst - 1]['text']} {shares[worst] * 100:.0f} %" if worst and shares[worst] > 0 else "–",
        "worst_share": shares[worst] if worst else 0,
        "ink": int(ink_per_word[1:].sum()),
        "ink_left": int(left_per_word[1:].sum()),
        "over": float((changed & ~text).sum() / max(1, (~text).sum())),
    }


def run(screens, imgtool, out, names):
    names = names or sorted(n[:-5] for n in os.listdir(screens) if n.endswith(".json"))
    env = dict(os.environ, VIPS_CONCURRENCY="1", OMP_THREAD_LIMIT="1")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            with open(os.path.join(screens, name + ".json")) as source:
                truth = json.load(source)
            shot = os.path.join(screens, name + ".png")
            outputs, seconds = [], None
            for cover in ("#ff00ff", "#00ff00"):
                target = os.path.join(scratch, f"{name}-{cover[1:]}.png")
                command = ["taskset", "-c", "0", imgtool, "blur", shot, "-o", target, "--find", "text", "--cover", cover]
                command += ["--scale", str(truth["scale"])]
                start = time.monotonic()
                subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)
                seconds = seconds if seconds is not None else time.monotonic() - start
                outputs.append(array(target)[..., :3])
            result = measure(array(shot)[..., :3], outputs, array(os.path.join(screens, name + ".labels.png")), truth["words"])
            result["seconds"] = seconds
            result["layout"] = name
            rows.append(result)
            print(name, result, file=sys.stderr)
    with open(out, "w") as table:
        keys = ["layout", "words", "words_left", "worst", "worst_share", "ink", "ink_left", "over", "seconds"]
        table.write("\t".join(keys) + "\n")
        for row in rows:
            table.write("\t".join(str(row[k]) for k in keys) + "\n")


def read(path):
    with open(path) as source:
        lines = source.read().strip().split("\n")
    keys = lines[0].split("\t")
    return {row["layout"]: row for row in (dict(zip(keys, line.split("\t"))) for line in lines[1:])}


def table(before_path, after_path):
    """Before and after, per layout and in all: words with ink left, the worst word, ink left, over-hidden, time."""
    before, after = read(before_path), read(after_path)
    out = Table(["layout", "words", "before: words with ink left", "worst word", "ink left", "over-hidden", "s",
                 "after: words with ink left", "worst word", "ink left", "over-hidden", "s"], [], "lrrlrrrrlrrr")
    totals = {"before": [0, 0, 0, 0], "after": [0, 0, 0, 0]}
    for name in after:
        cells = [name, after[name]["words"]]
        for label, rows in (("before", before), ("after", after)):
            row = rows.get(name)
            if row is None:
                cells += ["–"] * 5
                continue
            words, left, ink, ink_left = (int(row[k]) for k in ("words", "words_left", "ink", "ink_left"))
            for index, value in enumerate((words, left, ink, ink_left)):
                totals[label][index] += value
            cells += [
                f"{left} ({left * 100 / max(1, words):.1f} %)", row["worst"],
                f"{ink_left * 100 / max(1, ink):.2f} %", f"{float(row['over']) * 100:.1f} %",
                f"{float(row['seconds']):.2f}",
            ]
        out.rows.append([str(c) for c in cells])
    cells = ["**all**", str(totals["after"][0])]
    for label in ("before", "after"):
        words, left, ink, ink_left = totals[label]
        cells += [f"{left} ({left * 100 / max(1, words):.2f} %)", "", f"{ink_left * 100 / max(1, ink):.2f} %", "", ""]
    out.rows.append(cells)
    return out


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        result = table(sys.argv[2], sys.argv[3])
        print(result.markdown())
        if len(sys.argv) > 4:
            result.write_csv(sys.argv[4])
