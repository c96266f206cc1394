"""Fits the horizon estimator's confidence models on the development half, and picks the default
--min-confidence there.

    imgtool horizon --json --evidence --min-confidence 0 DEV_PHOTOS... > dev.jsonl   (fit.sh does it)
    python3 fit_confidence.py dev.jsonl CORPUS.csv [CORPUS.csv ...]

Each candidate the estimator considered (the horizon line; the vanishing point of the verticals) is
labelled 1 when its angle is within 1° of the truth and 0 otherwise (always 0 on photos without a
level reference), and one L2-regularised logistic regression per kind of evidence is fitted on its
features. The coefficients are written to Sources/Horizon/ConfidenceModel.json, which the engine compiles in.

The threshold is chosen on out-of-fold confidences (five folds by source photo, so turned copies of
a photo never sit on both sides): the lowest one at which issue 22's targets hold, photos without a
level reference abstained at least 95 % of the time and answers more than 2° off at most 1 % of all
photos; if no threshold gets there, the one that maximises right answers minus ten times wrong ones
(a wrong answer ruins a copy, an abstention only leaves a photo as it was). Only rows whose split
is "dev" may be given: test rows stop it. The same rule over ten dealings of the folds, one by one and
pooled, is printed after it: a threshold that moves with the dealing is one the data do not pin down.
"""
import csv
import hashlib
import json
import math
import sys
from pathlib import Path

import numpy as np

# Set on the dev half, like every constant here and the estimator's rules (CAP_RULES and CAPS below).
L2 = 1.0
WRONG_COST = 10
# The engine's models: kind → [(cue name, expected sign, coefficient)], in the order of its cue tables
# (HorizonEstimator.lineModel, .vanishingPointModel). The fit reads the cues and signs there and writes the
# coefficients back; the features and the caps come from the records (`--evidence`), never a copy here.
# A sign is the direction in which the cue can only raise (+1) or lower (−1) the chance of being right; 0:
# no prior direction. A fitted coefficient of the wrong sign (collinear features, few examples) is set to
# zero and the rest refitted, so the model cannot learn, say, that a stronger rival helps. The tilt itself
# is not a cue: as a prior it made a photo turned by 15° lose the answer the photo had (issue 22: turning
# a photo must move the answer, not drop it).
MODEL_FILE = Path(__file__).resolve().parents[2] / "Sources" / "Horizon" / "ConfidenceModel.json"


def read_model(path=MODEL_FILE):
    """kind ("horizon_line", "verticals") → its intercept and cues, as the engine reads them."""
    with open(path) as f:
        return json.load(f)


MODEL = read_model()
FEATURES = {kind: [cue["name"] for cue in model["cues"]] for kind, model in MODEL.items()}
SIGNS = {kind: [cue["sign"] for cue in model["cues"]] for kind, model in MODEL.items()}


def write_model(models, path=MODEL_FILE):
    """Writes fitted `models` (kind → intercept and one coefficient per cue) into the engine's file, one cue a
    line, keeping each cue's name and sign."""
    kinds = []
    for kind, w in models.items():
        cues = [json.dumps({"name": name, "sign": sign, "coefficient": round(float(c), 4)})
                for name, sign, c in zip(FEATURES[kind], SIGNS[kind], w[1:])]
        kinds.append(f'  "{kind}": {{\n    "intercept": {round(float(w[0]), 4)},\n    "cues": [\n      '
                     + ",\n      ".join(cues) + "\n    ]\n  }")
    with open(path, "w") as f:
        f.write("{\n" + ",\n".join(kinds) + "\n}\n")


def load(jsonl, corpora):
    rows = {}
    for corpus in corpora:
        for row in csv.DictReader(open(corpus)):
            rows[row["path"]] = row
    records = []
    for line in open(jsonl):
        record = json.loads(line)
        row = rows.get(record.get("file"))
        if row is None:
            sys.exit(f"{record.get('file')} is not in the corpus: give the corpus.csv the evidence was made from")
        if row["split"] != "dev":
            sys.exit(f"{record['file']} is in the test half: fit on the dev half only")
        record["truth"] = None if row["truth"] in ("", "none") else float(row["truth"])
        record["group"] = fold_group(row)
        records.append(record)
    if not records:
        sys.exit("no record of the evidence file matches a corpus row")
    return records


def fold_group(row):
    """The fold a corpus row goes to, kept together: a webcam's frames are one group, other photos their
    own (with their turned copies), so near-duplicates never sit on both sides."""
    camera = row["source_photo"].split("/")[-1].split("_")[0]
    return "shore-livecams/" + camera if row["source"] == "shore-livecams" else row["source_photo"]


def error(angle, truth):
    return abs((angle - truth + 90) % 180 - 90)


def fit_logistic(x, y, l2=L2, iterations=100):
    """Newton's method on the penalised log-likelihood (the intercept only lightly penalised)."""
    x = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 1e-3
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def candidates(records, kind):
    x, y = [], []
    for record in records:
        for c in record.get("evidence", []):
            if c["evidence"] == kind:
                x.append([c["features"][n] for n in FEATURES[kind]])
                y.append(1.0 if record["truth"] is not None and error(c["angle"], record["truth"]) < 1 else 0.0)
    return np.array(x), np.array(y)


def fit_signed(x, y, signs):
    keep = list(range(x.shape[1]))
    while True:
        w = fit_logistic(x[:, keep], y)
        wrong = [k for k, c in zip(keep, w[1:]) if signs[k] * c < 0]
        if not wrong:
            full = np.zeros(x.shape[1] + 1)
            full[0] = w[0]
            for k, c in zip(keep, w[1:]):
                full[k + 1] = c
            return full
        worst = min(wrong, key=lambda k: signs[k] * w[1 + keep.index(k)])
        keep.remove(worst)


