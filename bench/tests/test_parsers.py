"""The bench's readers of the tools' output: imgtool horizon --json records, the raw bench's first record,
and peak.py's line of figures."""
import os
import subprocess
import sys
import tempfile
import types
import unittest

from bench.horizon import raw_bench
from bench.horizon.scoring import imgtool_records

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# As imgtool horizon --json -j 2 writes them: one object a line, in the order the pictures finish.
RECORDS = """\
{"file":"b.jpg","found":true,"angle":-2.5,"confidence":0.91,"evidence":"horizonLine"}
{"file":"a.jpg","found":false,"angle":0,"confidence":0.31}

{"file":"c.jpg","found":true,"angle":0.04}
"""


class ImgtoolRecordTests(unittest.TestCase):
    def test_a_picture_without_a_horizon_has_no_angle_whatever_the_angle_field_says(self):
        self.assertEqual(imgtool_records(RECORDS), {"b.jpg": (-2.5, 0.91), "a.jpg": (None, 0.31),
                                                    "c.jpg": (0.04, None)})

    def test_the_raw_bench_reads_the_first_record(self):
        result = types.SimpleNamespace(stdout=RECORDS.encode())
        self.assertEqual(raw_bench.angle(result), (-2.5, 0.91))


class PeakTests(unittest.TestCase):
    def peak(self, *command):
        return subprocess.run([sys.executable, "-m", "bench.memory.peak", "--", *command], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)

    def test_peak_prints_five_figures_and_passes_the_exit_status_on(self):
        done = self.peak("sh", "-c", "head -c 20000000 /dev/zero | tail -c 1 >/dev/null; exit 3")
        self.assertEqual(done.returncode, 3, done.stderr)
        wall, cpu, peak_kb, anon_kb, file_kb = done.stdout.split("\t")
        self.assertGreater(float(wall), 0)
        self.assertGreaterEqual(float(cpu), 0)
        self.assertGreater(int(peak_kb), 0)
        self.assertGreaterEqual(int(anon_kb), 0)
        self.assertGreaterEqual(int(file_kb), 0)

    def test_the_commands_output_goes_to_the_file_given(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "out.txt")
            done = subprocess.run([sys.executable, "-m", "bench.memory.peak", "--out", out, "--", "echo", "hello"],
                                  cwd=ROOT, capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(out) as f:
                self.assertEqual(f.read(), "hello\n")


class PackageTests(unittest.TestCase):
    def test_no_bench_module_edits_the_import_path(self):
        offenders = []
        for directory, _, names in os.walk(os.path.join(ROOT, "bench")):
            for name in names:
                if name.endswith(".py") and name != os.path.basename(__file__):
                    with open(os.path.join(directory, name)) as f:
                        if "sys.path" in f.read():
                            offenders.append(os.path.join(directory, name))
        self.assertEqual(offenders, [])

    def test_every_bench_folder_with_python_is_a_package(self):
        missing = []
        for directory, folders, names in os.walk(os.path.join(ROOT, "bench")):
            folders[:] = [f for f in folders if f not in ("__pycache__", "out", "corpus", "data")]
            if any(n.endswith(".py") for n in names) and "__init__.py" not in names:
                missing.append(directory)
        self.assertEqual(missing, [])


if __name__ == "__main__":
    unittest.main()
