#!/usr/bin/env python3
"""reader-screenshot.py INDEX.html[#page=N] OUT.png WIDTH HEIGHT: a screenshot of pdflayout's web
reader in headless Chromium (chromedriver), taken once every page image on screen has loaded."""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Driver

target, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
path, _, fragment = target.partition("#")
driver = Driver(width, height)
try:
    driver.go("file://" + os.path.abspath(path) + ("#" + fragment if fragment else ""))
    driver.wait("return [...document.querySelectorAll('#sheet img')].every(i => i.complete && i.naturalWidth > 0)",
                "the page images")
    driver.screenshot(out)
finally:
    driver.close()
