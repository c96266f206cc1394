#!/usr/bin/env python3
"""Debian 12's Foliate 2.6.4 (apt-get install foliate) reading EPUBs as it does, in headless Chromium:
its bundled epub.js, JSZip and epub-viewer.js, taken from the installed package's gresource bundle at
run time (nothing of Foliate's is kept here), loaded in the order its epubView.js loads them, with the
GJS side's answers to 'ready', 'book-ready' and 'rendition-ready' (open, loadLocations + render,
setStyle + setupRendition + display) played by the page. Then rendition.next() as the toolbar, the
arrow keys and the page-turn gestures call it, awaited each time, and the section index reported.

    python3 -m bench.epub.foliate2 [--layout auto|single|scrolled|continuous] [--turns N] BOOK.epub ...

Prints, per book, the spine's page-progression-direction and the sections shown after each turn
(the start, then one per turn). bench/epub/readers.md has what it showed.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time, zipfile

from scripts.webdriver import Driver, free_port

BUNDLE = "/usr/share/com.github.johnfactotum.Foliate/com.github.johnfactotum.Foliate.data.gresource"
SCRIPTS = ["jszip.js", "epub.js", "crypto-js/core.js", "crypto-js/enc-latin1.js", "crypto-js/md5.js",
           "utils.js", "webpub.js", "epub-viewer.js"]

# epubView.js's `layouts`: the options of each, and what it renders to.
PAGE = """<!DOCTYPE html>
<meta charset="utf-8">
<style>body { margin: 0 auto; -webkit-user-select: none; }</style>
<div id="viewer"></div>
<script>
window.actions = []
const params = new URLSearchParams(location.search)
window.webkit = { messageHandlers: { action: { postMessage: data => {
    const action = JSON.parse(data); window.actions.push(action); setTimeout(() => answer(action))
} } } }
const answer = ({ type }) => {
    if (type === 'ready') {
        doubleClickTime = 400; imgEventType = 'click'; zoomLevel = 1
        windowSize = innerWidth; windowHeight = innerHeight; enableFootnote = false; autohideCursor = false
        const layouts = {
            auto: [{ width: '100%', flow: 'paginated', maxSpreadColumns: 2 }, 'viewer'],
            single: [{ width: '100%', flow: 'paginated', spread: 'none' }, 'viewer'],
            scrolled: [{ width: '100%', flow: 'scrolled-doc' }, document.body],
            continuous: [{ width: '100%', flow: 'scrolled', manager: 'continuous' }, document.body],
        }
        const [options, renderTo] = layouts[params.get('layout')]
        open(params.get('book'), 'book', 'epub', renderTo, options)
    } else if (type === 'book-ready') {
        loadLocations(null); render()
    } else if (type === 'rendition-ready') {
        setStyle({ fontFamily: 'serif', fontSize: 16, fontWeight: 400, fontStyle: 'normal', fontStretch: 'normal',
            spacing: 1.5, margin: 40, maxWidth: 1400, usePublisherFont: false, justify: true, hyphenate: true,
            fgColor: '#000', bgColor: '#fff', linkColor: 'blue', invert: false, brightness: 1,
            skeuomorphism: false, ibooksInternalTheme: 'Light' })
        setupRendition(); display()
    }
}
</script>
""" + "".join(f'<script src="{name}"></script>\n' for name in SCRIPTS)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layout", default="auto", choices=["auto", "single", "scrolled", "continuous"])
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("books", nargs="+")
    arguments = parser.parse_args()
    if not os.path.exists(BUNDLE):
        raise SystemExit("foliate2.py: Foliate 2.6.4 is not installed (apt-get install foliate)")
    site = tempfile.mkdtemp(prefix="foliate2-")
    server = None
    try:
        for name in SCRIPTS:
            os.makedirs(os.path.dirname(os.path.join(site, name)), exist_ok=True)
            with open(os.path.join(site, name), "wb") as file:
                resource = "/com/github/johnfactotum/Foliate/web/" + name
                file.write(subprocess.run(["gresource", "extract", BUNDLE, resource],
                                          check=True, capture_output=True).stdout)
        with open(os.path.join(site, "viewer.html"), "w") as file:
            file.write(PAGE)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                   "--directory", site], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        driver = Driver()
        try:
            for index, book in enumerate(arguments.books):
                shutil.copy(book, os.path.join(site, f"book{index}.epub"))
                with zipfile.ZipFile(book) as archive:
                    opf = next(n for n in archive.namelist() if n.endswith(".opf"))
                    direction = re.search(r'page-progression-direction="(\w+)"', archive.read(opf).decode())
                driver.go(f"http://127.0.0.1:{port}/viewer.html?layout={arguments.layout}&book=/book{index}.epub")
                driver.wait("return (window.actions || []).some(a => a.type === 'book-displayed')", book, timeout=60)
                time.sleep(0.5)
                where = "const l = rendition.currentLocation(); return [l.start.index, l.end.index]"
                shown = [driver.script(where)]
                for _ in range(arguments.turns):
                    driver.script("window.turned = false; rendition.next().then(() => window.turned = true)")
                    driver.wait("return window.turned === true", "a page turn")
                    time.sleep(0.2)
                    shown.append(driver.script(where))
                pages = " ".join("-".join(str(i + 1) for i in sorted(set(s))) for s in shown)
                print(f"{os.path.basename(book)} ({direction.group(1) if direction else 'no direction'}, "
                      f"{arguments.layout}): {pages}")
        finally:
            driver.close()
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
