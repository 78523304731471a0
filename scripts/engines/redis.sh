#!/usr/bin/env bash
# Starts a throwaway Redis server on loopback (Debian's redis-server), for the shared limiter and fan-out
# suites and for `npm run cluster`. Nothing is saved to disk: limits and fan-out hold nothing to keep.
#
# Usage: scripts/engines/redis.sh [ENV_FILE]   start; print `export REDIS_URL=...` (or write it to ENV_FILE)
#        scripts/engines/redis.sh --stop       stop the server started from the same state directory
#
# Environment (all optional):
#   REDIS_PORT        first port to try (default 56379; the next free one up to +20 is used)
#   REDIS_STATE_DIR   pid and log directory (default /tmp/ringcheck-redis)
set -euo pipefail

port=${REDIS_PORT:-56379}
state_dir=${REDIS_STATE_DIR:-/tmp/ringcheck-redis}
env_file=${1:-}
pid_file="$state_dir/redis.pid"
log_file="$state_dir/redis.log"

log() { echo "redis.sh: $*" >&2; }

stop_server() {
  [[ -f "$pid_file" ]] || return 0
  local pid
  pid=$(cat "$pid_file")
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping Redis (pid $pid)"
    kill "$pid" || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$pid_file"
}

if [[ "$env_file" == "--stop" ]]; then
  stop_server
  exit 0
fi

command -v redis-server >/dev/null || { log "redis-server is not installed (Debian: apt-get install redis-server)"; exit 1; }
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

stop_server
mkdir -p "$state_dir"
last_port=$((port + 20))
while port_in_use "$port"; do
  port=$((port + 1))
  (( port <= last_port )) || { log "no free port up to $last_port"; exit 1; }
done

redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes \
  --pidfile "$pid_file" --logfile "$log_file" --dir "$state_dir" \
  || { log "redis-server did not start; its log ($log_file):"; tail -n 20 "$log_file" >&2; exit 1; }
for _ in $(seq 1 100); do port_in_use "$port" && break; sleep 0.1; done
port_in_use "$port" || { log "Redis did not accept connections on $port"; exit 1; }

line="export REDIS_URL=redis://127.0.0.1:$port"
log "Redis listening on 127.0.0.1:$port (pid $(cat "$pid_file"), log $log_file)"
if [[ -n "$env_file" ]]; then echo "$line" >"$env_file"; else echo "$line"; fi
