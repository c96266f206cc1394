#!/usr/bin/env python3
"""The slowest twenty tests of a run, from swift test's xUnit output, into bench/ci.md.

    scripts/slowest.py TIER RESULTS.xml...    # rewrite bench/ci.md's section for TIER (fast, tools, external, all)
    scripts/slowest.py --print RESULTS.xml... # print the table only

scripts/test.sh calls it after every run (RESULTS is .build/test-results/TIER.xml; for the whole run, the
three tiers' files). Each tier's section
between its two markers in bench/ci.md is this script's: do not edit it by hand. Each test's tier comes from
scripts/tiers.py (the suites' tags).
"""

import datetime
import pathlib
import sys
import xml.etree.ElementTree as ElementTree

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import tiers  # noqa: E402

# One generated section per tier (and one for the whole suite), each replaced by that tier's next run.
BEGIN = "<!-- slowest twenty of `scripts/test.sh {tier}`: written by scripts/slowest.py, do not edit -->"
END = "<!-- end of the slowest twenty of `scripts/test.sh {tier}` -->"
COUNT = 20


def cases(path):
    """(suite, test, seconds, failed) for every test case in an xUnit file."""
    root = ElementTree.parse(path).getroot()
    found = []
    for case in root.iter("testcase"):
        failed = case.find("failure") is not None or case.find("error") is not None
        found.append((case.get("classname", ""), case.get("name", ""), float(case.get("time", "0") or 0), failed))
    return found


def cpu_seconds(paths):
    """User + sys seconds of the runs that wrote `paths` (scripts/test.sh's TIER.cpu beside each
    TIER.xml), or None when one is missing."""
    total = 0.0
    for path in paths:
        try:
            # GNU time writes a line of its own first when the command failed: the figures are the last line.
            last = pathlib.Path(path).with_suffix(".cpu").read_text().strip().splitlines()[-1]
            total += sum(float(field) for field in last.split()[:2])
        except (OSError, ValueError, IndexError):
            return None
    return total


def table(paths, tier):
    suites, _ = tiers.scan()
    tier_by_suite = {f"{s['module']}.{s['name']}": tiers.tier_of(s) or "untiered" for s in suites.values()}
    found = [case for path in paths for case in cases(path)]
    total = sum(seconds for _, _, seconds, _ in found)
    per_tier = {}
    for suite, _, seconds, _ in found:
        suite_tier = tier_by_suite.get(suite, "untiered")
        count, time = per_tier.get(suite_tier, (0, 0.0))
        per_tier[suite_tier] = (count + 1, time + seconds)
    cpu = cpu_seconds(paths)
    stamp = datetime.datetime.fromtimestamp(max(pathlib.Path(p).stat().st_mtime for p in paths), datetime.timezone.utc)
    lines = [
        f"`scripts/test.sh {tier}`, {stamp:%Y-%m-%d %H:%M} UTC: {len(found)} tests, {total:.0f} s in all"
        + (f", {cpu:.0f} CPU s (user + sys, the tools the tests ran included) " if cpu is not None else " ")
        + "(each tier runs its tests one after another: a test's time is its own, its machine shared with "
        "the other tiers' runs when the whole suite ran).",
        "",
        "Per tier: " + "; ".join(f"{name} {count} tests, {time:.0f} s" for name, (count, time) in sorted(per_tier.items())),
        "",
        "| # | seconds | tier | test |",
        "|---|---|---|---|",
    ]
    slowest = sorted(found, key=lambda case: -case[2])[:COUNT]
    for rank, (suite, name, seconds, failed) in enumerate(slowest, 1):
        mark = " (failed)" if failed else ""
        lines.append(f"| {rank} | {seconds:.1f} | {tier_by_suite.get(suite, 'untiered')} | `{suite}/{name}`{mark} |")
    return "\n".join(lines)


def main(argv):
    if len(argv) >= 3 and argv[1] == "--print":
        print(table(argv[2:], "?"))
        return 0
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    tier, results = argv[1], argv[2:]
    begin, end = BEGIN.format(tier=tier), END.format(tier=tier)
    section = f"{begin}\n{table(results, tier)}\n{end}"
    document = ROOT / "bench" / "ci.md"
    text = document.read_text(encoding="utf-8")
    if begin in text and end in text:
        before, rest = text.split(begin, 1)
        text = before + section + rest.split(end, 1)[1]
    else:
        heading = "the whole suite" if tier == "all" else f"the {tier} tier"
        text = text.rstrip("\n") + f"\n\n### The slowest twenty tests of {heading}, last run\n\n{section}\n"
    document.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
