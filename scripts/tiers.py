#!/usr/bin/env python3
"""The test tiers, read from the suites' Swift Testing tags (the one place a suite's tier is written).

    scripts/tiers.py check                   # every @Test sits in a suite tagged with exactly one tier
    scripts/tiers.py check --listed FILE     # and so does every test `swift test list` printed into FILE
    scripts/tiers.py filter fast             # --filter patterns (one a line) selecting the fast tier's suites
    scripts/tiers.py filter external --shard 2/3 TIMES.xml...  # the second of three shards, balanced by times
    scripts/tiers.py filter sanitizer-smoke  # the tests tagged sanitizerSmoke (CI runs them under ASan)
    scripts/tiers.py list [TIER]             # tier, suite, @Test count and file, one suite a line
    scripts/tiers.py count                   # suites and @Test functions per tier

`swift test` (Swift 6.3) filters by test name only, not by tag: scripts/test.sh turns a tier into the
names of its suites with `filter`. The tags are declared in Tests/TestSupport/Tiers.swift; docs/TESTING.md
says what each tier covers.
"""

import pathlib
import re
import sys
import xml.etree.ElementTree as ElementTree

ROOT = pathlib.Path(__file__).resolve().parent.parent
TIERS = ("fast", "tools", "external")
# Folders under Tests/ that hold helpers for the test targets, not tests.
HELPER_TARGETS = {"TestSupport", "ImageTestSupport"}

DECLARATION = re.compile(r"(?:^|\s)(struct|class|enum|actor|extension)\s+([A-Za-z_]\w*)")
TAGS = re.compile(r"\.tags\(([^)]*)\)")
HOW_TO_TAG = (
    "Give every suite exactly one tier tag in its @Suite attribute, e.g.\n"
    "    @Suite(.tags(.fast)) struct MyTests { ... }\n"
    "  .fast: pure cores, faces and engines called in process (no built binary, no external program);\n"
    "  .tools: runs the built imgtool / pdflayout as a user does;\n"
    "  .external: browsers, EPUBCheck/JVMs, RawTherapee/darktable, Slurm/sshd, fuzz runs, corpora, OCR over\n"
    "    many documents.\n"
    "A @Test outside a suite (a free function) cannot be tagged once for its file: put it in a @Suite.\n"
    "The tags are declared in Tests/TestSupport/Tiers.swift; docs/TESTING.md describes the tiers."
)


def attribute_text(lines, start, attribute="@Suite"):
    """The attribute starting on line `start`, with its parenthesised arguments across lines."""
    text = lines[start]
    at = text.index(attribute)
    if not text[at + len(attribute):].startswith("("):
        return attribute, start
    depth, end_line = 0, start
    chunk = text[at:]
    collected = ""
    # Gather until the parentheses after the attribute's name close.
    while True:
        for ch in chunk:
            collected += ch
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    return collected, end_line
        end_line += 1
        if end_line >= len(lines):
            return collected, end_line
        chunk = "\n" + lines[end_line]


def scan():
    """Suites (module, name, tags, file, line, @Test count) and tests outside any suite; the tests tagged
    sanitizerSmoke are left in scan.smoke."""
    suites = {}  # (module, name) -> dict
    extensions = []  # (module, name, file, line, tests)
    free_tests = []  # (module, file, line)
    smoke = []  # tests tagged sanitizerSmoke: (module, suite, function)
    for path in sorted((ROOT / "Tests").rglob("*.swift")):
        module = path.relative_to(ROOT / "Tests").parts[0]
        if module in HELPER_TARGETS:
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        in_string = False
        top = None  # the current top-level declaration: (kind, name) or None
        pending_attribute = None
        for number, line in enumerate(lines):
            if in_string:
                if line.count('"""') % 2 == 1:
                    in_string = False
                continue
            code = line.split("//", 1)[0] if not line.lstrip().startswith("///") else ""
            at_top = line[:1] not in (" ", "\t", "}", "")
            if at_top and code.startswith("@Suite"):
                pending_attribute, attribute_end = attribute_text(lines, number)
                if attribute_end == number:
                    code = code.replace(pending_attribute, "", 1)
            declaration = DECLARATION.search(code) if at_top else None
            if declaration and not code.lstrip().startswith(("let ", "var ", "func ", "@Test", "static ")):
                kind, name = declaration.group(1), declaration.group(2)
                if kind == "extension":
                    top = ("extension", name)
                    extensions.append({"module": module, "name": name, "file": path, "line": number + 1, "tests": 0})
                elif pending_attribute is not None:
                    tags = [t.strip().lstrip(".") for found in TAGS.findall(pending_attribute) for t in found.split(",")]
                    top = ("suite", name)
                    suites[(module, name)] = {"module": module, "name": name, "file": path, "line": number + 1,
                                              "tags": tags, "tests": 0}
                    pending_attribute = None
                else:
                    top = ("type", name)
            if "@Test" in code and re.search(r"@Test\b", code):
                test_tags = " ".join(TAGS.findall(attribute_text(lines, number, "@Test")[0]))
                if "sanitizerSmoke" in test_tags and top is not None:
                    function = next((m.group(1) for later in lines[number:number + 8]
                                     for m in [re.search(r"\bfunc\s+(\w+)", later)] if m), None)
                    smoke.append({"module": module, "suite": top[1], "function": function, "file": path,
                                  "line": number + 1})
                if at_top:
                    free_tests.append({"module": module, "file": path, "line": number + 1})
                elif top is None or top[0] == "type":
                    free_tests.append({"module": module, "file": path, "line": number + 1,
                                       "type": top[1] if top else None})
                elif top[0] == "suite":
                    suites[(module, top[1])]["tests"] += 1
                else:
                    extensions[-1]["tests"] += 1
            if code.count('"""') % 2 == 1:
                in_string = True
    for extension in extensions:
        suite = suites.get((extension["module"], extension["name"]))
        if suite is not None:
            suite["tests"] += extension["tests"]
        elif extension["tests"]:
            free_tests.append({"module": extension["module"], "file": extension["file"],
                               "line": extension["line"], "type": extension["name"]})
    scan.smoke = smoke
    return suites, free_tests


