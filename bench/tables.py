"""The bench's Markdown tables, written from their data files.

    python3 -m bench.tables                 # rewrite every generated table in bench/**/*.md from its CSV
    python3 -m bench.tables --check         # exit 1 if a table differs from its CSV, or is not generated
    python3 -m bench.tables adopt FILE.md   # move FILE.md's hand-written tables into CSVs and mark them

A generated table sits between two markers; its cells are the rows of one CSV file (the first row is the
header), the path relative to the Markdown file:

    <!-- table data/results/stop-14-where-the-copies-fail.csv: written by python3 -m bench.tables, do not edit -->
    | copy | answered by the line | ...
    <!-- end table data/results/stop-14-where-the-copies-fail.csv -->

`align=` after the path (l, r, c per column: `align=lrr`) sets the columns' alignment. Edit the CSV (or
let a bench script write it: bench.horizon.bench --tables DIR), then run this module; the tests fail when
a section and its CSV disagree, so the numbers in the Markdown are the data's. The prose stays around the
sections, by hand. A script that prints Markdown tables (the shell benches do) gives its CSVs the same way:
save its output as RUN.md, `python3 -m bench.tables adopt RUN.md`, and copy data/run/*.csv over the section's.
scripts/slowest.py writes bench/ci.md's slowest-twenty sections in the same way."""
import argparse
import csv
import io
import os
import re
import sys
from dataclasses import dataclass

BENCH = os.path.dirname(os.path.abspath(__file__))
WRITER = "written by python3 -m bench.tables, do not edit"
BEGIN = re.compile(r"^<!-- table (\S+?)(?: align=([lrc]+))?: " + re.escape(WRITER) + r" -->$")
END = "<!-- end table {path} -->"
# Sections other generators own (their lines are tables, not hand-written ones).
FOREIGN = [(re.compile(r"^<!-- slowest twenty of .*: written by scripts/slowest\.py, do not edit -->$"),
            re.compile(r"^<!-- end of the slowest twenty of "))]
ALIGN_ROW = {"l": "---", "r": "---:", "c": ":---:"}


