#!/usr/bin/env bash
# Starts a FerretDB 1.24.2 server (MongoDB wire protocol, on SQLite or PostgreSQL) for the MongoDB contract
# suite and for `npm run cluster`.
#
# Usage: .ci/ferretdb.sh [ENV_FILE]   build if needed, start, print `export MONGODB_URI=...`
#                                     (or write that line to ENV_FILE)
#        .ci/ferretdb.sh --stop       stop the server started from the same state directory
#
# Environment (all optional):
#   FERRETDB_PORT            first port to try (default 27027; the next free one up to +20 is used)
#   FERRETDB_STATE_DIR       data and log directory (default <repo>/.tmp/ferretdb)
#   FERRETDB_PID_FILE        pid of the running server (default <repo>/.tmp/ferretdb.pid, which .ci/run stops)
#   FERRETDB_BUILD_TIMEOUT   seconds allowed for building FerretDB (default 1200)
#   FERRETDB_START_TIMEOUT   seconds allowed for the server to accept connections (default 30)
#   FERRETDB_POSTGRESQL_URL  keep the documents in this PostgreSQL database instead of SQLite files
#   FERRETDB_LOG_LEVEL       debug, info, warn (default) or error
#   FERRETDB_DEBUG_ADDR      host:port of FerretDB's debug handler (goroutines, metrics); off by default
set -euo pipefail

version=v1.24.2
port=${FERRETDB_PORT:-27027}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
state_dir=${FERRETDB_STATE_DIR:-$repo_root/.tmp/ferretdb}
pid_file=${FERRETDB_PID_FILE:-$repo_root/.tmp/ferretdb.pid}
build_timeout=${FERRETDB_BUILD_TIMEOUT:-1200}
start_timeout=${FERRETDB_START_TIMEOUT:-30}
env_file=${1:-}

log() { echo "ferretdb.sh: $*" >&2; }

stop_server() {
  [[ -f "$pid_file" ]] || return 0
  local pid
  pid=$(cat "$pid_file")
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping FerretDB (pid $pid)"
    kill "$pid" || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$pid_file"
}

if [[ "$env_file" == "--stop" ]]; then
  stop_server
  exit 0
fi

command -v go >/dev/null || { log "go is not installed"; exit 1; }
binary="$(go env GOPATH)/bin/ferretdb"

# `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is not enough: the module zip lacks the
# generated build/version/version.txt, so such a binary panics at startup (and the install also needs the
# module's version list, which some proxies refuse). Build from a writable copy of the module instead.
build_ferretdb() {
  local module_dir src
  module_dir=$(go mod download -json "github.com/FerretDB/FerretDB@$version" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -n "$module_dir" && -d "$module_dir" ]] || { log "go mod download did not give a module directory"; return 1; }
  src=$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-src.XXXXXX")
  cp -R "$module_dir/." "$src/"
  chmod -R u+w "$src"
  echo "$version" >"$src/build/version/version.txt"
  mkdir -p "$(dirname "$binary")"
  (cd "$src" && go build -trimpath -o "$binary.tmp" ./cmd/ferretdb) && mv "$binary.tmp" "$binary"
  local status=$?
  rm -rf "$src"
  return $status
}

installed_version=""
[[ -x "$binary" ]] && installed_version=$("$binary" --version 2>/dev/null | sed -n 's/^version: //p' || true)
if [[ "$installed_version" == "$version" ]]; then
  log "using $binary"
else
  log "building FerretDB $version (this can take several minutes)"
  export -f build_ferretdb log
  export version binary
  timeout "$build_timeout" bash -c build_ferretdb >&2 \
    || { log "building FerretDB failed or took longer than ${build_timeout}s"; exit 1; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

mkdir -p "$state_dir" "$(dirname "$pid_file")"
stop_server

last_port=$((port + 20))
while port_in_use "$port"; do
  port=$((port + 1))
  (( port <= last_port )) || { log "no free port up to $last_port"; exit 1; }
done

data_dir="$state_dir/data-$port"
rm -rf "$data_dir"
mkdir -p "$data_dir"
log_file="$state_dir/ferretdb.log"

if [[ -n "${FERRETDB_POSTGRESQL_URL:-}" ]]; then
  backend_args=(--handler=pg "--postgresql-url=$FERRETDB_POSTGRESQL_URL")
else
  backend_args=(--handler=sqlite "--sqlite-url=file:$data_dir/")
fi

nohup "$binary" \
  --listen-addr="127.0.0.1:$port" \
  "${backend_args[@]}" \
  --state-dir="$state_dir" \
  --telemetry=disable \
  "--log-level=${FERRETDB_LOG_LEVEL:-WARN}" \
  "--debug-addr=${FERRETDB_DEBUG_ADDR:--}" \
  >"$log_file" 2>&1 </dev/null &
pid=$!
echo "$pid" >"$pid_file"

deadline=$((SECONDS + start_timeout))
until port_in_use "$port"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    log "FerretDB exited during startup; its log ($log_file):"
    tail -n 30 "$log_file" >&2
    rm -f "$pid_file"
    exit 1
  fi
  if (( SECONDS >= deadline )); then
    log "FerretDB did not accept connections within ${start_timeout}s; stopping it"
    kill "$pid" 2>/dev/null || true
    rm -f "$pid_file"
    exit 1
  fi
  sleep 0.2
done

line="export MONGODB_URI=mongodb://127.0.0.1:$port/"
log "FerretDB $version listening on 127.0.0.1:$port (pid $pid, pid file $pid_file, log $log_file)"
if [[ -n "$env_file" ]]; then
  echo "$line" >"$env_file"
else
  echo "$line"
fi
