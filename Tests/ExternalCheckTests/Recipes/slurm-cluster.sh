#!/usr/bin/env bash
# A one-node Slurm cluster in folder $1 (slurm.conf written there by the test), started, given
# the job script $1/level.sh with `sbatch --wait`, and stopped again whatever happens.
# Run by Tests/ExternalCheckTests/SchedulerRecipeTests.swift as root; prints sbatch's status last.
set -uo pipefail
root=$1
export SLURM_CONF=$root/slurm.conf
pids=()
# Last started first (slurmd, slurmctld, munged); SIGKILL for any still running after 5 s.
stop() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null
    for _ in $(seq 50); do kill -0 "${pids[i]}" 2>/dev/null || break; sleep 0.1; done
    kill -9 "${pids[i]}" 2>/dev/null
  done
  wait
}
trap stop EXIT
munged --key-file="$root/munge/key" --socket="$root/munge/socket" --pid-file="$root/munge/pid" \
  --log-file="$root/munge/log" --seed-file="$root/munge/seed" -f -F & pids+=($!)
for _ in $(seq 50); do [ -S "$root/munge/socket" ] && break; sleep 0.1; done
slurmctld -D -i >/dev/null 2>&1 & pids+=($!)
slurmd -D >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.3; done
sinfo -h -o %t 2>/dev/null | grep -q idle || { echo "the cluster did not come up" >&2; cat "$root/log/slurmctld.log" >&2; exit 3; }
# A 4-CPU task would never fit a smaller machine: sbatch's own option gives each task one CPU.
sbatch --wait --cpus-per-task=1 --chdir="$root" --output="$root/log/task-%a.out" "$root/level.sh"
status=$?
for _ in $(seq 50); do [ "$(wc -l < "$root/log/jobcomp.txt" 2>/dev/null || echo 0)" -ge 8 ] && break; sleep 0.2; done
echo "sbatch-status=$status"