@dataclass
class Table:
    header: list
    rows: list
    align: str = ""

    def markdown(self):
        """The table as GitHub Markdown lines, one cell per column, `|` inside a cell escaped."""
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:
                raise ValueError(f"a row of {len(row)} cells in a table of {width} columns: {row}")
        align = self.align or "l" * width
        if len(align) != width:
            raise ValueError(f"align={align} for {width} columns")

        def line(cells):
            return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"
        return "\n".join([line(self.header), "|" + "|".join(ALIGN_ROW[a] for a in align) + "|"]
                         + [line(r) for r in self.rows])

    def csv_text(self):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)
        return out.getvalue()

    def write_csv(self, path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", newline="") as f:
            f.write(self.csv_text())


def read_csv(path, align=""):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: no header row")
    return Table(rows[0], rows[1:], align)


def split_row(line):
    """The cells of one Markdown table line (`\\|` is a pipe inside a cell)."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", body)]


def parse_align(line):
    """'lrc…' from a Markdown delimiter row, or None if the line is not one."""
    cells = split_row(line)
    if not cells or not all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
        return None
    return "".join("c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l"
                   for c in cells)


def section(path, align):
    return f"<!-- table {path}{' align=' + align if align else ''}: {WRITER} -->"


def fill(text, base):
    """text with every generated section rewritten from its CSV (paths relative to base)."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        match = BEGIN.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        path, align = match.group(1), match.group(2) or ""
        end = END.format(path=path)
        try:
            j = lines.index(end, i + 1)
        except ValueError:
            raise ValueError(f"the table {path} has no end marker ({end})") from None
        out += [lines[i], read_csv(os.path.join(base, path), align).markdown(), end]
        i = j + 1
    return "\n".join(out)


def unmarked_tables(text):
    """(line number, line) of every table line outside a generated section and outside code blocks."""
    found = []
    inside = None
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif inside is not None:
            if inside.match(line):
                inside = None
        elif BEGIN.match(line):
            inside = re.compile("^" + re.escape(END.format(path=BEGIN.match(line).group(1))) + "$")
        elif any(begin.match(line) for begin, _ in FOREIGN):
            inside = next(end for begin, end in FOREIGN if begin.match(line))
        elif line.startswith("|") and not fenced:
            found.append((number, line))
    return found


def slug(text, words=6):
    text = re.sub(r"`[^`]*`", lambda m: m.group(0).strip("`"), text.lower())
    parts = re.findall(r"[a-z0-9]+", text)
    return "-".join(parts[:words]) or "table"


def heading_slug(levels):
    """A name for a table from the headings above it: "stop N" when the section names one."""
    parts = []
    for level in sorted(levels):
        title = levels[level]
        stop = re.search(r"\bstop (\d+)", title)
        if stop and level <= 2:
            parts.append(f"stop-{stop.group(1)}")
            rest = title.split(":", 1)[1] if ":" in title else ""
            if level == max(levels) and rest:
                parts.append(slug(rest, 4))
        else:
            parts.append(slug(re.sub(r"^\d{4}-\d{2}-\d{2},?\s*", "", title), 5 if level == max(levels) else 3))
    return "-".join(p for p in parts if p)[:80].strip("-") or "table"


def adopt(md_path):
    """Moves every hand-written table of md_path into data/STEM/NAME.csv beside it and marks it.
    Returns the CSV paths written."""
    base = os.path.dirname(os.path.abspath(md_path))
    stem = os.path.splitext(os.path.basename(md_path))[0].lower()
    with open(md_path) as f:
        lines = f.read().split("\n")
    unmarked = {n for n, _ in unmarked_tables("\n".join(lines))}
    used = set()
    if os.path.isdir(os.path.join(base, "data", stem)):
        used = {os.path.splitext(n)[0] for n in os.listdir(os.path.join(base, "data", stem))}
    headings = {}
    out, written = [], []
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = re.match(r"^(#{1,6}) (.*)$", line)
        if heading:
            level = len(heading.group(1))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = heading.group(2)
        if i + 1 not in unmarked or i + 1 >= len(lines) or parse_align(lines[i + 1]) is None:
            out.append(line)
            i += 1
            continue
        header, align = split_row(line), parse_align(lines[i + 1])
        j = i + 2
        rows = []
        while j < len(lines) and lines[j].startswith("|") and j + 1 in unmarked:
            row = split_row(lines[j])
            rows.append(row + [""] * (len(header) - len(row)) if len(row) < len(header) else row[:len(header)])
            j += 1
        name = heading_slug({k: v for k, v in headings.items() if k > 1}) if len(headings) > 1 else stem
        candidate, n = name, 2
        while candidate in used:
            candidate, n = f"{name}-{n}", n + 1
        used.add(candidate)
        relative = f"data/{stem}/{candidate}.csv"
        table = Table(header, rows, "" if set(align) == {"l"} else align)
        table.write_csv(os.path.join(base, relative))
        written.append(relative)
        out += [section(relative, table.align), table.markdown(), END.format(path=relative)]
        i = j
    with open(md_path, "w") as f:
        f.write("\n".join(out))
    return written


# Folders of bench/ that runs write into (.gitignore): their Markdown is a run's output, not the record.
OUTPUT_FOLDERS = {"out", "corpus", "__pycache__"}


def markdown_files(root=BENCH):
    found = []
    for directory, folders, names in os.walk(root):
        folders[:] = [f for f in folders if not (directory == root and f in OUTPUT_FOLDERS)]
        found += [os.path.join(directory, n) for n in names if n.endswith(".md")]
    return sorted(found)


def _sections(text):
    """CSV path → the lines of its generated section in text."""
    out, current = {}, None
    for line in text.split("\n"):
        match = BEGIN.match(line)
        if match:
            current = out.setdefault(match.group(1), [])
        elif current is not None:
            if line.startswith("<!-- end table "):
                current = None
            else:
                current.append(line)
    return out


def problems(path):
    """What is wrong with one Markdown file's tables: sections unlike their CSVs, tables not generated."""
    with open(path) as f:
        text = f.read()
    out = []
    try:
        filled = fill(text, os.path.dirname(path))
    except (OSError, ValueError) as error:
        filled = None
        out.append(f"{path}: {error}")
    if filled is not None and filled != text:
        found, wanted = _sections(text), _sections(filled)
        for csv_path in sorted(p for p in wanted if found.get(p) != wanted[p]):
            out.append(f"{path}: the table of {csv_path} differs from the CSV (edit the CSV, run python3 -m "
                       "bench.tables)")
    out += [f"{path}:{n}: a table outside a generated section (python3 -m bench.tables adopt {path})"
            for n, _ in unmarked_tables(text)]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bench.tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=["fill", "adopt"], default="fill")
    parser.add_argument("files", nargs="*", help="Markdown files (default: every one under bench/)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on any difference")
    args = parser.parse_args(argv)
    files = args.files or markdown_files()
    if args.command == "adopt":
        for path in files:
            for written in adopt(path):
                print(f"{path}: {written}")
        return 0
    if args.check:
        found = [p for path in files for p in problems(path)]
        print("\n".join(found) or f"{len(files)} files: every table is its data's", file=sys.stderr)
        return 1 if found else 0
    for path in files:
        with open(path) as f:
            text = f.read()
        filled = fill(text, os.path.dirname(path))
        if filled != text:
            with open(path, "w") as f:
                f.write(filled)
            print(f"rewrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
