# What the namespace labs' drivers share (sourced, not run: lab-test.sh and router-lab-test.sh): Ansible from its
# virtualenv, the handler repository the agent clones, playbooks timed into WORK/timings, the deploy that must change
# nothing the second time, and the teardown that must leave no process behind.
# The caller sets, before sourcing: lab (its name in messages, e.g. lab-test), work (its WORK directory) and
# ansible_dir (the ansible/ directory); NSLAB_PREFIX names its namespaces (mlab by default, as nslab.sh).

venv=${MAESTRO_ANSIBLE_VENV:-$HOME/.cache/maestro/ansible-venv}
export PATH="$venv/bin:$PATH"
export ANSIBLE_CONFIG="$ansible_dir/ansible.cfg" ANSIBLE_NOCOLOR=1 ANSIBLE_FORCE_COLOR=0
command -v ansible-playbook >/dev/null || { echo "$lab: no ansible-playbook in $venv (bin/install-test-deps installs it)" >&2; exit 3; }

fail() { echo "$lab: $*" >&2; exit 1; }

# handler_repository DIR: the handlers in DIR committed into a git repository, cloned bare to WORK/handlers.git, which
# the agent takes by its file path (file://WORK/handlers.git).
handler_repository() {
  cp -r "$1" "$work/handlers-src"
  git -C "$work/handlers-src" init -q -b main
  git -C "$work/handlers-src" add -A
  git -C "$work/handlers-src" -c user.name=lab -c user.email=lab@example.org commit -qm handlers
  git clone -q --bare "$work/handlers-src" "$work/handlers.git"
}

# playbook NAME LOG ARGS...: runs a playbook against WORK/inventory.yml and WORK/secrets.yml, its output in WORK/LOG,
# times it into WORK/timings.
playbook() {
  local name=$1 log=$2; shift 2
  local start rc=0
  start=$(date +%s.%N)
  (cd "$ansible_dir" && ansible-playbook -i "$work/inventory.yml" -e "@$work/secrets.yml" "$@") > "$work/$log" 2>&1 || rc=$?
  echo "$name $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s exit $rc" | tee -a "$work/timings"
  return $rc
}

# run_scenario NAME JSON: run.yml with the variables JSON (written to WORK/NAME.json, readable by its owner only: it may
# hold the SUT's password), its output in WORK/run-NAME.log. The play fails when maestro run does not exit 0, which the
# caller judges from the exit code run.yml fetched beside the run: not a reason to stop here.
run_scenario() {
  ( umask 077; printf '%s' "$2" > "$work/$1.json" )
  playbook "run-$1" "run-$1.log" run.yml -e "@$work/$1.json" || true
}

# remove_lab: the namespaces (nslab.sh down) and what the hosts and the handler repository left in WORK; WORK/runs,
# the logs and WORK/timings stay for the caller.
remove_lab() {
  "$ansible_dir/tests/nslab.sh" down || true
  rm -rf "$work/hosts" "$work/handlers.git" "$work/handlers-src"
}

# deploy_twice: deploy.yml twice (deploy-1.log, deploy-2.log); fails when either fails or the second changed anything.
deploy_twice() {
  playbook deploy deploy-1.log deploy.yml || fail "deploy failed: $(tail -25 "$work/deploy-1.log")"
  playbook redeploy deploy-2.log deploy.yml || fail "the second deploy failed: $(tail -25 "$work/deploy-2.log")"
  if grep -E '^[a-z0-9]+ +: .*changed=[1-9]' "$work/deploy-2.log"; then
    fail "the second deploy changed something: $(grep -B3 '^changed:' "$work/deploy-2.log" | head -40)"
  fi
}

# teardown HOST...: teardown.yml, then fails when a process other than the lab's sshd still runs on one of the hosts.
teardown() {
  local h left
  playbook teardown teardown.log teardown.yml || fail "teardown failed: $(tail -25 "$work/teardown.log")"
  for h in "$@"; do
    left=$(ip netns pids "${NSLAB_PREFIX:-mlab}-$h" | while read -r pid; do tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -v sshd; done || true)
    [ -z "$left" ] || fail "after teardown, $h still runs: $left"
  done
}
