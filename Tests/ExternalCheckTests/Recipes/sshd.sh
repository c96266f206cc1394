#!/usr/bin/env bash
# An sshd on 127.0.0.1 with the configuration $1/sshd_config (written by the test), the command
# $2 run through bash while it listens, and the sshd stopped again whatever happens.
set -uo pipefail
root=$1
mkdir -p /run/sshd 2>/dev/null  # sshd's privilege separation folder (Debian makes it when the service runs)
sshd=$(command -v sshd || echo /usr/sbin/sshd)
"$sshd" -D -f "$root/sshd_config" -E "$root/sshd.log" & pid=$!
trap 'kill $pid 2>/dev/null; wait' EXIT
for _ in $(seq 50); do [ -s "$root/sshd.pid" ] && break; sleep 0.1; done
bash -c "$2"
status=$?
echo "recipe-status=$status"
