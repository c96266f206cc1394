#!/usr/bin/env python3
"""Planted-secrets corpus for `imgtool blur --find emails,urls,phones,cards,ibans,ips,tokens`.

Writes HTML pages (an invoice, a chat, a terminal, a form, a settings page; light and dark; one at
2×) with planted secrets of every kind, lookalikes that are no secrets (Luhn-invalid cards spaced
and dashed, invalid IBANs, dates, timestamps, amounts, ISBNs, UUIDs, versions, commit hashes) and
ordinary words, each in its own <span>; headless Chromium takes the screenshot and, with the same
window, dumps the page with every span's box in device pixels (truth.json beside each PNG).

    python3 -m bench.blur.secrets.make_corpus OUT_DIR [SEED]
"""
import json, os, random, re, subprocess, sys, html

OUT = sys.argv[1] if len(sys.argv) > 1 else "bench/out/blur/secrets"
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 39
rng = random.Random(SEED)


def luhn_digit(body):
    total = 0
    for i, d in enumerate(reversed(body)):
        d = int(d)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return str((10 - total % 10) % 10)


def card():
    prefix = rng.choice(["4", "51", "52", "55", "6011", "37"])
    if prefix == "37":
        body = prefix + "".join(rng.choice("0123456789") for _ in range(12))
        number = body + luhn_digit(body)
        return f"{number[:4]} {number[4:10]} {number[10:]}"
    body = prefix + "".join(rng.choice("0123456789") for _ in range(15 - len(prefix)))
    number = body + luhn_digit(body)
    sep = rng.choice([" ", " ", "-", ""])
    return sep.join(number[i:i + 4] for i in range(0, 16, 4))


def bad_card():
    body = rng.choice(["4", "51", "6011"])
    body += "".join(rng.choice("0123456789") for _ in range(15 - len(body)))
    digit = str((int(luhn_digit(body)) + rng.randint(1, 9)) % 10)
    number = body + digit
    return rng.choice([" ", "-"]).join(number[i:i + 4] for i in range(0, 16, 4))


IBAN_BBAN = {"DE": ("n", 18), "GB": ("GB", 18), "FR": ("FR", 23), "NL": ("NL", 14), "ES": ("n", 20), "IT": ("IT", 23),
             "BE": ("n", 12), "CH": ("n", 17)}


def bban(country):
    kind, length = IBAN_BBAN[country]
    if country == "GB":
        return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + "".join(
            rng.choice("0123456789") for _ in range(14))
    if country == "NL":
        return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + "".join(
            rng.choice("0123456789") for _ in range(10))
    if country == "IT":
        return rng.choice("ABCDEFGHIJ") + "".join(rng.choice("0123456789") for _ in range(22))
    if country == "FR":
        return "".join(rng.choice("0123456789") for _ in range(20)) + "".join(
            rng.choice("0123456789") for _ in range(3))
    return "".join(rng.choice("0123456789") for _ in range(length))


def iban_check(country, body):
    moved = body + country + "00"
    number = int("".join(str(int(c, 36)) for c in moved))
    return f"{98 - number % 97:02d}"


def spaced(text):
    return " ".join(text[i:i + 4] for i in range(0, len(text), 4))


def iban():
    country = rng.choice(list(IBAN_BBAN))
    body = bban(country)
    return spaced(country + iban_check(country, body) + body)


def bad_iban():
    country = rng.choice(list(IBAN_BBAN))
    body = bban(country)
    check = int(iban_check(country, body))
    return spaced(country + f"{(check + rng.randint(1, 20)) % 97 + 2:02d}"[-2:] + body)


def alnum(n, alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"):
    return "".join(rng.choice(alphabet) for _ in range(n))


def token():
    return rng.choice([
        lambda: "ghp_" + alnum(36), lambda: "glpat-" + alnum(20), lambda: "xoxb-" + alnum(10, "0123456789") + "-"
        + alnum(12, "0123456789") + "-" + alnum(24), lambda: "AKIA" + alnum(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
        lambda: "AIza" + alnum(35), lambda: "sk_live_" + alnum(24), lambda: "npm_" + alnum(36),
        lambda: "hf_" + alnum(34), lambda: "github_pat_" + alnum(22) + "_" + alnum(59)[:40],
    ])()


FIRST = ["jane", "omar", "li.wei", "p.novak", "sara", "ken", "amelie", "dmitri", "ines", "raj"]
DOMAINS = ["example.com", "mail.example.org", "acme.io", "corp.example.net", "posteo.de"]


def email():
    return f"{rng.choice(FIRST)}{rng.randint(1, 99)}@{rng.choice(DOMAINS)}"


def url():
    return rng.choice([
        lambda: f"https://{rng.choice(DOMAINS)}/account/{alnum(6).lower()}",
        lambda: f"http://intranet.local:{rng.choice([8080, 8443, 3000])}/admin",
        lambda: f"https://portal.{rng.choice(DOMAINS)}/reset?id={rng.randint(1000, 9999)}",
        lambda: f"www.{rng.choice(DOMAINS)}/help",
    ])()


def phone():
    return rng.choice([
        lambda: f"+44 20 7946 {rng.randint(0, 999):04d}", lambda: f"(202) 555-{rng.randint(100, 199):04d}",
        lambda: f"+1 415 555 {rng.randint(1000, 9999)}", lambda: f"+49 30 {rng.randint(1000000, 9999999)}",
        lambda: f"+33 1 42 68 {rng.randint(10, 99)} {rng.randint(10, 99)}",
        lambda: f"+31 20 {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
    ])()


def ip():
    return rng.choice([
        lambda: f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
        lambda: f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
        lambda: f"2001:db8:{rng.randint(0, 65535):x}::{rng.randint(0, 65535):x}:{rng.randint(0, 65535):x}",
        lambda: f"fe80::{rng.randint(0, 65535):x}:{rng.randint(0, 65535):x}:{rng.randint(0, 65535):x}",
    ])()


SECRETS = {"email": email, "url": url, "phone": phone, "card": card, "iban": iban, "ip": ip, "token": token}


def isbn13():
    body = "978" + "".join(rng.choice("0123456789") for _ in range(9))
    check = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body)) % 10) % 10
    d = body + str(check)
    return f"{d[:3]}-{d[3]}-{d[4:6]}-{d[6:12]}-{d[12]}"


