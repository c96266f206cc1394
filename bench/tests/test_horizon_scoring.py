"""bench.horizon.scoring: errors, percentiles, the labelled and self-check figures and their tables, on cases
worked out by hand."""
import math
import unittest

from bench.horizon import scoring


def row(truth, split="dev", category="urban", fmt="landscape", size="normal", photo="york-urban/P1"):
    return {"truth": truth, "split": split, "category": category, "format": fmt, "size": size,
            "source_photo": photo}


class ErrorTests(unittest.TestCase):
    def test_an_error_is_taken_modulo_180_degrees(self):
        self.assertAlmostEqual(scoring.angle_error(1.0, -1.5), 2.5)
        self.assertAlmostEqual(scoring.angle_error(179.0, 1.0), 2.0)
        self.assertAlmostEqual(scoring.angle_error(-89.5, 90.0), 0.5)
        self.assertAlmostEqual(scoring.angle_error(45.0, -45.0), 90.0)

    def test_percentiles_interpolate_between_ranks_as_numpy_does(self):
        self.assertAlmostEqual(scoring.percentile([4, 1, 3, 2], 90), 3.7)
        self.assertAlmostEqual(scoring.percentile([10], 90), 10)
        self.assertAlmostEqual(scoring.percentile([0, 10], 50), 5)
        self.assertEqual(scoring.percentile([5, 1, 9], 100), 9)
        with self.assertRaises(ValueError):
            scoring.percentile([], 50)

    def test_figures_print_as_the_tables_do(self):
        self.assertEqual(scoring.fmt(0.955, "pct"), "96 %")
        self.assertEqual(scoring.fmt(0.0125, "pct1"), "1.2 %")
        self.assertEqual(scoring.fmt(0.14159, "deg"), "0.14")
        self.assertEqual(scoring.fmt(256.4, "ms"), "256")
        self.assertEqual(scoring.fmt(float("nan"), "deg"), "–")


class LabelledTests(unittest.TestCase):
    # Four level photos (one abstained, one 3° off) and two without a reference (one answered).
    ROWS = [row("1.0"), row("2.0"), row("-3.0"), row("0.0"), row("none", category="none"),
            row("none", category="none")]
    RESULTS = [(1.1, 0.9, 100.0), (2.5, 0.8, 200.0), (0.0, 0.6, 300.0), (None, 0.2, 400.0),
               (None, 0.1, 500.0), (7.0, 0.55, 600.0)]

    def test_a_half_is_summarised_over_its_level_photos_and_its_photos_without_a_reference(self):
        s = scoring.summarise(self.ROWS, self.RESULTS)
        self.assertEqual((s["n"], s["n_level"], s["n_none"]), (6, 4, 2))
        self.assertAlmostEqual(s["answered"], 0.75)
        self.assertAlmostEqual(s["median"], 0.5)  # errors 0.1, 0.5, 3.0
        self.assertAlmostEqual(s["p90"], 2.5)  # 0.5 + 0.8 × (3.0 − 0.5)
        self.assertAlmostEqual(s["max"], 3.0)
        self.assertAlmostEqual(s["wrong2"], 0.25)
        self.assertAlmostEqual(s["abstain_none"], 0.5)
        self.assertAlmostEqual(s["wrong2_all"], 2 / 6)  # one 3° off, one answer without a reference
        self.assertAlmostEqual(s["ms"], 350.0)

    def test_a_group_without_level_photos_has_no_errors(self):
        s = scoring.summarise(self.ROWS[4:], self.RESULTS[4:])
        self.assertTrue(math.isnan(s["answered"]) and math.isnan(s["median"]))
        self.assertAlmostEqual(s["abstain_none"], 0.5)

    def test_a_row_counts_in_its_category_format_size_and_landscape_groups(self):
        self.assertEqual(scoring.groups_of(row("1.0", category="open", fmt="portrait", size="small",
                                               photo="landscapes/x")),
                         ["open", "portrait", "small", "all level", "landscape level"])
        self.assertEqual(scoring.groups_of(row("none", category="none", photo="landscapes/x")),
                         ["none", "landscape none"])

    def test_the_half_table_has_a_line_per_group_and_method(self):
        table = scoring.half_table(self.ROWS, {"imgtool horizon": self.RESULTS}, "dev")
        self.assertEqual([r[0] for r in table.rows], ["urban", "all level", "none"])
        self.assertEqual(table.rows[0], ["urban", "imgtool horizon", "4 / 0", "75 %", "0.50", "2.50", "3.00",
                                         "25.0 %", "–", "250"])
        self.assertEqual(table.rows[2],
                         ["none", "imgtool horizon", "0 / 2", "–", "–", "–", "–", "–", "50 %", "550"])
        self.assertEqual(scoring.half_table(self.ROWS, {"m": self.RESULTS}, "test").rows, [])

    def test_the_summary_has_six_figures_per_half_present(self):
        rows = self.ROWS + [row("0.0", split="test")]
        results = self.RESULTS + [(0.25, 0.95, 50.0)]
        table = scoring.summary_table(rows, {"imgtool horizon": results})
        self.assertEqual(len(table.header), 13)
        self.assertEqual(table.rows[0][7:], ["100 %", "0.25", "0.25", "0.0 %", "–", "0.0 %"])

    def test_reliability_bands_hold_their_photos_and_the_last_includes_a_confidence_of_one(self):
        rows = self.ROWS + [row("0.0", split="test")]
        results = self.RESULTS + [(0.5, 1.0, 50.0)]
        table = scoring.reliability_table(rows, results)
        self.assertEqual(table.rows, [
            ["dev", "0.0–0.3", "1", "0", "–", "–", "1", "0"],
            ["dev", "0.5–0.6", "0", "0", "–", "–", "1", "1"],
            ["dev", "0.6–0.7", "1", "1", "0 %", "100 %", "0", "0"],
            ["dev", "0.8–0.9", "1", "1", "100 %", "0 %", "0", "0"],
            ["dev", "0.9–1.0", "1", "1", "100 %", "0 %", "0", "0"],
            ["test", "0.9–1.0", "1", "1", "100 %", "0 %", "0", "0"],
        ])


