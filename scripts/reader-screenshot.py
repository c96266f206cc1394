#!/usr/bin/env python3
"""reader-screenshot.py INDEX.html[#page=N] OUT.png WIDTH HEIGHT: a screenshot of pdflayout's web
reader in headless Chromium (chromedriver), taken once every page image on screen has loaded."""
import base64, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Driver

target, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
path, _, fragment = target.partition("#")
driver = Driver(width, height)
try:
    driver.go("file://" + os.path.abspath(path) + ("#" + fragment if fragment else ""))
    deadline = time.time() + 20
    while not driver.script("return [...document.querySelectorAll('#sheet img')].every(i => i.complete && i.naturalWidth > 0)"):
        if time.time() > deadline:
            raise SystemExit("reader-screenshot: the page images did not load")
        time.sleep(0.1)
    time.sleep(0.3)
    with open(out, "wb") as file:
        file.write(base64.b64decode(driver.call("GET", f"/session/{driver.session}/screenshot")))
finally:
    driver.close()
