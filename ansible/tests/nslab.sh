#!/usr/bin/env bash
# A lab of five hosts on this machine, for the multi-host test: one network namespace per host (broker, sut, load1,
# load2, client; each with its own host name), each with a veth on the bridge mlab0 and an address of 10.213.0.0/24, and an sshd of its own that
# takes the key this script makes. The filesystem stays shared: the inventory gives each host a root of its own.
#   nslab.sh up DIR      builds the lab (removing leftovers of an earlier run first); writes DIR/inventory.yml's hosts
#                        part to DIR/hosts.yml, DIR/id_ed25519 and DIR/ssh_config
#   nslab.sh down DIR    removes everything up made: sshds, namespaces, veths, bridge (DIR itself is the caller's)
#   nslab.sh cut HOST SECONDS   takes HOST's link down for SECONDS, then up again
# Needs root and `ip netns`.
# Another lab beside this one (the routers' lab, router-lab-test.sh): NSLAB_PREFIX names its namespaces PREFIX-HOST,
# veths PREFIX-HOST and bridge PREFIX0; NSLAB_NET its /24; NSLAB_HOSTS its hosts, the i-th (from 1) at NET.i.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
PREFIX=${NSLAB_PREFIX:-mlab}
BRIDGE=${PREFIX}0
NET=${NSLAB_NET:-10.213.0}
CONTROLLER=$NET.254
read -r -a HOSTS <<< "${NSLAB_HOSTS:-broker sut load1 load2 client}"
address() { local i; for i in "${!HOSTS[@]}"; do if [ "${HOSTS[$i]}" = "$1" ]; then echo "$NET.$((i + 1))"; fi; done; }
ns() { echo "$PREFIX-$1"; }

down() {
  for h in "${HOSTS[@]}"; do
    if ip netns list | grep -qw "$(ns "$h")"; then
      # Every process still in the namespace (sshd, peers, brokers) ends with it.
      for pid in $(ip netns pids "$(ns "$h")" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
      ip netns delete "$(ns "$h")" || true
    fi
    ip link delete "$PREFIX-$h" 2>/dev/null || true
  done
  ip link delete "$BRIDGE" 2>/dev/null || true
}

up() {
  [ "$(id -u)" -eq 0 ] || { echo "nslab: needs root (network namespaces)" >&2; exit 3; }
  ip netns list >/dev/null 2>&1 || { echo "nslab: 'ip netns' does not work here" >&2; exit 3; }
  [ -x /usr/sbin/sshd ] || { echo "nslab: no /usr/sbin/sshd (openssh-server; bin/install-test-deps installs it)" >&2; exit 3; }
  down
  mkdir -p "$dir"
  mkdir -p /run/sshd # sshd's privilege separation directory, which its (here unused) system service would make
  ip link add "$BRIDGE" type bridge
  ip addr add "$CONTROLLER/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  rm -f "$dir/id_ed25519" "$dir/id_ed25519.pub" "$dir/host_key" "$dir/host_key.pub"
  ssh-keygen -q -t ed25519 -N "" -f "$dir/id_ed25519"
  ssh-keygen -q -t ed25519 -N "" -f "$dir/host_key"
  cp "$dir/id_ed25519.pub" "$dir/authorized_keys"
  chmod 600 "$dir/authorized_keys"
  : > "$dir/known_hosts"
  echo "# root's shell start-up on a lab host: none (nslab.sh)" > "$dir/bashrc"
  {
    echo "Host *"
    echo "  User root"
    echo "  IdentityFile $dir/id_ed25519"
    echo "  IdentitiesOnly yes"
    echo "  UserKnownHostsFile $dir/known_hosts"
    echo "  StrictHostKeyChecking yes"
    echo "  ConnectTimeout 5"
  } > "$dir/ssh_config"
  for h in "${HOSTS[@]}"; do
    local n a
    n=$(ns "$h"); a=$(address "$h")
    ip netns add "$n"
    ip link add "$PREFIX-$h" type veth peer name eth0 netns "$n"
    ip link set "$PREFIX-$h" master "$BRIDGE" up
    ip -n "$n" addr add "$a/24" dev eth0
    ip -n "$n" link set eth0 up
    ip -n "$n" link set lo up
    cat > "$dir/sshd_$h.conf" <<CONF
ListenAddress $a
Port 22
HostKey $dir/host_key
PidFile $dir/sshd_$h.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
CONF
    # UTS and mount namespaces too, so that each host has its own name, resolved by its own /etc/hosts (bound over
    # the machine's inside the namespace only), which the peers started over SSH report; and root's shell start-up
    # file of a fresh host, empty: this machine's (a developer's pyenv, cargo...) ran before every command Ansible
    # sends over SSH (1.6 s each measured at a load of 85), and the lock of its pyenv rehash, left by a killed
    # command, held each for 60 s.
    { echo "127.0.0.1 localhost"; echo "$a $h"; } > "$dir/hosts_$h"
    ip netns exec "$n" unshare --uts --mount sh -c 'hostname "$1" && mount --bind "$4" /etc/hosts \
        && { [ ! -f "$6" ] || mount --bind "$5" "$6"; } && exec /usr/sbin/sshd -f "$2" -E "$3"' \
      sh "$h" "$dir/sshd_$h.conf" "$dir/sshd_$h.log" "$dir/hosts_$h" "$dir/bashrc" ~root/.bashrc \
      || { echo "nslab: sshd of $h did not start: $(tail -3 "$dir/sshd_$h.log")" >&2; exit 1; }
    echo "$a $(cut -d' ' -f1,2 "$dir/host_key.pub")" >> "$dir/known_hosts"
  done
  for h in "${HOSTS[@]}"; do
    for _ in $(seq 1 50); do
      ssh -F "$dir/ssh_config" "$(address "$h")" true 2>/dev/null && continue 2
      sleep 0.2
    done
    echo "nslab: sshd of $h ($(address "$h")) does not answer; see $dir/sshd_$h.log" >&2
    exit 1
  done
  echo "nslab: up: ${HOSTS[*]} on $NET.0/24"
}

cut_link() {
  local h=$1 seconds=$2
  ip -n "$(ns "$h")" link set eth0 down
  sleep "$seconds"
  ip -n "$(ns "$h")" link set eth0 up
}

case "$cmd" in
  up) [ -n "$dir" ] || { echo "usage: nslab.sh up DIR" >&2; exit 2; }; up ;;
  down) down; echo "nslab: down" ;;
  cut) cut_link "$2" "$3" ;;
  *) echo "usage: nslab.sh up DIR | down | cut HOST SECONDS" >&2; exit 2 ;;
esac
