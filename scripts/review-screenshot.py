#!/usr/bin/env python3
"""review-screenshot.py INDEX.html OUT.png WIDTH HEIGHT [KEYS...]: a screenshot of imgtool horizon's
review page in headless Chromium (chromedriver), after pressing KEYS as a photographer would (each a
key name as KeyboardEvent.key spells it: r, a, ArrowDown, ArrowRight; "+Key" holds Shift; "#N" shows
the Nth photo of the list), taken once the photo shown has loaded."""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Driver

page, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
driver = Driver(width, height)
try:
    driver.go("file://" + os.path.abspath(page))
    for key in sys.argv[5:]:
        if key.startswith("#"):
            driver.script("window.horizonReviewPage.select(arguments[0])", int(key[1:]))
            continue
        shift = key.startswith("+") and len(key) > 1
        driver.script(
            "document.getElementById('stage').dispatchEvent(new KeyboardEvent('keydown', "
            "{key: arguments[0], shiftKey: arguments[1], bubbles: true}))", key[1:] if shift else key, shift)
    driver.wait("return [...document.querySelectorAll('#original, #levelled')].every(i => i.complete && i.naturalWidth > 0)",
                "the preview")
    driver.screenshot(out, settle=0.5)
finally:
    driver.close()
