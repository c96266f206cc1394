"""How the horizon corpus is dealt into halves and turned copies: by source photo, so that a photo and its
copies never sit on both sides (LABELLING.md). Pure Python; make_manifest.py uses it, the tests check it."""
import hashlib

# The turns of a photo's copies: the first within 0.5–3°, the second 3–8°, the third 8–12°.
TURN_BANDS = [(0.5, 3.0), (3.0, 8.0), (8.0, 12.0)]


def stable_hash(text):
    """SHA-256 of text as an integer: the same on every machine and Python (unlike hash())."""
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def turns(photo_id, count):
    """`count` deterministic turns (degrees, one decimal), one per TURN_BANDS band, signs hashed."""
    out = []
    for i in range(count):
        lo, hi = TURN_BANDS[i]
        value = stable_hash(f"{photo_id}/turn{i}")
        magnitude = lo + (value % 1000) / 1000 * (hi - lo)
        out.append(round(magnitude if (value >> 20) % 2 else -magnitude, 1))
    return out


def deal(photos, fixed, tuned):
    """Sets p["split"] of every photo (dicts with id, category and maybe split) that has none: the photos the
    first detector was tuned on (last id component in `tuned`) are dev whatever their hash says; a photo
    already in the manifest (`fixed`: id → split) keeps its half, so adding photos never moves one; the
    rest, within each category, sorted by stable_hash of the id, alternate dev, test."""
    by_category = {}
    for p in photos:
        if p["id"].split("/")[-1] in tuned:
            p["split"] = "dev"
        elif "split" not in p and p["id"] in fixed:
            p["split"] = fixed[p["id"]]
        elif "split" not in p:
            by_category.setdefault(p["category"], []).append(p)
    for group in by_category.values():
        for i, p in enumerate(sorted(group, key=lambda p: stable_hash(p["id"]))):
            p["split"] = ("dev", "test")[i % 2]
    return photos
