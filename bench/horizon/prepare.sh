# Sourced by run.sh and fit.sh: installs what the horizon bench needs (Debian packages, a Python
# venv with the peers), builds imgtool in release mode unless IMGTOOL points at a built binary, and
# fetches and checks the corpus into WORK. Sets `work`, `IMGTOOL` and `python`, and puts the repository
# on PYTHONPATH, so that the bench's modules run as `"$python" -m bench.horizon.…` from any folder.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/frostlevel-horizon-bench}
mkdir -p "$work"

"$root/scripts/install-deps.sh" imagemagick python3-venv git

# requirements.txt's pins, brought to an existing venv too (pip runs only when they changed).
[ -x "$work/venv/bin/python" ] || python3 -m venv "$work/venv"
if ! cmp -s "$here/requirements.txt" "$work/venv/requirements.txt"; then
    "$work/venv/bin/pip" install -q -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$work/venv/requirements.txt"
fi
python="$work/venv/bin/python"
export PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}"

if [ -z "${IMGTOOL:-}" ]; then
    # As scripts/setup.sh builds it (the Swift runtime linked in), so speed is what a user gets.
    (cd "$root" && swift build -c release --static-swift-stdlib --product imgtool --scratch-path "$root/.build-bench" >/dev/null)
    IMGTOOL="$root/.build-bench/release/imgtool"
fi

"$python" -m bench.horizon.fetch_corpus "$work"
