#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server on loopback (Debian's postgresql-15), for the PostgreSQL event
# store's contract suite and for `npm run cluster`.
#
# Usage: scripts/engines/postgres.sh [ENV_FILE]   start; print `export POSTGRES_URL=...` (or write it to ENV_FILE)
#        scripts/engines/postgres.sh --stop       stop the server started from the same state directory
#
# Environment (all optional):
#   POSTGRES_PORT        first port to try (default 55432; the next free one up to +20 is used)
#   POSTGRES_STATE_DIR   data, socket and log directory (default /tmp/ringcheck-postgres; it must be
#                        reachable by the server's user, which is `postgres` when this runs as root)
#   POSTGRES_DB          database created for the product (default ringcheck)
set -euo pipefail

port=${POSTGRES_PORT:-55432}
state_dir=${POSTGRES_STATE_DIR:-/tmp/ringcheck-postgres}
database=${POSTGRES_DB:-ringcheck}
env_file=${1:-}
data_dir="$state_dir/data"
log_file="$state_dir/postgres.log"

log() { echo "postgres.sh: $*" >&2; }

bin_dir=""
for candidate in /usr/lib/postgresql/*/bin; do
  [[ -x "$candidate/pg_ctl" ]] && bin_dir=$candidate
done
[[ -n "$bin_dir" ]] || { log "PostgreSQL's server is not installed (Debian: apt-get install postgresql)"; exit 1; }

# The server refuses to run as root; Debian's package creates the postgres user for it.
as_server_user() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_server() {
  [[ -f "$data_dir/postmaster.pid" ]] || return 0
  log "stopping PostgreSQL ($data_dir)"
  as_server_user "$bin_dir/pg_ctl" stop -D "$data_dir" -m fast -w >/dev/null 2>&1 || true
}

if [[ "$env_file" == "--stop" ]]; then
  stop_server
  exit 0
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

stop_server
rm -rf "$state_dir"
mkdir -p "$state_dir"
[[ $(id -u) -eq 0 ]] && chown postgres:postgres "$state_dir"

last_port=$((port + 20))
while port_in_use "$port"; do
  port=$((port + 1))
  (( port <= last_port )) || { log "no free port up to $last_port"; exit 1; }
done

as_server_user "$bin_dir/initdb" -D "$data_dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$state_dir/initdb.log" 2>&1 \
  || { log "initdb failed:"; tail -n 20 "$state_dir/initdb.log" >&2; exit 1; }

# Loopback only, every local connection trusted: a server for tests and for a cluster on one machine.
# A port nobody listens on may still be bound by another socket (a client's own end of a connection, the
# ports handed out to outgoing connections include this range): the server then cannot bind it, and the
# next port is tried.
until as_server_user "$bin_dir/pg_ctl" start -D "$data_dir" -w -t 30 -l "$log_file" \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$state_dir -c max_connections=300 -c shared_buffers=128MB" >/dev/null; do
  if grep -q 'Address already in use' "$log_file" && (( port < last_port )); then
    log "port $port is taken; trying $((port + 1))"
    port=$((port + 1))
    : >"$log_file"
    continue
  fi
  log "PostgreSQL did not start; its log ($log_file):"
  tail -n 30 "$log_file" >&2
  exit 1
done

as_server_user "$bin_dir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"

line="export POSTGRES_URL=postgres://postgres@127.0.0.1:$port/$database"
log "PostgreSQL listening on 127.0.0.1:$port (data $data_dir, log $log_file)"
if [[ -n "$env_file" ]]; then
  echo "$line" >"$env_file"
else
  echo "$line"
fi