def tier_of(suite):
    tiers = [t for t in suite["tags"] if t in TIERS]
    return tiers[0] if len(tiers) == 1 else None


def where(item):
    return f"{item['file'].relative_to(ROOT)}:{item['line']}"


def check():
    suites, free_tests = scan()
    problems = []
    for suite in suites.values():
        tiers = [t for t in suite["tags"] if t in TIERS]
        if not tiers:
            problems.append(f"{where(suite)}: suite {suite['name']} has no tier tag")
        elif len(tiers) > 1:
            problems.append(f"{where(suite)}: suite {suite['name']} has {len(tiers)} tier tags: {tiers}")
    for test in free_tests:
        problems.append(f"{where(test)}: a @Test outside a @Suite cannot be put in a tier")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"\n{len(problems)} untiered; {HOW_TO_TAG}", file=sys.stderr)
        return 1
    return 0


def filters(tier, shard=None, times=()):
    """One --filter pattern per suite: `Module.Suite/` matches the suite's tests and nothing else
    (read as a regular expression or as a plain substring of the test ID alike). With shard = (i, n),
    the i-th of n shards (1-based): the suites dealt longest first, each to the shard with the least
    time so far, by their times in the xUnit files given (a suite not in them counts a second)."""
    suites, _ = scan()
    names = [f"{s['module']}.{s['name']}" for s in sorted(suites.values(), key=lambda s: (s["module"], s["name"]))
             if tier_of(s) == tier]
    if shard is not None:
        seconds = {}
        for path in times:
            try:
                for case in ElementTree.parse(path).getroot().iter("testcase"):
                    suite = case.get("classname", "")
                    seconds[suite] = seconds.get(suite, 0.0) + float(case.get("time", "0") or 0)
            except (OSError, ElementTree.ParseError):
                pass
        index, count = shard
        loads = [0.0] * count
        dealt = [[] for _ in range(count)]
        for name in sorted(names, key=lambda name: (-seconds.get(name, 1.0), name)):
            least = loads.index(min(loads))
            loads[least] += seconds.get(name, 1.0)
            dealt[least].append(name)
        names = sorted(dealt[index - 1])
    return [name + "/" for name in names]


def smoke_filters():
    """One --filter pattern per test tagged sanitizerSmoke: `Module.Suite/function(`."""
    scan()
    return [f"{t['module']}.{t['suite']}/{t['function']}" for t in scan.smoke]


def check_listed(path):
    """Every test `swift test list` printed belongs to a tiered suite (the scan missed none)."""
    suites, _ = scan()
    tiered = {f"{s['module']}.{s['name']}" for s in suites.values() if tier_of(s)}
    listed = [line.strip() for line in open(path, encoding="utf-8") if "/" in line and "." in line.split("/")[0]]
    stray = sorted({test for test in listed if test.split("/")[0] not in tiered})
    if stray:
        print("\n".join(f"{test}: not in a tiered suite" for test in stray), file=sys.stderr)
        print(f"\n{len(stray)} untiered tests; {HOW_TO_TAG}", file=sys.stderr)
        return 1
    if not listed:
        print(f"{path}: no tests listed", file=sys.stderr)
        return 1
    return 0


def main(argv):
    command = argv[1] if len(argv) > 1 else "check"
    if command == "check" and len(argv) == 2:
        return check()
    if command == "check" and len(argv) == 4 and argv[2] == "--listed":
        return check() or check_listed(argv[3])
    if command == "filter" and len(argv) >= 3 and argv[2] in TIERS:
        shard = None
        if len(argv) >= 5 and argv[3] == "--shard":
            index, count = (int(part) for part in argv[4].split("/"))
            shard = (index, count)
        print("\n".join(filters(argv[2], shard, argv[5:])))
        return 0
    if command == "filter" and len(argv) == 3 and argv[2] == "sanitizer-smoke":
        print("\n".join(smoke_filters()))
        return 0
    if command == "list":
        suites, _ = scan()
        for s in sorted(suites.values(), key=lambda s: (tier_of(s) or "", s["module"], s["name"])):
            if len(argv) < 3 or tier_of(s) == argv[2]:
                print(f"{tier_of(s) or 'UNTIERED'}\t{s['module']}.{s['name']}\t{s['tests']}\t{where(s)}")
        return 0
    if command == "count":
        suites, free_tests = scan()
        for tier in TIERS + (None,):
            chosen = [s for s in suites.values() if tier_of(s) == tier]
            print(f"{tier or 'untiered'}\t{len(chosen)} suites\t{sum(s['tests'] for s in chosen)} @Test functions")
        print(f"outside suites\t{len(free_tests)} @Test functions")
        print(f"sanitizer smoke\t{len(scan.smoke)} @Test functions (within the tools tier)")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
