#!/usr/bin/env python3
"""A minimal W3C WebDriver client for chromedriver (standard library only): the reader bench
(bench/pdflayout/paint.py) and the README screenshots (scripts/reader-screenshot.py) use it.

    webdriver.py URL 'return JS expression' [...]   prints each script's result as JSON
"""
import base64, json, os, signal, socket, subprocess, sys, time, urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    def __init__(self, width=1200, height=800):
        self.port = free_port()
        self.process = subprocess.Popen(["chromedriver", f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while True:
            try:
                self.call("GET", "/status")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        arguments = ["--headless=new", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"]
        capabilities = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": arguments}}}}
        self.session = self.call("POST", "/session", capabilities)["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())["value"]

    def go(self, url):
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def script(self, source, *arguments):
        return self.call("POST", f"/session/{self.session}/execute/sync", {"script": source, "args": list(arguments)})

    def wait(self, source, what, timeout=20):
        """Polls the script until it returns true; exits with a message naming `what` after `timeout` s."""
        deadline = time.time() + timeout
        while not self.script(source):
            if time.time() > deadline:
                raise SystemExit(f"{os.path.basename(sys.argv[0])}: {what} did not load")
            time.sleep(0.1)

    def screenshot(self, path, settle=0.3):
        """Writes a PNG of the window to `path`, after `settle` seconds for the last paint."""
        time.sleep(settle)
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.call("GET", f"/session/{self.session}/screenshot")))

    def close(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.process.kill()
            self.process.wait()


if __name__ == "__main__":
    driver = Driver()
    try:
        driver.go(sys.argv[1])
        for source in sys.argv[2:]:
            print(json.dumps(driver.script(source)))
    finally:
        driver.close()
