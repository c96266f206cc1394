#!/usr/bin/env python3
"""Scores a redactor on the planted-secrets corpus (make_corpus.py) at the pixel.

For each span of truth.json: its ink is the pixels of its box more than 40 grey levels from the
box's median (its background); a pixel is hidden where the output differs from the original by
more than 40 levels in some channel (the cover is magenta, far from any ink and background).
A secret is found when 95 % of its ink is hidden; a lookalike is hidden when half of its ink is;
an ordinary word is touched when any of its ink is. OCR recall: the share of ordinary words
(three characters or more) that the tesseract CLI reads in the image before and after.

    evaluate.py CORPUS_DIR OUTPUT_DIR [LABELS_DIR]
LABELS_DIR holds imgtool's --json records (NAME.json): each found secret's kind, to check labels.
"""
import json, os, re, subprocess, sys
from collections import Counter

import numpy as np
from PIL import Image

corpus, outputs = sys.argv[1], sys.argv[2]
labels_dir = sys.argv[3] if len(sys.argv) > 3 else None
SECRETS = ["email", "url", "phone", "card", "iban", "ip", "token"]


def ocr_words(path):
    text = subprocess.run(["tesseract", path, "stdout"], capture_output=True, text=True,
                          env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    return Counter(re.sub(r"[^\w@.:/-]", "", w).strip(".") for w in text.split())


planted, found, labelled = Counter(), Counter(), Counter()
decoys, decoys_hidden = Counter(), Counter()
words = touched = 0
recall_before = recall_after = recall_total = 0
for name in sorted(f for f in os.listdir(corpus) if f.endswith(".json")):
    truth = json.load(open(os.path.join(corpus, name)))
    original = np.asarray(Image.open(os.path.join(corpus, truth["image"])).convert("RGB")).astype(int)
    out_path = os.path.join(outputs, truth["image"])
    output = np.asarray(Image.open(out_path).convert("RGB")).astype(int)
    grey = original.mean(axis=2)
    changed = np.abs(output - original).max(axis=2) > 40
    records = []
    if labels_dir:
        record = json.load(open(os.path.join(labels_dir, name)))
        records = record.get("secrets") or []
    before, after = ocr_words(os.path.join(corpus, truth["image"])), ocr_words(out_path)
    for span in truth["spans"]:
        x, y, w, h = span["x"], span["y"], span["width"], span["height"]
        box = grey[y:y + h, x:x + w]
        if box.size == 0:
            continue
        ink = np.abs(box - np.median(box)) > 40
        total = int(ink.sum())
        if total == 0:
            continue
        hidden = int((ink & changed[y:y + h, x:x + w]).sum()) / total
        kind = span["kind"]
        if kind in SECRETS:
            planted[kind] += 1
            if hidden >= 0.95:
                found[kind] += 1
                centre = (x + w / 2, y + h / 2)
                for r in records:
                    b = r.get("box") or r.get("region") or r
                    bx, by, bw, bh = b.get("x", 0), b.get("y", 0), b.get("width", 0), b.get("height", 0)
                    if bx <= centre[0] <= bx + bw and by <= centre[1] <= by + bh and r.get("kind") == kind:
                        labelled[kind] += 1
                        break
        elif kind == "word":
            words += 1
            touched += hidden > 0
            text = re.sub(r"[^\w@.:/-]", "", span["text"]).strip(".")
            if len(text) >= 3:
                recall_total += 1
                recall_before += before[text] > 0
                recall_after += after[text] > 0
        else:
            decoys[kind] += 1
            decoys_hidden[kind] += hidden >= 0.5

result = {
    "secrets": {k: {"planted": planted[k], "found": found[k], "labelled": labelled[k]} for k in SECRETS},
    "decoys": {k: {"planted": decoys[k], "hidden": decoys_hidden[k]} for k in sorted(decoys)},
    "words": words, "words_touched": touched,
    "ocr_recall_before": recall_before / max(1, recall_total), "ocr_recall_after": recall_after / max(1, recall_total),
}
print(json.dumps(result))
