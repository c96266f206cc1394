# Sourced by scripts/test.sh and scripts/sanitize.sh (from the package root): the test runner's
# environment.
export PATH="$PATH:/opt/swift/usr/bin"
# The suites build libvips operations on many threads in one process, which liborc 0.4.33 does not
# survive (bench/liborc.md): the test runner's own policy, as the tools' is theirs. The tools they
# run get their own (TestSupport's run drops this variable).
export VIPS_NOVECTOR=1
