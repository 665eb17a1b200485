# free_port prints a loopback port nothing listens on, below the kernel's
# range of ephemeral ports: a port in that range may be taken, between the
# pick and the server's start, by the source port of any connection the
# tests open, and the server then fails to bind. Ports listed in $1
# (space-separated) are taken already. Sourced by scripts/postgres and
# scripts/cluster, which define die.
free_port() {
  local p low=32768 taken=" ${1:-} "
  if [ -r /proc/sys/net/ipv4/ip_local_port_range ]; then
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range
  fi
  [ "$low" -gt 21024 ] || low=50000
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % (low - 20000)))
    [[ "$taken" == *" $p "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  die "no free loopback port found"
}
