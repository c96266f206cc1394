"""bench.tables: the Markdown it writes, the tables it adopts, and every results table under bench/."""
import os
import tempfile
import textwrap
import unittest

from bench import tables


class MarkdownTests(unittest.TestCase):
    def test_a_table_is_written_as_github_markdown_with_its_alignment(self):
        table = tables.Table(["method", "median°"], [["imgtool", "0.14"], ["a | b", "1.09"]], "lr")
        self.assertEqual(table.markdown(), "| method | median° |\n|---|---:|\n| imgtool | 0.14 |\n| a \\| b | 1.09 |")

    def test_a_row_of_the_wrong_width_is_refused(self):
        with self.assertRaises(ValueError):
            tables.Table(["a", "b"], [["1"]]).markdown()

    def test_cells_and_alignment_are_read_back(self):
        self.assertEqual(tables.split_row("| a \\| b | 0.14 |"), ["a | b", "0.14"])
        self.assertEqual(tables.split_row("|x|y"), ["x", "y"])
        self.assertEqual(tables.parse_align("| --- | ---: | :---: |"), "lrc")
        self.assertIsNone(tables.parse_align("| imgtool | 0.14 |"))

    def test_a_csv_round_trip_keeps_commas_quotes_and_empty_cells(self):
        table = tables.Table(["group", "cell"], [["a, b", 'say "x"'], ["", "–"]])
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "t.csv")
            table.write_csv(path)
            self.assertEqual(tables.read_csv(path), table)


DOCUMENT = textwrap.dedent("""\
    # Bench

    ## 2026-11-27, stop 14: where the copies fail

    Prose before.

    | copy | within |
    |---|---:|
    | turn +3° | 112 |
    | JPEG q75 | 119 |

    ```
    | not a table | inside a code block |
    ```

    <!-- slowest twenty of `scripts/test.sh fast`: written by scripts/slowest.py, do not edit -->
    | test | s |
    <!-- end of the slowest twenty of `scripts/test.sh fast` -->
    """)


class AdoptAndFillTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "RESULTS.md")
        with open(self.path, "w") as f:
            f.write(DOCUMENT)

    def tearDown(self):
        self.folder.cleanup()

    def read(self):
        with open(self.path) as f:
            return f.read()

    def test_only_hand_written_tables_outside_code_and_other_generators_count(self):
        self.assertEqual([n for n, _ in tables.unmarked_tables(DOCUMENT)], [7, 8, 9, 10])
        self.assertEqual(len(tables.problems(self.path)), 4)

    def test_adopting_moves_the_cells_into_a_csv_named_after_the_section_and_marks_them(self):
        written = tables.adopt(self.path)
        self.assertEqual(written, ["data/results/stop-14-where-the-copies-fail.csv"])
        csv_path = os.path.join(self.folder.name, written[0])
        self.assertEqual(tables.read_csv(csv_path, "lr"),
                         tables.Table(["copy", "within"], [["turn +3°", "112"], ["JPEG q75", "119"]], "lr"))
        text = self.read()
        self.assertIn("<!-- table data/results/stop-14-where-the-copies-fail.csv align=lr: written by python3 -m "
                      "bench.tables, do not edit -->\n| copy | within |\n|---|---:|\n| turn +3° | 112 |", text)
        self.assertIn("Prose before.", text)
        self.assertIn("| not a table | inside a code block |", text)
        self.assertEqual(tables.problems(self.path), [])

    def test_a_hand_edit_of_a_generated_table_is_found_and_undone_by_filling(self):
        tables.adopt(self.path)
        adopted = self.read()
        with open(self.path, "w") as f:
            f.write(adopted.replace("| turn +3° | 112 |", "| turn +3° | 113 |"))
        self.assertEqual(len(tables.problems(self.path)), 1)
        self.assertEqual(tables.fill(self.read(), self.folder.name), adopted)

    def test_an_edit_of_the_data_moves_into_the_markdown(self):
        tables.adopt(self.path)
        csv_path = os.path.join(self.folder.name, "data/results/stop-14-where-the-copies-fail.csv")
        table = tables.read_csv(csv_path)
        table.rows.append(["crop 5 %", "123"])
        table.write_csv(csv_path)
        self.assertEqual(tables.main(["fill", self.path]), 0)
        self.assertIn("| JPEG q75 | 119 |\n| crop 5 % | 123 |\n<!-- end table", self.read())
        self.assertEqual(tables.problems(self.path), [])

    def test_a_section_without_its_end_marker_is_an_error(self):
        tables.adopt(self.path)
        cut = self.read().replace("<!-- end table data/results/stop-14-where-the-copies-fail.csv -->", "")
        with open(self.path, "w") as f:
            f.write(cut)
        with self.assertRaises(ValueError):
            tables.fill(self.read(), self.folder.name)


class RepositoryTests(unittest.TestCase):
    def test_every_results_table_under_bench_is_written_from_its_data(self):
        files = tables.markdown_files()
        self.assertGreater(len(files), 10)
        found = [p for path in files for p in tables.problems(path)]
        self.assertEqual(found, [], "\n".join(found[:20]))


if __name__ == "__main__":
    unittest.main()