DECOYS = {
    "bad-card": bad_card, "bad-iban": bad_iban,
    "date": lambda: f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
    "timestamp": lambda: f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:"
    f"{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
    "amount": lambda: f"{rng.randint(1, 99)},{rng.randint(0, 999):03d}.{rng.randint(0, 99):02d}",
    "isbn": isbn13,
    "uuid": lambda: "-".join(alnum(n, "0123456789abcdef") for n in (8, 4, 4, 4, 12)),
    "version": lambda: f"v{rng.randint(1, 12)}.{rng.randint(0, 40)}.{rng.randint(0, 20)}",
    "commit": lambda: alnum(40, "0123456789abcdef"),
}

WORDS = ("the invoice account please review update customer order status payment shipped delivered total "
         "balance reference notes meeting tomorrow thanks regards team project release server backup "
         "settings profile security contact address billing subscription renewal support ticket").split()

LABELS = {"email": "Email", "url": "Link", "phone": "Phone", "card": "Card on file:", "iban": "IBAN", "ip": "Host",
          "token": "API key", "bad-card": "Ref", "bad-iban": "Old IBAN", "date": "Due", "timestamp": "Logged",
          "amount": "Total", "isbn": "ISBN", "uuid": "Request id", "version": "Version", "commit": "Commit"}


def words(n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def span(text, kind):
    return f'<span class="w" data-k="{kind}">{html.escape(text)}</span>'


def plain(text):
    return " ".join(span(w, "word") for w in text.split())


def line(kind, value):
    before = plain(LABELS[kind] + " " + words(rng.randint(0, 2)))
    after = plain(words(rng.randint(1, 3)) + ".")
    return f"{before} {span(value, kind)} {after}"


STYLES = {
    "invoice": "body{font:15px 'DejaVu Sans';background:#fff;color:#222}.row{margin:6px 0}",
    "chat": "body{font:14px 'Liberation Sans';background:#f0f2f5;color:#111}.row{background:#fff;border-radius:12px;"
    "padding:6px 10px;margin:8px;max-width:900px}",
    "terminal": "body{font:14px 'DejaVu Sans Mono';background:#1e1e1e;color:#d4d4d4}.row{margin:2px 0}",
    "form": "body{font:13px 'Liberation Sans';background:#fafafa;color:#333}.row{border:1px solid #ccc;"
    "padding:4px;margin:6px;background:#fff}",
    "dark": "body{font:16px 'DejaVu Serif';background:#202124;color:#e8eaed}.row{margin:7px 0}",
}


def page(name, style, scale, kinds):
    rows = [f'<div class="row">{line(kind, value)}</div>' for kind, value in kinds]
    script = """<script>
addEventListener('load', () => {
  const r = devicePixelRatio, out = [];
  for (const s of document.querySelectorAll('span.w')) {
    const b = s.getBoundingClientRect();
    out.push({kind: s.dataset.k, text: s.textContent, x: Math.floor(b.left * r), y: Math.floor(b.top * r),
      width: Math.ceil(b.width * r), height: Math.ceil(b.height * r)});
  }
  const t = document.createElement('pre'); t.id = 'truth'; t.style.display = 'none';
  t.textContent = JSON.stringify(out); document.body.appendChild(t);
});
</script>"""
    return f"<!doctype html><html><head><meta charset=utf-8><style>{STYLES[style]} body{{margin:20px}}</style>" \
           f"</head><body>{''.join(rows)}{script}</body></html>"


def chromium(args):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--font-render-hinting=none"] + args, capture_output=True, text=True, timeout=120)


def main():
    os.makedirs(OUT, exist_ok=True)
    plan = [("invoice-light", "invoice", 1), ("chat", "chat", 1), ("terminal-dark", "terminal", 1),
            ("form", "form", 1), ("notes-dark", "dark", 1), ("invoice-2x", "invoice", 2)]
    for name, style, scale in plan:
        kinds = [(k, f()) for k, f in SECRETS.items() for _ in range(2)]
        kinds += [(k, f()) for k, f in DECOYS.items() for _ in range(1)]
        rng.shuffle(kinds)
        path = os.path.abspath(os.path.join(OUT, name + ".html"))
        with open(path, "w") as f:
            f.write(page(name, style, scale, kinds))
        rows = len(kinds)
        height = 40 + rows * (34 if style in ("chat", "form") else 28)
        size = f"--window-size=1280,{height}"
        flags = [size, f"--force-device-scale-factor={scale}"]
        chromium(flags + [f"--screenshot={os.path.join(OUT, name + '.png')}", "file://" + path])
        dom = chromium(flags + ["--dump-dom", "file://" + path]).stdout
        truth = json.loads(html.unescape(re.search(r'<pre id="truth"[^>]*>(.*?)</pre>', dom, re.S).group(1)))
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump({"image": name + ".png", "scale": scale, "spans": truth}, f)
        print(name, len(truth), "spans", file=sys.stderr)


main()
