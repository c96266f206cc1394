import Foundation
import TestSupport

/// Headless Chromium driven through chromedriver's W3C WebDriver API, for the reader tests.
/// Every request has a timeout, a watchdog kills chromedriver and the browsers it started if a
/// test runs too long, and `close()` (also run on deinit) ends them all: no test can hang CI or
/// leave a browser behind. Processes are ended by their ids (chromedriver's descendants, read
/// from /proc), never by name.
final class Browser: @unchecked Sendable {
    static let driverPath = "/usr/bin/chromedriver"
    /// Debian's `chromium` and `chromium-driver` (scripts/install-deps.sh installs them).
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: driverPath) }

    private let driver: Process
    private let port: Int
    private var session = ""
    private let lock = NSLock()
    private var closed = false
    private let userData: URL
    /// The URL of each request `requests()` has seen, by DevTools request id.
    private var requested: [String: String] = [:]

    /// Starts chromedriver and a headless browser with a window of `width` × `height` CSS pixels,
    /// `deviceScaleFactor` device pixels each (2: a HiDPI screen); files the page downloads go to
    /// `downloads` (when given); with `logsNetwork`, `requests()` tells what the page asked for.
    init(
        width: Int = 1200, height: Int = 800, deviceScaleFactor: Int = 1, logsNetwork: Bool = false,
        lifetime: TimeInterval = 180, downloads: URL? = nil
    ) throws {
        guard Self.isInstalled else {
            throw BrowserError("chromedriver is missing: run scripts/install-deps.sh (chromium chromium-driver)")
        }
        port = try HTTP.freePort()
        userData = try Fixtures.temporaryFolder()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: Self.driverPath)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { [weak self] in self?.close() }
        let started = Date()
        while true {
            do {
                _ = try call("GET", "/status", timeout: 2)
                break
            } catch {
                if Date().timeIntervalSince(started) > 20 || !driver.isRunning {
                    close()
                    throw BrowserError("chromedriver did not start: \(error)")
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let arguments = [
            "--headless=new", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--window-size=\(width),\(height)", "--force-device-scale-factor=\(deviceScaleFactor)",
            "--user-data-dir=\(userData.path)",
        ]
        var chromeOptions: [String: Any] = ["args": arguments]
        if let downloads {
            chromeOptions["prefs"] = [
                "download.default_directory": downloads.path, "download.prompt_for_download": false,
            ]
        }
        var alwaysMatch: [String: Any] = ["goog:chromeOptions": chromeOptions]
        // Chromium's DevTools events (Network.*) kept for `requests()`.
        if logsNetwork { alwaysMatch["goog:loggingPrefs"] = ["performance": "ALL"] }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": alwaysMatch]]
        do {
            let value = try call("POST", "/session", capabilities, timeout: 60)
            session = try (value as? [String: Any])?["sessionId"] as? String ?? { throw BrowserError("no session") }()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Loads a URL and waits for the document to load.
    func open(_ url: URL) throws {
        _ = try call("POST", "/session/\(session)/url", ["url": url.absoluteString])
    }

    /// Runs JavaScript in the page (`return …` gives the value back).
    @discardableResult
    func run(_ script: String) throws -> Any {
        try call("POST", "/session/\(session)/execute/sync", ["script": script, "args": []])
    }

    /// Waits until `script` returns true (polling), or throws after `timeout` seconds.
    func wait(until script: String, timeout: TimeInterval = 10, _ what: String) throws {
        let started = Date()
        while Date().timeIntervalSince(started) < timeout {
            if try run(script) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BrowserError("timed out waiting for \(what)")
    }

    /// W3C key codes of the keys the tests press.
    enum Key: String {
        case arrowLeft = "\u{E012}", arrowRight = "\u{E014}", arrowUp = "\u{E013}", arrowDown = "\u{E015}"
        case enter = "\u{E007}"
    }

    /// Presses and releases a key, sent to the focused element as a user's would be.
    func press(_ key: Key) throws {
        let actions: [[String: Any]] = [
            ["type": "keyDown", "value": key.rawValue], ["type": "keyUp", "value": key.rawValue],
        ]
        _ = try call(
            "POST", "/session/\(session)/actions",
            ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// Presses and releases the key that types `character` ("a", "[", …), with Shift held when asked.
    func press(character: String, shift: Bool = false) throws {
        try press(keys: [character], shift: shift)
    }

    /// Presses and releases `key` with Shift held.
    func press(_ key: Key, shift: Bool) throws {
        try press(keys: [key.rawValue], shift: shift)
    }

    private func press(keys: [String], shift: Bool) throws {
        let shiftKey = "\u{E008}"
        var actions: [[String: Any]] = shift ? [["type": "keyDown", "value": shiftKey]] : []
        for key in keys { actions += [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]] }
        if shift { actions.append(["type": "keyUp", "value": shiftKey]) }
        _ = try call(
            "POST", "/session/\(session)/actions",
            ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        _ = try call("DELETE", "/session/\(session)/actions")
    }

    /// Clicks the element `selector` finds, as a user's mouse would.
    func click(_ selector: String) throws {
        _ = try call("POST", "/session/\(session)/element/\(try element(selector))/click", [String: Any]())
    }

    /// Drags the mouse with its left button held from one point of the window to another (CSS pixels).
    func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) throws {
        let actions: [[String: Any]] = [
            ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": start.x, "y": start.y],
            ["type": "pointerDown", "button": 0],
            [
                "type": "pointerMove", "duration": 150, "origin": "viewport", "x": (start.x + end.x) / 2,
                "y": (start.y + end.y) / 2,
            ],
            ["type": "pointerMove", "duration": 150, "origin": "viewport", "x": end.x, "y": end.y],
            ["type": "pointerUp", "button": 0],
        ]
        _ = try call(
            "POST", "/session/\(session)/actions",
            [
                "actions": [
                    ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]
                ]
            ])
        _ = try call("DELETE", "/session/\(session)/actions")
    }

    private func element(_ selector: String) throws -> String {
        let found = try call("POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
        guard let element = (found as? [String: Any])?.values.first as? String else {
            throw BrowserError("no element \(selector)")
        }
        return element
    }

    /// Types `text` into the element `selector` finds.
    func type(_ text: String, into selector: String) throws {
        _ = try call("POST", "/session/\(session)/element/\(try element(selector))/value", ["text": text])
    }

    /// What the page asked for since the previous call (a browser started with `logsNetwork`):
    /// every URL requested, in order, and each failed one with Chromium's error (file:// loads
    /// are not in the page's own Resource Timing, failed ones nowhere the page can see).
    func requests() throws -> (urls: [String], failed: [String: String]) {
        guard let entries = try call("POST", "/session/\(session)/se/log", ["type": "performance"]) as? [[String: Any]]
        else { throw BrowserError("no performance log") }
        var urls: [String] = [], failed: [String: String] = [:]
        for entry in entries {
            guard let text = entry["message"] as? String,
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let message = object["message"] as? [String: Any], let method = message["method"] as? String,
                let parameters = message["params"] as? [String: Any], let id = parameters["requestId"] as? String
            else { continue }
            if method == "Network.requestWillBeSent",
                let url = (parameters["request"] as? [String: Any])?["url"] as? String
            {
                urls.append(url)
                lock.withLock { requested[id] = url }
            } else if method == "Network.loadingFailed", let url = lock.withLock({ requested[id] }) {
                // Failures of requests the page made (Chromium's own, with no URL logged, are not its).
                failed[url] = parameters["errorText"] as? String ?? "failed"
            }
        }
        return (urls, failed)
    }

    /// A PNG of the window.
    func screenshot() throws -> Data {
        guard let text = try call("GET", "/session/\(session)/screenshot") as? String,
            let data = Data(base64Encoded: text)
        else { throw BrowserError("no screenshot") }
        return data
    }

    /// Ends the session, then chromedriver and every process it started (by id).
    func close() {
        let wasOpen = lock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", timeout: 10, force: true) }
        let descendants = Self.descendants(of: driver.processIdentifier)
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        for pid in descendants { kill(pid, SIGKILL) }
        driver.waitUntilExit()
        try? FileManager.default.removeItem(at: userData)
    }

    /// Every process below `root`, from /proc's parent ids.
    private static func descendants(of root: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var found: [pid_t] = [], frontier = [root]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    private func call(
        _ method: String, _ path: String, _ body: Any? = nil, timeout: TimeInterval = 30, force: Bool = false
    ) throws -> Any {
        if !force, lock.withLock({ closed }) { throw BrowserError("the browser was closed (time limit)") }
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try HTTP.exchange(port: port, method: method, path: path, body: payload, timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw BrowserError("\(path): no JSON reply") }
        let value = object["value"] ?? NSNull()
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw BrowserError("\(path): \(error): \(failure["message"] ?? "")")
        }
        return value
    }

}

struct BrowserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One HTTP/1.1 request to 127.0.0.1 over a socket, the connection closed after the reply.
/// (FoundationNetworking's URLSession on Linux fails on chromedriver's replies with "Failed
/// writing header"; a socket needs nothing else.)
enum HTTP {
    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BrowserError("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard found else { throw BrowserError("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func exchange(port: Int, method: String, path: String, body: Data, timeout: TimeInterval) throws -> Data {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BrowserError("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BrowserError("connect: \(String(cString: strerror(errno)))") }
        var request = Data(
            ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n").utf8)
        request.append(body)
        try request.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = send(socket, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { throw BrowserError("send: \(String(cString: strerror(errno)))") }
                sent += count
            }
        }
        // chromedriver may keep the connection open after its reply: read up to Content-Length.
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let split = reply.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: reply[..<split.lowerBound], as: UTF8.self).lowercased()
                let content = reply[split.upperBound...]
                if let length = contentLength(head), content.count >= length { return Data(content.prefix(length)) }
                if head.contains("transfer-encoding: chunked"), content.range(of: Data("0\r\n\r\n".utf8)) != nil {
                    return try dechunked(Data(content))
                }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else {
                throw BrowserError(
                    "\(path): no whole reply (\(count == 0 ? "closed" : String(cString: strerror(errno))))")
            }
            reply.append(contentsOf: buffer[0..<count])
        }
    }

    private static func contentLength(_ head: String) -> Int? {
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    private static func dechunked(_ data: Data) throws -> Data {
        var out = Data(), rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<line.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16)
            else { throw BrowserError("bad chunk") }
            if size == 0 { break }
            let start = line.upperBound
            out.append(rest[start..<start + size])
            rest = rest[(start + size + 2)...]
        }
        return out
    }
}
