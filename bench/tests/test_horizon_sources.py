"""bench.horizon.sources: where each corpus image comes from, pinned, and found again without fetching."""
import csv
import os
import re
import tempfile
import unittest

from bench.horizon import sources

HORIZON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "horizon")
COMMIT = "bfcc2c9e75d7481379b4f8de1f01c1ce576ed2d7"


class ParseTests(unittest.TestCase):
    def test_the_two_kinds_of_spec_are_read(self):
        self.assertEqual(sources.parse("deb:kphotoalbum=5.9.1-1:/usr/share/kphotoalbum/demo/cold_water.jpg"),
                         ("deb", "kphotoalbum=5.9.1-1", "usr/share/kphotoalbum/demo/cold_water.jpg"))
        self.assertEqual(sources.parse(f"github:johndpope/BMVC-Dubska@{COMMIT}:YorkUrbanDB/P1/P1.jpg"),
                         ("github", "johndpope/BMVC-Dubska", COMMIT, "YorkUrbanDB/P1/P1.jpg"))

    def test_an_unpinned_or_unknown_spec_is_refused(self):
        for spec in ("deb:kphotoalbum:/usr/share/x.jpg", "github:owner/name:path.jpg", "https://example.org/x.jpg",
                     f"github:name@{COMMIT}:path.jpg", ""):
            with self.assertRaises(ValueError, msg=spec):
                sources.parse(spec)

    def test_every_corpus_and_candidate_image_is_pinned_to_a_version_or_a_commit(self):
        count = 0
        for name in ("manifest.csv", "landscapes.csv", os.path.join("landscapes", "candidates.csv")):
            with open(os.path.join(HORIZON, name), newline="") as f:
                for row in csv.DictReader(f):
                    kind, *parts = sources.parse(row["obtain"])
                    pin = parts[1] if kind == "github" else parts[0].split("=", 1)[1]
                    self.assertTrue(re.fullmatch(r"[0-9a-f]{40}", pin) if kind == "github" else pin, row["obtain"])
                    count += 1
        self.assertGreater(count, 2000)


class ObtainTests(unittest.TestCase):
    def test_a_file_already_fetched_is_found_where_it_was_put(self):
        with tempfile.TemporaryDirectory() as work:
            os.makedirs(os.path.join(work, "pkgs", "kphotoalbum"))
            self.assertEqual(sources.obtain("deb:kphotoalbum=5.9.1-1:/usr/share/demo/a.jpg", work),
                             os.path.join(work, "pkgs", "kphotoalbum", "usr/share/demo/a.jpg"))
            fetched = os.path.join(work, "src", "johndpope+BMVC-Dubska", "YorkUrbanDB", "P1.jpg")
            os.makedirs(os.path.dirname(fetched))
            open(fetched, "wb").close()
            self.assertEqual(sources.obtain(f"github:johndpope/BMVC-Dubska@{COMMIT}:YorkUrbanDB/P1.jpg", work),
                             fetched)


if __name__ == "__main__":
    unittest.main()
