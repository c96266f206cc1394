#!/usr/bin/env python3
"""python3 -m bench.pdflayout.paint INDEX.html LOADS: median first-paint, first-contentful-paint and largest-contentful-paint
(ms, the browser's own Performance API) of LOADS cold loads of a reader from file://, a fresh
headless Chromium each time. Prints "FP FCP LCP"."""
import os, statistics, sys, time

from scripts.webdriver import Driver

PAINTS = """
return new Promise((resolve) => {
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    paints.lcp = entries[entries.length - 1].startTime;
    resolve(paints);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(paints), 3000);
});
"""

url = "file://" + os.path.abspath(sys.argv[1])
loads = int(sys.argv[2]) if len(sys.argv) > 2 else 5
results = []
for _ in range(loads):
    driver = Driver()
    try:
        driver.go(url)
        time.sleep(0.5)
        results.append(driver.script(PAINTS))
    finally:
        driver.close()
median = lambda key: statistics.median(r.get(key, float("nan")) for r in results)
print(f"{median('first-paint'):.0f} {median('first-contentful-paint'):.0f} {median('lcp'):.0f}")
