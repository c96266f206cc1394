# Sourced by run.sh and fit.sh: installs what the horizon bench needs (Debian packages, a Python
# venv with the peers), builds imgtool in release mode unless IMGTOOL points at a built binary, and
# fetches and checks the corpus into WORK. Sets `work`, `IMGTOOL` and `python`.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/frostlevel-horizon-bench}
mkdir -p "$work"

"$root/scripts/install-deps.sh" imagemagick python3-venv git

# Pinned, and brought to the pins in an existing venv too: the corpus's turned images, the self-check
# copies and four peers are OpenCV's, and its version moves their figures (RESULTS.md, stop 10).
[ -x "$work/venv/bin/python" ] || python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q deskew==1.6.1 opencv-python-headless==5.0.0.93 scikit-image==0.26.0 \
    numpy==2.4.6 scipy==1.17.1
python="$work/venv/bin/python"

if [ -z "${IMGTOOL:-}" ]; then
    # As scripts/setup.sh builds it (the Swift runtime linked in), so speed is what a user gets.
    (cd "$root" && swift build -c release --static-swift-stdlib --product imgtool --scratch-path "$root/.build-bench" >/dev/null)
    IMGTOOL="$root/.build-bench/release/imgtool"
fi

"$python" "$here/fetch_corpus.py" "$work"
