#!/usr/bin/env python3
"""peak.py [--out FILE] -- COMMAND...: runs COMMAND and prints one line of tab-separated figures:
wall seconds, CPU seconds (user + system), peak RSS in KB (the kernel's own maximum, from wait4,
as GNU time reports it), and the largest RssAnon and RssFile seen while polling /proc every 20 ms
(private memory, and mapped files such as shared libraries and the spool). Standard output and
error of COMMAND go to FILE (default /dev/null). The exit status is COMMAND's."""
import os
import sys
import time

args = sys.argv[1:]
out = os.devnull
if args[:1] == ["--out"]:
    out, args = args[1], args[2:]
if args[:1] == ["--"]:
    args = args[1:]

start = time.monotonic()
pid = os.fork()
if pid == 0:
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.execvp(args[0], args)
anon = mapped = 0
while True:
    done, status, usage = os.wait4(pid, os.WNOHANG)
    if done:
        break
    try:
        with open(f"/proc/{pid}/status") as status_file:
            for line in status_file:
                if line.startswith("RssAnon:"):
                    anon = max(anon, int(line.split()[1]))
                elif line.startswith("RssFile:"):
                    mapped = max(mapped, int(line.split()[1]))
    except OSError:
        pass
    time.sleep(0.02)
wall = time.monotonic() - start
print(f"{wall:.3f}\t{usage.ru_utime + usage.ru_stime:.3f}\t{usage.ru_maxrss}\t{anon}\t{mapped}")
sys.exit(os.waitstatus_to_exitcode(status))
