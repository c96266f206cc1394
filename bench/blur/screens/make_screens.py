#!/usr/bin/env python3
"""Synthetic screenshots with every word's ink known, for `imgtool blur --find text` (issue 39).

Each layout is drawn word by word: a line is laid out once by Pango (libvips `text`, fonts DejaVu
and Liberation), then rendered once per word with the other words transparent, so each word's
coverage is exact at the line's own kerning and spacing. A word's ink is every pixel its drawing
changed by at least INK_CHANGE levels in some channel. Photos come only from Assets/ (KDE Plasma
wallpapers, see Assets/LICENSES.md).

    python3 -m bench.blur.screens.make_screens OUT_DIR [layout ...]

Writes OUT_DIR/<layout>.png (RGB), OUT_DIR/<layout>.labels.png (16-bit: word number + 1 on its
ink, 0 elsewhere) and OUT_DIR/<layout>.json ({"scale", "words": [{"text", "line", "box"}]}).
"""
import json
import os
import random
import sys

import numpy as np
import pyvips

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
INK_CHANGE = 16
VOCABULARY = (
    "the account report invoice meeting schedule project update review budget customer order status "
    "delivery payment amount total balance summary notes draft final version release branch commit "
    "server client request response error warning message settings profile password network display "
    "sound privacy general advanced window editor terminal document folder archive download upload "
    "shared calendar monday tuesday friday morning evening tomorrow yesterday please thanks hello sure "
    "lunch coffee photos trip weekend family garden kitchen market station airport ticket hotel room "
    "north south river valley mountain harbour bridge castle museum library school office company "
    "quarterly revenue forecast expenses travel marketing sales support engineering design research"
).split()


def hexcolour(text):
    text = text.lstrip("#")
    return np.array([int(text[i : i + 2], 16) for i in (0, 2, 4)], dtype=np.float32)


