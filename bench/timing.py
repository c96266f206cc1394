"""Timing shared by the benches."""
import resource
import statistics
import subprocess
import time


def timed_rounds(commands, rounds=9):
    """Median wall and CPU milliseconds of each command (name → argv), run in interleaved rounds so that the
    load of a shared machine falls on all of them alike."""
    samples = {name: ([], []) for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            samples[name][0].append(wall * 1000)
            samples[name][1].append(cpu * 1000)
    return {name: (statistics.median(w), statistics.median(c)) for name, (w, c) in samples.items()}
