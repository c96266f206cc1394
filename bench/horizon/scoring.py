"""How the horizon bench scores answers, and its tables: pure Python, no image libraries, so that the tests
run without the bench's venv (bench/tests/test_horizon_scoring.py).

Angles are degrees, rising to the right positive; an answer is None when a method abstains. Errors are
taken modulo 180° (a line has no direction)."""
import json
import math
import statistics

from bench.tables import Table

# Photographers' landscapes (LANDSCAPES.md): their source photo ids start with this.
LANDSCAPE_PREFIX = "landscapes/"
GROUPS = ["open", "partial", "distractor", "urban", "interior", "portrait", "small", "all level", "none",
          "landscape level", "landscape none"]
# Confidence bands of the reliability table (the last one includes 1.0).
BANDS = [(0.0, 0.3), (0.3, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)]

# The self-check's copies of a photo (selfcheck.py makes them) and the tolerance of a copy's answer.
TURNS = [3.0, -3.0, 8.0, -8.0, 15.0, -15.0]
KINDS = [f"turn {t:+.0f}°" for t in TURNS] + ["half size", "JPEG q75", "crop 5 %"]
TOLERANCE = 0.3


def angle_error(value, truth):
    """|value − truth| modulo 180°, in 0…90."""
    return abs((value - truth + 90) % 180 - 90)


