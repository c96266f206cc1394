"""Fits the horizon estimator's confidence models on the development half, and picks the default
--min-confidence there.

    imgtool horizon --json --evidence DEV_PHOTOS... > dev.jsonl     (bench/horizon/run.sh does it)
    python3 fit_confidence.py dev.jsonl MANIFEST.csv

Each candidate the estimator considered (the horizon line; the vanishing point of the verticals) is
labelled 1 when its angle is within 1° of the truth and 0 otherwise (always 0 on photos without a
level reference), and one L2-regularised logistic regression per kind of evidence is fitted on its
features. The coefficients are printed as Swift arrays for Sources/Horizon/HorizonCandidate.swift.
Then the photos' final answers (the most confident candidate) are re-scored with the new models,
and the lowest threshold at which at most 1 % of the answers are more than 2° off is printed.
Only rows of the manifest whose split is "dev" are used; the script refuses test rows.
"""
import csv
import json
import sys

import numpy as np

KINDS = ["horizon_line", "verticals"]
L2 = 1.0


def load(jsonl, manifest):
    truth = {}
    for row in csv.DictReader(open(manifest)):
        truth[row["path"]] = row
    records = []
    for line in open(jsonl):
        record = json.loads(line)
        row = truth.get(record.get("file"))
        if row is None or "evidence" not in record:
            continue
        if row["split"] != "dev":
            sys.exit(f"{record['file']} is in the test half: fit on the dev half only")
        value = row["truth_deg"]
        record["truth"] = None if value in ("", "none") else float(value)
        records.append(record)
    return records


def fit_logistic(x, y, l2=L2, iterations=50):
    """Newton's method on the penalised log-likelihood; the intercept is not penalised."""
    x = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 1e-3  # a little, so that a kind that is always right still has a finite fit
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main():
    records = load(sys.argv[1], sys.argv[2])
    models, names = {}, {}
    for kind in KINDS:
        rows, labels = [], []
        for record in records:
            for candidate in record["evidence"]:
                if candidate["evidence"] != kind:
                    continue
                names[kind] = sorted(candidate["features"])
                rows.append(candidate["features"])
                truth = record["truth"]
                labels.append(1.0 if truth is not None and abs(candidate["angle"] - truth) < 1 else 0.0)
        if not rows:
            continue
        order = SWIFT_ORDER[kind]
        x = np.array([[row[name] for name in order] for row in rows])
        y = np.array(labels)
        w = fit_logistic(x, y)
        models[kind] = (order, w)
        print(f"// {kind}: {len(y)} candidates, {int(y.sum())} within 1°")
        print(f"static let {SWIFT_NAME[kind]}: [Double] = [{', '.join(f'{v:.4f}' for v in w)}]")

    def probability(candidate):
        order, w = models[candidate["evidence"]]
        z = w[0] + sum(c * candidate["features"][n] for c, n in zip(w[1:], order))
        return 1 / (1 + np.exp(-z))

    answers = []  # (confidence, error or None for photos without a level reference)
    for record in records:
        scored = [(probability(c), c["angle"]) for c in record["evidence"] if c["evidence"] in models]
        if not scored:
            continue
        confidence, angle = max(scored)
        truth = record["truth"]
        answers.append((confidence, None if truth is None else abs(angle - truth)))
    answers.sort(reverse=True)
    chosen = 0.5
    for threshold in np.arange(0.30, 0.951, 0.01):
        kept = [e for c, e in answers if c >= threshold]
        wrong = sum(1 for e in kept if e is None or e > 2)
        if kept and wrong <= 0.01 * len(kept):
            chosen = round(float(threshold), 2)
            break
    kept = [e for c, e in answers if c >= chosen]
    level = [e for _, e in answers if e is not None]
    print(f"// min-confidence {chosen}: answers {len(kept)} of {len(answers)}, "
          f"of them > 2° off or on a photo without a level reference: "
          f"{sum(1 for e in kept if e is None or e > 2)}; photos with a level reference: {len(level)}")


SWIFT_ORDER = {
    "horizon_line": ["coverage", "log_rival_ratio", "residual", "abs_angle", "vp_agrees",
                     "vp_disagrees_strength", "twin_share", "centre_row", "texture_contrast_near",
                     "texture_contrast_far"],
    "verticals": ["log_inlier_length", "share", "spread", "log_structures", "residual", "nearness",
                  "log_rival_ratio", "abs_angle", "line_agrees", "line_disagrees_coverage"],
}
SWIFT_NAME = {"horizon_line": "lineCoefficients", "verticals": "vanishingPointCoefficients"}

if __name__ == "__main__":
    main()
