"""The horizon corpus's halves are dealt by source photo (bench.horizon.splits, landscape_consensus), and the
corpus files in the repository hold to it."""
import collections
import contextlib
import csv
import io
import json
import os
import sys
import tempfile
import unittest

from bench.horizon import landscape_consensus, splits

HORIZON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "horizon")


def manifest():
    with open(os.path.join(HORIZON, "manifest.csv"), newline="") as f:
        return list(csv.DictReader(f))


class DealTests(unittest.TestCase):
    def test_each_category_alternates_by_hash_and_tuned_or_fixed_photos_keep_their_half(self):
        photos = [{"id": f"pkg/p{i}", "category": "open"} for i in range(6)]
        photos += [{"id": "pkg/summer", "category": "open"}, {"id": "pkg/old", "category": "urban"},
                   {"id": "york/x", "category": "urban", "split": "test"}]
        splits.deal(photos, fixed={"pkg/old": "test"}, tuned={"summer"})
        by_id = {p["id"]: p["split"] for p in photos}
        self.assertEqual((by_id["pkg/summer"], by_id["pkg/old"], by_id["york/x"]), ("dev", "test", "test"))
        ordered = sorted((p for p in photos[:6]), key=lambda p: splits.stable_hash(p["id"]))
        self.assertEqual([p["split"] for p in ordered], ["dev", "test"] * 3)

    def test_turns_fall_in_their_bands_with_one_decimal(self):
        for photo in ("a", "b", "c", "eurasian-cities/000"):
            for turn, (lo, hi) in zip(splits.turns(photo, 3), splits.TURN_BANDS):
                self.assertTrue(lo <= abs(turn) <= hi, (photo, turn))
                self.assertEqual(turn, round(turn, 1))
        self.assertEqual(splits.turns("x", 3), splits.turns("x", 3))

    def test_the_manifests_turned_copies_are_the_turns_of_their_photo(self):
        turned = collections.defaultdict(list)
        for r in manifest():
            if r["source"] == "eurasian-cities" and float(r["turn"]) != 0:
                turned[r["source_photo"]].append(float(r["turn"]))
        self.assertGreater(len(turned), 50)
        for photo, found in turned.items():
            self.assertEqual(found, splits.turns(photo, 2), photo)


class CorpusTests(unittest.TestCase):
    def test_no_source_photo_has_images_in_both_halves(self):
        halves = collections.defaultdict(set)
        for r in manifest():
            halves[r["source_photo"]].add(r["split"])
        self.assertGreater(len(halves), 500)
        self.assertEqual([p for p, h in halves.items() if len(h) != 1], [])
        self.assertEqual(set().union(*halves.values()), {"dev", "test"})

    def test_a_turned_image_is_its_photos_roll_plus_the_turn(self):
        for r in manifest():
            if r["truth"] != "none":
                self.assertAlmostEqual(float(r["truth"]), float(r["own_roll"]) + float(r["turn"]), places=3)


class LandscapeTests(unittest.TestCase):
    def test_candidates_alternate_within_each_source(self):
        candidates = {f"s{s}/{i}": {"source": f"s{s}"} for s in range(2) for i in range(5)}
        dealt = landscape_consensus.splits(candidates)
        for source in ("s0", "s1"):
            halves = collections.Counter(v for k, v in dealt.items() if k.startswith(source + "/"))
            self.assertEqual(halves, {"dev": 3, "test": 2})

    def test_the_landscapes_halves_are_the_ones_dealt_before_any_reading(self):
        with open(os.path.join(HORIZON, "landscapes", "candidates.csv"), newline="") as f:
            candidates = {r["id"]: r for r in csv.DictReader(f)}
        with open(os.path.join(HORIZON, "landscapes.csv"), newline="") as f:
            kept = list(csv.DictReader(f))
        dealt = landscape_consensus.splits(candidates)
        self.assertGreater(len(kept), 200)
        self.assertEqual([r["id"] for r in kept if dealt[r["id"]] != r["split"]], [])

    def test_two_readers_make_truth_only_when_they_agree(self):
        readings = [
            {"id": "a", "reader": "R1", "kind": "line", "roll": 1.0, "note": "open; sea"},
            {"id": "a", "reader": "R2", "kind": "line", "roll": 1.1, "checks": {"symmetric": 1.2},
             "note": "partial; sea"},
            {"id": "b", "reader": "R1", "kind": "none", "roll": 0, "note": "none; clouds"},
            {"id": "b", "reader": "R2", "kind": "none", "roll": 0, "note": "none; clouds"},
            {"id": "c", "reader": "R1", "kind": "line", "roll": 1.0, "note": "open; sea"},
            {"id": "c", "reader": "R2", "kind": "line", "roll": 1.5, "note": "open; sea"},
            {"id": "d", "reader": "R1", "kind": "line", "roll": 1.0, "note": "open; sea"},
        ]
        with tempfile.TemporaryDirectory() as folder:
            candidates = os.path.join(folder, "candidates.csv")
            with open(candidates, "w", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(["id", "obtain", "source", "licence", "scene"])
                for pid in "abcd":
                    writer.writerow([pid, f"url:{pid}", "src", "CC0", "a scene"])
            jsonl = os.path.join(folder, "readings.jsonl")
            with open(jsonl, "w") as f:
                f.write("\n".join(json.dumps(r) for r in readings) + "\n")
            out, err = io.StringIO(), io.StringIO()
            argv = sys.argv
            sys.argv = ["landscape_consensus", candidates, jsonl]
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    landscape_consensus.main()
            finally:
                sys.argv = argv
        rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out.getvalue()))}
        self.assertEqual(sorted(rows), ["a", "b"])
        self.assertEqual(rows["a"]["own_roll"], "1.100")  # the symmetric fit (1.2) and the whole one (1.0)
        self.assertEqual(rows["a"]["category"], "partial")  # the harder of the two namings
        self.assertEqual((rows["b"]["own_roll"], rows["b"]["category"]), ("none", "none"))
        self.assertIn("left out c: rolls", err.getvalue())
        self.assertIn("left out d: 1 reading(s)", err.getvalue())


if __name__ == "__main__":
    unittest.main()