def escape(word):
    return word.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Page:
    def __init__(self, width, height, background="#ffffff", scale=1):
        self.scale = scale
        self.pixels = np.empty((height * scale, width * scale, 3), dtype=np.float32)
        self.pixels[:] = hexcolour(background)
        self.labels = np.zeros(self.pixels.shape[:2], dtype=np.int32)
        self.strength = np.zeros(self.pixels.shape[:2], dtype=np.float32)
        self.words = []
        self.lines = 0

    @property
    def width(self):
        return self.pixels.shape[1]

    @property
    def height(self):
        return self.pixels.shape[0]

    def rect(self, x, y, w, h, colour, radius=0):
        s = self.scale
        x, y, w, h, radius = x * s, y * s, w * s, h * s, radius * s
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        if x1 <= x0 or y1 <= y0:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1]
        inside = np.ones(xx.shape, dtype=bool)
        if radius > 0:
            cx = np.clip(xx + 0.5, x + radius, x + w - radius)
            cy = np.clip(yy + 0.5, y + radius, y + h - radius)
            inside = (xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2 <= radius * radius
        self.pixels[y0:y1, x0:x1][inside] = hexcolour(colour)

    def photo(self, name, x, y, w, h):
        s = self.scale
        image = pyvips.Image.new_from_file(os.path.join(ROOT, "Assets", name))
        image = image.thumbnail_image(w * s, height=h * s, crop="centre")
        if image.bands > 3:
            image = image[:3]
        array = np.ndarray(
            buffer=image.write_to_memory(), dtype=np.uint8, shape=[image.height, image.width, image.bands]
        )
        self.pixels[y * s : y * s + array.shape[0], x * s : x * s + array.shape[1]] = array

    def text(self, x, y, words, colour, size=13, font="DejaVu Sans", bold=False, angle=0, line=None):
        """Draws `words` (a list of str) as one line whose top-left is (x, y) in points; `angle`
        turns it (90: reading upwards, 270: downwards, else degrees anticlockwise). Returns the
        line's advance (width, height) in points."""
        s = self.scale
        face = f"{font}{' Bold' if bold else ''} {size * s}"
        if line is None:
            line = self.lines
            self.lines += 1
        masks = []
        for index in range(len(words)):
            parts = [
                escape(w) if i == index else f'<span fgalpha="1">{escape(w)}</span>' for i, w in enumerate(words)
            ]
            rendered = pyvips.Image.text(" ".join(parts), font=face, dpi=72, rgba=True)[3]
            if angle == 90:
                rendered = rendered.rot270()
            elif angle == 270:
                rendered = rendered.rot90()
            elif angle:
                rendered = rendered.rotate(angle, interpolate=pyvips.Interpolate.new("bilinear"))
            masks.append(
                np.ndarray(
                    buffer=rendered.write_to_memory(), dtype=np.uint8, shape=[rendered.height, rendered.width]
                ).astype(np.float32)
                / 255
            )
        height, width = masks[0].shape
        x0, y0 = int(x * s), int(y * s)
        ink_colour = hexcolour(colour)
        for word, mask in zip(words, masks):
            h = min(height, self.height - y0)
            w = min(width, self.width - x0)
            if h <= 0 or w <= 0:
                break
            mask = mask[:h, :w]
            region = self.pixels[y0 : y0 + h, x0 : x0 + w]
            change = mask[..., None] * (ink_colour - region)
            ink = np.abs(change).max(axis=2) >= INK_CHANGE
            region += change
            number = len(self.words) + 1
            labels = self.labels[y0 : y0 + h, x0 : x0 + w]
            strength = self.strength[y0 : y0 + h, x0 : x0 + w]
            stronger = ink & (mask > strength)
            labels[stronger] = number
            strength[stronger] = mask[stronger]
            ys, xs = np.nonzero(ink)
            box = [0, 0, 0, 0]
            if len(xs):
                box = [int(x0 + xs.min()), int(y0 + ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)]
            self.words.append({"text": word, "line": line, "box": box})
        return width / s, height / s

    def save(self, directory, name):
        image = pyvips.Image.new_from_array(np.clip(self.pixels + 0.5, 0, 255).astype(np.uint8))
        image = image.copy(interpretation="srgb")
        image.write_to_file(os.path.join(directory, f"{name}.png"))
        labels = pyvips.Image.new_from_array(self.labels.astype(np.uint16)).copy(interpretation="grey16")
        labels.write_to_file(os.path.join(directory, f"{name}.labels.png"))
        with open(os.path.join(directory, f"{name}.json"), "w") as out:
            json.dump({"scale": self.scale, "words": self.words}, out)


def phrase(rng, count):
    return [rng.choice(VOCABULARY) for _ in range(count)]


def paragraphs(page, rng, x, y, width, bottom, colour, sizes, fonts):
    """Lines of words at several sizes and fonts, wrapped at `width` points."""
    while y < bottom:
        size = rng.choice(sizes)
        font = rng.choice(fonts)
        words, estimate = [], 0
        while True:
            word = rng.choice(VOCABULARY)
            estimate += (len(word) + 1) * size * 0.6
            if estimate > width:
                break
            words.append(word)
        if rng.random() < 0.3:
            words.append(str(rng.randint(1, 9999)))
        page.text(x, y, words, colour, size=size, font=font)
        y += int(size * 1.6) + 2


FONTS = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif", "DejaVu Sans Mono"]


def light(scale=1):
    rng = random.Random(1)
    page = Page(1000, 700, "#ffffff", scale)
    page.text(40, 20, ["Quarterly", "report"], "#111111", size=24, bold=True)
    paragraphs(page, rng, 40, 60, 900, 660, "#222222", [8, 9, 10, 11, 12, 14, 16, 18], FONTS)
    page.text(40, 670, phrase(rng, 6), "#1a0dab", size=13)
    return page


def dark():
    rng = random.Random(2)
    page = Page(1000, 700, "#1e1e1e")
    page.text(40, 20, ["Release", "notes"], "#ffffff", size=24, bold=True)
    paragraphs(page, rng, 40, 60, 900, 640, "#d4d4d4", [8, 10, 12, 13, 14, 16], FONTS)
    page.text(40, 660, phrase(rng, 6), "#8ab4f8", size=13)
    return page


def chat():
    rng = random.Random(3)
    page = Page(700, 1000, "#ffffff")
    page.rect(0, 0, 700, 50, "#f6f6f6")
    page.text(300, 16, ["Alex", "Morgan"], "#000000", size=15, bold=True)
    y = 70
    kinds = [("#0b84ff", "#ffffff", "right"), ("#e9e9eb", "#000000", "left"), ("#34c759", "#ffffff", "right")]
    while y < 930:
        fill, ink, side = rng.choice(kinds)
        lines = [phrase(rng, rng.randint(2, 6)) for _ in range(rng.randint(1, 3))]
        size = rng.choice([13, 14, 15, 16, 17])
        width = max(len(" ".join(line)) for line in lines) * size * 0.58 + 28
        height = len(lines) * int(size * 1.35) + 16
        x = 680 - width if side == "right" else 20
        page.rect(int(x), y, int(width), height, fill, radius=min(18, height // 2))
        for number, line in enumerate(lines):
            page.text(int(x) + 14, y + 8 + number * int(size * 1.35), line, ink, size=size)
        y += height + 6
        if rng.random() < 0.25:
            page.text(300, y + 2, ["Delivered", f"{rng.randint(1, 12)}:{rng.randint(10, 59)}"], "#8e8e93", size=11)
            y += 20
    return page


def code():
    rng = random.Random(4)
    page = Page(1000, 700, "#1e1e1e")
    page.rect(0, 0, 1000, 35, "#252526")
    page.rect(0, 35, 200, 640, "#252526")
    page.rect(200, 0, 160, 35, "#1e1e1e")
    page.text(215, 11, ["main.py"], "#ffffff", size=13)
    page.text(375, 11, ["utils.py"], "#969696", size=13)
    page.text(12, 45, ["EXPLORER"], "#bbbbbb", size=11, bold=True)
    for number in range(20):
        page.text(24, 70 + number * 22, [rng.choice(VOCABULARY) + rng.choice([".py", ".md", ".json"])], "#cccccc", size=13)
    colours = ["#569cd6", "#ce9178", "#6a9955", "#9cdcfe", "#d4d4d4", "#dcdcaa", "#c586c0", "#4ec9b0"]
    for number in range(1, 31):
        y = 45 + (number - 1) * 20
        page.text(210, y, [str(number)], "#858585", size=13, font="DejaVu Sans Mono")
        x = 260 + 8 * rng.randint(0, 4) * 4
        for _ in range(rng.randint(1, 5)):
            token = rng.choice(VOCABULARY)
            w, _ = page.text(x, y, [token], rng.choice(colours), size=13, font="DejaVu Sans Mono")
            x += w + 8
    page.rect(0, 675, 1000, 25, "#007acc")
    x = 10
    for item in [["main"], ["Ln", "12,", "Col", "8"], ["Spaces:", "4"], ["UTF-8"], ["LF"], ["Python", "3.11"]]:
        w, _ = page.text(x, 680, item, "#ffffff", size=12)
        x += w + 28
    return page


def settings():
    rng = random.Random(5)
    page = Page(900, 620, "#ececec")
    page.rect(0, 0, 900, 30, "#dcdcdc")
    page.text(410, 8, ["Settings"], "#333333", size=13, bold=True)
    page.rect(0, 30, 220, 590, "#e3e3e3")
    items = ["General", "Appearance", "Network", "Privacy", "Sound", "Displays", "Keyboard", "Accounts", "Updates"]
    for number, item in enumerate(items):
        y = 45 + number * 32
        if number == 3:
            page.rect(10, y - 6, 200, 28, "#0a64d6", radius=6)
            page.text(24, y, [item, "&", "Security"], "#ffffff", size=13)
        else:
            page.text(24, y, [item], "#1d1d1f", size=13)
    y = 50
    for _ in range(9):
        page.text(250, y, phrase(rng, rng.randint(2, 4)), "#1d1d1f", size=13)
        page.text(250, y + 20, phrase(rng, rng.randint(4, 8)), "#6e6e73", size=11)
        page.rect(820, y, 44, 24, rng.choice(["#34c759", "#d1d1d6"]), radius=12)
        y += 52
    page.rect(640, 570, 100, 30, "#ffffff", radius=6)
    page.text(666, 577, ["Cancel"], "#1d1d1f", size=13)
    page.rect(760, 570, 100, 30, "#007aff", radius=6)
    page.text(800, 577, ["OK"], "#ffffff", size=13)
    page.rect(250, 570, 140, 30, "#0a64d6", radius=6)
    page.text(264, 577, ["Apply", "changes"], "#ffffff", size=13)
    return page


def table():
    rng = random.Random(6)
    page = Page(1000, 700, "#ffffff")
    page.rect(0, 0, 1000, 40, "#f6f8fa")
    for x, head in [(20, "Invoice"), (180, "Customer"), (480, "Due"), (620, "Amount"), (800, "Status")]:
        page.text(x, 13, [head], "#24292f", size=13, bold=True)
    pills = [
        ("Overdue", "#d93025", "#ffffff"), ("Paid", "#1e8e3e", "#ffffff"), ("Pending", "#fbbc04", "#3c2f00"),
        ("Draft", "#e8eaed", "#3c4043"), ("Sent", "#1a73e8", "#ffffff"), ("Void", "#5f6368", "#ffffff"),
    ]
    for row in range(20):
        y = 50 + row * 32
        page.rect(0, y + 28, 1000, 1, "#d0d7de")
        page.text(20, y + 7, [f"INV-{rng.randint(1000, 9999)}"], "#0969da", size=13)
        page.text(180, y + 7, phrase(rng, 2), "#24292f", size=13)
        page.text(480, y + 7, [f"{rng.randint(1, 28)}", rng.choice(["Jan", "Feb", "Mar", "Apr"])], "#57606a", size=12)
        page.text(620, y + 7, [f"{rng.randint(10, 9999)}.{rng.randint(10, 99)}"], "#24292f", size=13)
        name, fill, ink = pills[row % len(pills)]
        page.rect(800, y + 3, len(name) * 8 + 18, 22, fill, radius=11)
        page.text(809, y + 7, [name], ink, size=12, bold=True)
    return page


def spreadsheet():
    rng = random.Random(7)
    page = Page(1000, 640, "#ffffff")
    page.rect(0, 0, 1000, 24, "#f8f9fa")
    page.rect(0, 0, 46, 640, "#f8f9fa")
    for column in range(9):
        x = 46 + column * 106
        page.rect(x, 0, 1, 640, "#e2e3e3")
        selected = column == 2
        if selected:
            page.rect(x + 1, 0, 105, 24, "#d3e3fd")
        page.text(x + 48, 5, [chr(ord("A") + column)], "#0b57d0" if selected else "#5f6368", size=12)
    for row in range(26):
        y = 24 + row * 23
        page.rect(0, y, 1000, 1, "#e2e3e3")
        page.text(14 if row < 9 else 10, y + 5, [str(row + 1)], "#5f6368", size=12)
        for column in range(9):
            if rng.random() < 0.6:
                value = rng.choice([str(rng.randint(1, 999)), f"{rng.randint(1, 9999)}.{rng.randint(0, 99):02d}",
                                    rng.choice(VOCABULARY)])
                page.text(46 + column * 106 + 6, y + 5, [value], "#202124", size=12)
    return page


def greyed():
    rng = random.Random(8)
    page = Page(900, 600, "#ffffff")
    page.text(30, 15, ["March", "2026"], "#202124", size=20, bold=True)
    for column, name in enumerate(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]):
        page.text(40 + column * 60, 55, [name], "#70757a", size=11)
    day = -2
    for row in range(6):
        for column in range(7):
            outside = day < 1 or day > 31
            label = str(day + 30 if day < 1 else day - 31 if day > 31 else day)
            page.text(44 + column * 60, 85 + row * 48, [label], "#b0b0b0" if outside else "#3c4043", size=14)
            day += 1
    x, y = 480, 55
    for item in ["Undo", "Redo", "Cut", "Copy", "Paste", "Select", "Find", "Replace"]:
        disabled = rng.random() < 0.5
        page.text(x, y, [item, rng.choice(["all", "next", "again", "here"])], "#a0a0a0" if disabled else "#202124", size=13)
        y += 28
    page.rect(480, 300, 380, 32, "#ffffff")
    page.rect(480, 300, 380, 1, "#c0c0c0")
    page.rect(480, 331, 380, 1, "#c0c0c0")
    page.text(490, 309, ["Search", "messages", "and", "files"], "#9aa0a6", size=13)
    page.rect(480, 350, 380, 200, "#f1f3f4")
    for number in range(7):
        page.text(490, 360 + number * 26, phrase(rng, rng.randint(3, 6)), "#80868b", size=12)
    return page


def page_numbers():
    rng = random.Random(9)
    page = Page(1000, 720, "#d9d9d9")
    for number, (x, y) in enumerate([(20, 20), (520, 20), (20, 370), (520, 370)]):
        page.rect(x, y, 460, 330, "#ffffff")
        yy = y + 20
        while yy < y + 270:
            page.text(x + 30, yy, phrase(rng, rng.randint(6, 9)), "#222222", size=11, font="DejaVu Serif")
            yy += 17
        label = str([7, 12, 103, 4][number])
        page.text(x + 225, y + 300, [label], "#222222", size=11, font="DejaVu Serif")
    return page


def photo_text(ink, name, seed):
    rng = random.Random(seed)
    page = Page(1024, 640, "#000000")
    page.photo(name, 0, 0, 1024, 640)
    grey = page.pixels.mean(axis=2)
    target = 255.0 if ink == "#ffffff" else 20.0
    placed = 0
    tries = 0
    while placed < 28 and tries < 4000:
        tries += 1
        size = rng.choice([12, 14, 16, 18, 22, 26, 30])
        words = phrase(rng, rng.randint(1, 4))
        width = int(len(" ".join(words)) * size * 0.62)
        x, y = rng.randint(10, 1000 - width) if width < 980 else 10, rng.randint(10, 620 - size)
        under = grey[y : y + size + 4, x : x + width]
        # Where a person would put such text: the photo behind it contrasts with the ink.
        if under.size == 0 or abs(under.mean() - target) < 110 or (page.labels[y : y + size + 4, x : x + width] > 0).any():
            continue
        page.text(x, y, words, ink, size=size, bold=rng.random() < 0.4)
        placed += 1
    return page


def photo_white():
    return photo_text("#ffffff", "horizon-fog.jpg", 10)


def photo_dark():
    return photo_text("#141414", "no-horizon-sky.jpg", 11)


def turned(angle, seed):
    rng = random.Random(seed)
    page = Page(900, 620, "#ffffff")
    colours = ["#7a1f1f", "#1f4e79", "#2e5d34", "#f2c14e", "#e0e0e0", "#333333"]
    x = 20
    while x < 560:
        fill = rng.choice(colours)
        width = rng.randint(30, 54)
        page.rect(x, 20, width, 580, fill)
        ink = "#111111" if fill in ("#f2c14e", "#e0e0e0") else "#ffffff"
        size = rng.choice([11, 13, 15, 18, 22])
        words = phrase(rng, rng.randint(2, 5))
        text_height = size * 1.3
        page.text(x + (width - text_height) / 2, 40, words, ink, size=size, angle=angle)
        x += width + 4
    for number in range(9):
        page.text(600 + number * 30, 40, phrase(rng, rng.randint(2, 4)), "#202124", size=rng.choice([10, 12, 14]), angle=angle)
    return page


def turned90():
    return turned(90, 12)


def turned270():
    return turned(270, 13)


def skewed():
    rng = random.Random(14)
    page = Page(1000, 700, "#ffffff")
    y = 40
    while y < 640:
        angle = rng.choice([-10, -8, -6, -5, 5, 6, 8, 10])
        size = rng.choice([11, 13, 15, 18])
        w, h = page.text(40 + rng.randint(0, 200), y, phrase(rng, rng.randint(3, 8)), "#202124", size=size, angle=angle)
        y += int(h) + 8
    return page


def sizes():
    rng = random.Random(15)
    page = Page(1000, 700, "#ffffff")
    y = 15
    for size in [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24]:
        for _ in range(2):
            page.text(30, y, phrase(rng, max(3, int(60 / size) + 2)), "#202124", size=size, font=rng.choice(FONTS))
            y += int(size * 1.5) + 4
    return page


def page2x():
    return light(scale=2)


LAYOUTS = {
    "light": light, "dark": dark, "chat": chat, "code-editor": code, "settings": settings, "table-pills": table,
    "spreadsheet": spreadsheet, "greyed": greyed, "page-numbers": page_numbers, "photo-white": photo_white,
    "photo-dark": photo_dark, "turned-90": turned90, "turned-270": turned270, "skewed": skewed, "sizes": sizes,
    "page-2x": page2x,
}

if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name in sys.argv[2:] or LAYOUTS:
        page = LAYOUTS[name]()
        page.save(out, name)
        print(name, len(page.words), "words", file=sys.stderr)
