"""bench.horizon.sea: the sea category's truth conversion, sampling, scoring and manifest (SEA.md)."""
import csv
import math
import os
import re
import unittest

from bench.horizon import sea, sources


class TruthTests(unittest.TestCase):
    def test_points_rising_to_the_right_give_a_positive_roll(self):
        # y is down: a line rising to the right has y falling as x grows.
        xs = [0, 32, 64, 96, 128]
        ys = [100 - x * math.tan(math.radians(3.0)) for x in xs]
        roll, spread = sea.fitted_roll(xs, ys)
        self.assertAlmostEqual(roll, 3.0, places=9)
        self.assertAlmostEqual(spread, 0.0, places=9)

    def test_the_roll_is_the_least_squares_line_through_noisy_points(self):
        xs = [0, 100, 200, 300]
        ys = [50, 49, 51, 50]  # slope 0.002 (y down: falling to the right), residuals 0.3, −0.9, 0.9, −0.3
        roll, spread = sea.fitted_roll(xs, ys)
        self.assertAlmostEqual(roll, -math.degrees(math.atan(0.002)), places=9)
        self.assertAlmostEqual(spread, math.sqrt((0.09 + 0.81 + 0.81 + 0.09) / 4), places=9)

    def test_an_answer_below_the_labelled_horizon_has_a_positive_offset(self):
        self.assertAlmostEqual(sea.centre_offset([[0, 110.0], [400, 110.0]], (0.0, 100.0), 400), 10.0)
        self.assertAlmostEqual(sea.centre_offset([[0, 90.0], [400, 110.0]], (0.05, 90.0), 400), 0.0)
        self.assertIsNone(sea.centre_offset(None, (0.0, 100.0), 400))


class SamplingTests(unittest.TestCase):
    def test_frames_are_spread_over_the_whole_clip(self):
        picked = sea.evenly_spaced(466, 150)
        self.assertEqual(len(picked), 150)
        self.assertEqual(len(set(picked)), 150)
        self.assertEqual((picked[0], picked[-1]), (0, 465))
        self.assertTrue(all(2 <= b - a <= 4 for a, b in zip(picked, picked[1:])))

    def test_a_short_clip_is_taken_whole(self):
        self.assertEqual(sea.evenly_spaced(5, 150), [0, 1, 2, 3, 4])


class SummaryTests(unittest.TestCase):
    def test_answers_below_the_threshold_count_as_abstentions(self):
        rows = [{"truth": "1.0"}, {"truth": "0.0"}, {"truth": "-2.0"}, {"truth": "0.5"}]
        answers = [(1.5, 0.9), (3.0, 0.6), (-2.1, 0.2), (None, 0.1)]
        s = sea.summary(rows, answers, 0.5)
        self.assertEqual(s["answered"], 0.5)
        self.assertAlmostEqual(s["median"], 1.75)
        self.assertEqual(s["wrong2"], 0.25)
        self.assertEqual(s["wrong2_answered"], 0.5)
        every = sea.summary(rows, answers)
        self.assertEqual(every["answered"], 0.75)
        self.assertAlmostEqual(every["median"], 0.5)


class ManifestTests(unittest.TestCase):
    def test_every_sea_image_is_pinned_labelled_and_one_source_sits_in_one_half(self):
        with open(sea.MANIFEST, newline="") as f:
            rows = list(csv.DictReader(f))
        self.assertTrue(0 < len(rows) <= 150 * 2)
        halves = {}
        for row in rows:
            kind, repo, commit, path = sources.parse(row["obtain"])
            self.assertEqual(kind, "github")
            self.assertRegex(commit, r"^[0-9a-f]{40}$")
            self.assertRegex(row["sha256"], r"^[0-9a-f]{64}$")
            self.assertEqual(row["category"], "sea")
            self.assertEqual(float(row["truth"]), float(row["own_roll"]) + float(row["turn"]))
            # A source is a sequence (video, camera): the path's folder.
            halves.setdefault((repo, os.path.dirname(path)), set()).add(row["split"])
        self.assertTrue(all(len(h) == 1 for h in halves.values()), halves)
        self.assertEqual(len({r["id"] for r in rows}), len(rows))

    def test_the_sea_manifest_has_the_corpus_columns(self):
        with open(os.path.join(os.path.dirname(sea.MANIFEST), "manifest.csv"), newline="") as f:
            corpus_columns = next(csv.reader(f))
        with open(sea.MANIFEST, newline="") as f:
            self.assertEqual(next(csv.reader(f)), corpus_columns)
        self.assertTrue(all(re.fullmatch(r"[a-z_0-9]+", c) for c in sea.COLUMNS))


if __name__ == "__main__":
    unittest.main()
