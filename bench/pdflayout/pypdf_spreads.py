"""Two-up spreads with a cover and right-to-left order, the pypdf way (peer for bench/navigation.sh).

Each sheet is a blank page two pages wide; the source pages are merged onto it with a
translation (`merge_transformed_page`), which re-writes their content streams and carries their
annotations (links) over, moved with the page. The outline is not carried. Same sheets as
`pdflayout IN --two-up --cover --rtl --no-gaps -o OUT`.
"""
import sys

from pypdf import PdfReader, PdfWriter, Transformation

from bench.pdflayout.pikepdf_spreads import sheets


def main(source_path, output_path):
    reader = PdfReader(source_path)
    writer = PdfWriter()
    box = reader.pages[0].mediabox
    width, height = float(box.width), float(box.height)
    for left, right in sheets(len(reader.pages)):
        sheet = writer.add_blank_page(width=2 * width, height=height)
        for slot, number in enumerate((left, right)):
            if number is not None:
                sheet.merge_transformed_page(reader.pages[number - 1], Transformation().translate(slot * width, 0))
    writer.write(output_path)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