def fit(records):
    return {kind: fit_signed(*candidates(records, kind), SIGNS[kind]) for kind in FEATURES}


def answer(record, models, rule=None):
    """(confidence, angle) of the answer, picked as HorizonEstimator.analyse picks it: the most
    confident candidate, with the estimator's caps (reported as `capped`). `models` None: each
    candidate's confidence as the binary reported it. `rule` (a candidate → a cap or None) is a rule under
    trial (offline.py), holding candidates further."""
    best = None
    for c in record.get("evidence", []):
        if models is None:
            p = c["confidence"]
        else:
            w = models[c["evidence"]]
            z = w[0] + sum(v * c["features"][n] for v, n in zip(w[1:], FEATURES[c["evidence"]]))
            p = 1 / (1 + np.exp(-z))
            if c.get("capped"):
                p = min(p, c["cap"])
        cap = rule(c) if rule else None
        if cap is not None:
            p = min(p, cap)
        if best is None or p > best[0]:
            best = (p, c["angle"])
    return best


FOLDS = 5
REPEATS = 10


def folds(records, seed=0):
    """group → fold (0…FOLDS−1), the groups of `records` dealt in the shuffled order `seed` gives."""
    groups = sorted({r["group"] for r in records})
    return {g: i % FOLDS for i, g in enumerate(np.random.default_rng(seed).permutation(groups))}


def fold_of_unseen(group):
    """The fold of a group no record belongs to (an unlabelled photo): fixed by its name."""
    return int(hashlib.sha256(group.encode()).hexdigest(), 16) % FOLDS


def out_of_fold(records, rule=None, seed=0):
    """(confidence, no level reference, more than 2° off) of every record's answer, each from the
    models fitted on the other folds (and `rule`, as in `answer`); `seed` deals the folds."""
    fold = folds(records, seed)
    answers = []
    for k in range(FOLDS):
        models = fit([r for r in records if fold[r["group"]] != k])
        for record in records:
            if fold[record["group"]] == k:
                best = answer(record, models, rule)
                none = record["truth"] is None
                off = not none and best is not None and error(best[1], record["truth"]) > 2
                answers.append((best[0] if best else 0.0, none, off))
    return answers


def choose_threshold(answers):
    """The lowest threshold that meets issue 22's targets out of fold: photos without a level
    reference abstained at least 95 % of the time, answers more than 2° off at most 1 % of all
    photos. (If none does, the one with the most right answers minus ten times the wrong ones.)"""
    total = len(answers)
    nones = sum(1 for _, none, _ in answers if none) or 1
    table = []
    for t in np.round(np.arange(0.30, 0.991, 0.01), 2):
        kept = [(none, off) for p, none, off in answers if p >= t]
        table.append((float(t), sum(1 for none, off in kept if not none and not off),
                      sum(1 for none, _ in kept if none), sum(1 for _, off in kept if off)))
    for t, right, none_answered, off in table:
        if none_answered <= 0.05 * nones and off <= 0.01 * total:
            return t, table, "none abstained >= 95 %, more than 2° off <= 1 % of all"
    t = max(table, key=lambda row: row[1] - WRONG_COST * (row[2] + row[3]))[0]
    return t, table, f"targets not reached: most right answers minus {WRONG_COST} × wrong ones"


def repeated_out_of_fold(records, repeats, rule=None):
    """out_of_fold over dealings 0…repeats−1 of the folds, pooled. The threshold one dealing gives moves with
    which few photos without a reference share a fold (0.50–0.59 over ten: RESULTS.md, stop 13); pooled over
    ten, by about 0.01 between sets of dealings."""
    return [a for seed in range(repeats) for a in out_of_fold(records, rule, seed)]


def main():
    records = load(sys.argv[1], sys.argv[2:])
    level_count = sum(1 for r in records if r["truth"] is not None)
    models = fit(records)
    for kind, w in models.items():
        x, y = candidates(records, kind)
        print(f"// {kind}: {len(y)} candidates on the dev half, {int(y.sum())} within 1°")
        print(f"//   {', '.join(f'{v:.4f}' for v in w)}")
    write_model(models)
    print(f"// written to {MODEL_FILE}")
    dealt = [out_of_fold(records, seed=seed) for seed in range(REPEATS)]
    chosen = [choose_threshold(answers) for answers in dealt]
    threshold, table, rule = chosen[0]
    nones = len(records) - level_count
    print(f"// out-of-fold on {len(records)} dev images ({level_count} with a level reference, {nones} without):")
    for t, right, none_answered, off in table:
        if abs(t * 10 - round(t * 10)) < 1e-9 or t == threshold:
            print(f"//   {t:.2f}: level answered {right + off} ({100 * (right + off) / max(level_count, 1):.1f} %), "
                  f"more than 2° off {off} ({100 * off / len(records):.2f} % of all), "
                  f"no reference abstained {100 * (1 - none_answered / max(nones, 1)):.1f} %")
    print(f"// default min-confidence {threshold:.2f} ({rule})")
    pooled, _, pooled_rule = choose_threshold([a for answers in dealt for a in answers])
    print(f"// the same rule over {REPEATS} dealings of the folds: {', '.join(f'{c[0]:.2f}' for c in chosen)}; "
          f"pooled {pooled:.2f} ({pooled_rule})")


if __name__ == "__main__":
    main()
