#!/usr/bin/env python3
"""Lists the longest Swift functions (func, init, subscript, computed var): lines from the
declaration to its closing brace, counted by braces outside strings and comments.
Usage: scripts/longest-functions.py [FOLDER] [COUNT]"""
import re, sys, os
root = sys.argv[1] if len(sys.argv) > 1 else "Sources"
top = int(sys.argv[2]) if len(sys.argv) > 2 else 15
decl = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|override|mutating|nonisolated|final|class|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?|subscript|var\s+\w+\s*:[^={]*\{)')
results = []
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".swift"): continue
        path = os.path.join(dirpath, name)
        lines = open(path, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            m = decl.match(lines[i])
            if not m:
                i += 1; continue
            depth = 0; started = False; j = i; in_multi = False
            while j < len(lines):
                line = lines[j]
                if '"""' in line:
                    if line.count('"""') == 1: in_multi = not in_multi
                    j += 1
                    if started and depth == 0: break
                    continue
                if in_multi: j += 1; continue
                text = re.sub(r'"(\\.|[^"\\])*"', '""', line)
                text = text.split("//")[0]
                for ch in text:
                    if ch == "{": depth += 1; started = True
                    elif ch == "}": depth -= 1
                if started and depth <= 0: break
                if not started and j > i + 12: break
                j += 1
            if started:
                results.append((j - i + 1, path, i + 1, m.group(1).split("(")[0].strip()))
            i += 1
results.sort(reverse=True)
for n, path, line, name in results[:top]:
    print(f"{n:4d}  {path}:{line}  {name}")