class SelfCheckTests(unittest.TestCase):
    def test_nine_copies_and_what_each_should_answer(self):
        self.assertEqual(len(scoring.KINDS), 9)
        self.assertEqual(scoring.expected_shift("turn +8°"), 8.0)
        self.assertEqual(scoring.expected_shift("turn -15°"), -15.0)
        self.assertEqual(scoring.expected_shift("JPEG q75"), 0.0)

    def test_copies_are_measured_against_the_photos_answer_plus_the_turn(self):
        records = [(1.0, "turn +3°", 4.1),   # 0.1 off: within
                   (1.0, "turn -3°", -1.5),  # 0.5 off
                   (1.0, "half size", None),  # lost
                   (None, "JPEG q75", 2.0),  # answered where the photo was not
                   (None, "crop 5 %", None)]
        m = scoring.measure(records)
        self.assertEqual((m["copies"], m["answered_copies"], m["unanswered_copies"]), (5, 3, 2))
        self.assertAlmostEqual(m["copies_answered"], 2 / 3)
        self.assertAlmostEqual(m["within"], 1 / 3)
        self.assertAlmostEqual(m["median"], 0.3)
        self.assertAlmostEqual(m["worst"], 0.5)
        self.assertAlmostEqual(m["flipped"], 0.5)

    def test_the_self_check_tables_count_each_group_and_each_kind(self):
        photos = [("a", "a.jpg", "interior", "dev"), ("b", "b.jpg", "street/building", "test")]
        answers = {"a": {"as is": 0.5, **{k: 0.5 + scoring.expected_shift(k) for k in scoring.KINDS}},
                   "b": {"as is": None, **{k: None for k in scoring.KINDS}}}
        answers["b"]["half size"] = 3.0
        by_group, by_copy = scoring.self_check_tables(photos, {"imgtool": answers})
        self.assertEqual([r[0] for r in by_group.rows], ["all", "interior", "street/building"])
        self.assertEqual(by_group.rows[0], ["all", "imgtool", "2", "50 %", "100 %", "100 %", "0.00", "0.00", "0.00",
                                            "11.1 % (9)"])
        self.assertEqual(len(by_copy.rows), 9)
        self.assertEqual(by_copy.rows[6], ["imgtool", "half size", "100 %", "100 %", "0.00", "0.00", "100.0 %"])


if __name__ == "__main__":
    unittest.main()