def percentile(values, q):
    """The q-th percentile with linear interpolation between closest ranks (numpy.percentile's default)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def groups_of(row):
    """The table groups a corpus row (manifest.csv's columns) counts in."""
    out = [row["category"]]
    if row["format"] == "portrait":
        out.append("portrait")
    if row["size"] == "small":
        out.append("small")
    if row["truth"] != "none":
        out.append("all level")
    if row["source_photo"].startswith(LANDSCAPE_PREFIX):
        out.append("landscape none" if row["truth"] == "none" else "landscape level")
    return out


def summarise(rows, results):
    """rows: corpus rows; results: (angle or None, confidence, ms) per row. NaN where a figure has no photos."""
    nan = float("nan")
    level = [(r, v) for r, v in zip(rows, results) if r["truth"] != "none"]
    none = [(r, v) for r, v in zip(rows, results) if r["truth"] == "none"]
    errors = [angle_error(v[0], float(r["truth"])) for r, v in level if v[0] is not None]
    return {
        "n": len(rows), "n_level": len(level), "n_none": len(none),
        "answered": len(errors) / len(level) if level else nan,
        "median": statistics.median(errors) if errors else nan,
        "p90": percentile(errors, 90) if errors else nan,
        "max": max(errors) if errors else nan,
        "wrong2": sum(e > 2 for e in errors) / len(level) if level else nan,
        "abstain_none": sum(v[0] is None for _, v in none) / len(none) if none else nan,
        # The measure: answers more than 2° off, or given to a photo without a level reference,
        # as a share of all photos.
        "wrong2_all": (sum(e > 2 for e in errors) + sum(v[0] is not None for _, v in none)) / len(rows)
        if rows else nan,
        "ms": statistics.median(v[2] for v in results) if results else nan,
    }


def fmt(value, kind):
    """A figure as the tables print it: pct (whole percent), pct1, deg (two decimals), ms; NaN as –."""
    if isinstance(value, float) and math.isnan(value):
        return "–"
    return {"pct": f"{100 * value:.0f} %", "pct1": f"{100 * value:.1f} %", "deg": f"{value:.2f}",
            "ms": f"{value:.0f}"}[kind]


def half_table(rows, results_by_method, split):
    """Per group and method, the labelled figures of one half."""
    table = Table(["group", "method", "photos (level / none)", "answered (level)", "median°", "P90°", "max°",
                   "wrong > 2° (of level)", "abstained on none", "ms/photo"], [])
    for group in GROUPS:
        index = [i for i, r in enumerate(rows) if r["split"] == split and group in groups_of(r)]
        if not index:
            continue
        for name, results in results_by_method.items():
            s = summarise([rows[i] for i in index], [results[i] for i in index])
            table.rows.append([group, name, f"{s['n_level']} / {s['n_none']}", fmt(s["answered"], "pct"),
                               fmt(s["median"], "deg"), fmt(s["p90"], "deg"), fmt(s["max"], "deg"),
                               fmt(s["wrong2"], "pct1"), fmt(s["abstain_none"], "pct"), fmt(s["ms"], "ms")])
    return table


def summary_table(rows, results_by_method):
    """One line per method: the photos with a level reference and those without, per half."""
    halves = [h for h in ("dev", "test") if any(r["split"] == h for r in rows)]
    header = ["method"]
    for h in halves:
        header += [f"{h}: answered", f"{h}: median°", f"{h}: P90°", f"{h}: wrong > 2°", f"{h}: abstained on none",
                   f"{h}: wrong of all"]
    table = Table(header, [])
    for name, results in results_by_method.items():
        cells = [name]
        for h in halves:
            index = [i for i, r in enumerate(rows) if r["split"] == h]
            s = summarise([rows[i] for i in index], [results[i] for i in index])
            cells += [fmt(s["answered"], "pct"), fmt(s["median"], "deg"), fmt(s["p90"], "deg"),
                      fmt(s["wrong2"], "pct1"), fmt(s["abstain_none"], "pct"), fmt(s["wrong2_all"], "pct1")]
        table.rows.append(cells)
    return table


def reliability_table(rows, results):
    """imgtool's confidence against its error, per half: for each confidence band, how many photos with a
    level reference fall in it, how many of them were answered, and the share of answers within 1° and
    more than 2° off; photos without a level reference in the band and how many were answered."""
    table = Table(["half", "confidence", "level photos", "answered", "within 1°", "> 2° off", "none photos",
                   "none answered"], [])
    for half in ("dev", "test"):
        for lo, hi in BANDS:
            def in_band(r, v):
                return r["split"] == half and v[1] is not None and lo <= v[1] < hi
            level = [(r, v) for r, v in zip(rows, results) if in_band(r, v) and r["truth"] != "none"]
            none = [(r, v) for r, v in zip(rows, results) if in_band(r, v) and r["truth"] == "none"]
            if not level and not none:
                continue
            errors = [angle_error(v[0], float(r["truth"])) for r, v in level if v[0] is not None]
            within = f"{100 * sum(e <= 1 for e in errors) / len(errors):.0f} %" if errors else "–"
            off = f"{100 * sum(e > 2 for e in errors) / len(errors):.0f} %" if errors else "–"
            table.rows.append([half, f"{lo:.1f}–{min(hi, 1):.1f}", str(len(level)), str(len(errors)), within, off,
                               str(len(none)), str(sum(v[0] is not None for _, v in none))])
    return table


def expected_shift(kind):
    """How far a copy's answer should move from the photo's: the turn of a turned copy, else 0."""
    return float(kind.split()[1].rstrip("°")) if kind.startswith("turn") else 0.0


def measure(records):
    """records: (photo answer, copy kind, copy answer). The self-check's figures: copies answered, within the
    tolerance, deviations, and copies answered where the photo was not ("flipped")."""
    nan = float("nan")
    answered = [r for r in records if r[0] is not None]
    unanswered = [r for r in records if r[0] is None]
    copies_answered = [r for r in answered if r[2] is not None]
    deviations = [angle_error(r[2], r[0] + expected_shift(r[1])) for r in copies_answered]
    return {
        "copies": len(records),
        "answered_copies": len(answered),
        "copies_answered": len(copies_answered) / len(answered) if answered else nan,
        "within": sum(d <= TOLERANCE for d in deviations) / len(answered) if answered else nan,
        "median": statistics.median(deviations) if deviations else nan,
        "p90": percentile(deviations, 90) if deviations else nan,
        "worst": max(deviations) if deviations else nan,
        "flipped": sum(r[2] is not None for r in unanswered) / len(unanswered) if unanswered else nan,
        "unanswered_copies": len(unanswered),
    }


def self_check_tables(photo_list, answers_by_method):
    """photo_list: (id, path, group, split); answers_by_method: method → id → kind ("as is" or a copy kind) →
    answer. Two tables: per photo group and method, and per method and kind of copy."""
    groups = ["all"] + sorted({g for _, _, g, _ in photo_list})
    by_group = Table(["photos", "method", "photos (n)", "answered as is", "copies answered", "copies within 0.3°",
                      "median dev°", "P90 dev°", "worst dev°", "copies answered where the photo was not"], [])
    for group in groups:
        members = [p for p in photo_list if group == "all" or p[2] == group]
        for name, answers in answers_by_method.items():
            records = [(answers[p[0]]["as is"], kind, answers[p[0]][kind]) for p in members for kind in KINDS]
            as_is = sum(answers[p[0]]["as is"] is not None for p in members) / len(members)
            m = measure(records)
            by_group.rows.append([group, name, str(len(members)), fmt(as_is, "pct"), fmt(m["copies_answered"], "pct"),
                                  fmt(m["within"], "pct"), fmt(m["median"], "deg"), fmt(m["p90"], "deg"),
                                  fmt(m["worst"], "deg"), f"{fmt(m['flipped'], 'pct1')} ({m['unanswered_copies']})"])
    by_copy = Table(["method", "copy", "copies answered", "within 0.3°", "median dev°", "worst dev°",
                     "answered where the photo was not"], [])
    for name, answers in answers_by_method.items():
        for kind in KINDS:
            m = measure([(answers[p[0]]["as is"], kind, answers[p[0]][kind]) for p in photo_list])
            by_copy.rows.append([name, kind, fmt(m["copies_answered"], "pct"), fmt(m["within"], "pct"),
                                 fmt(m["median"], "deg"), fmt(m["worst"], "deg"), fmt(m["flipped"], "pct1")])
    return by_group, by_copy


def imgtool_records(stdout):
    """imgtool horizon --json's output, one JSON object a line: file → (angle or None, confidence)."""
    out = {}
    for line in stdout.splitlines():
        if line.strip():
            record = json.loads(line)
            out[record["file"]] = (record["angle"] if record.get("found") else None, record.get("confidence"))
    return out
