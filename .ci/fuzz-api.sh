#!/usr/bin/env bash
# Fuzzes the running API from its OpenAPI document with schemathesis: no request may get a 5xx.
# Usage: .ci/fuzz-api.sh   (builds nothing; expects `npm run build` to have run)
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
command -v st >/dev/null 2>&1 || python3 -m pip install -q schemathesis >/dev/null
data_dir=$(mktemp -d)
# A port the kernel reports free (a fixed range can collide with an outgoing connection's port), and a
# second try on another port should the server still lose it before it listens.
start_server() {
  port=$(node --input-type=module -e 'console.log(await (await import(process.argv[1])).freePort())' "$repo_root/scripts/free-port.mjs") || return 1
  env -u MONGODB_URI -u MONGODB_DB -u EVENTSTORE_CONNECTION_STRING -u EVENT_STORE_URL -u REDIS_URL -u GOOGLE_PLACES_API_KEY -u ANALYZER \
    DATA_DIR=$data_dir PORT=$port HOST=127.0.0.1 LOG_LEVEL=error SANDBOX_TIME_SCALE=0.01 SANDBOX_RECORDING_SPEECH=off \
    RATE_LIMIT_PER_MINUTE=1000000 SEARCH_RATE_LIMIT_PER_MINUTE=1000000 CALL_RATE_LIMIT_PER_MINUTE=1000000 \
    ANONYMOUS_CALLS_PER_DAY=1000000 ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS=1000000 USER_CALLS_PER_DAY=1000000 \
    AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS=1000000 AUTH_RATE_LIMIT_PER_ACCOUNT=1000000 AUTH_RATE_LIMIT_PER_ADDRESS=1000000 \
    node "$repo_root/backend/dist/server.cjs" >"$data_dir/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do
    curl -fsS -c "$data_dir/cookies" "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || break
    sleep 0.2
  done
  echo "the server did not answer /api/health on port $port; its log ends:"
  tail -n 20 "$data_dir/server.log"
  kill "$server" 2>/dev/null || true
  return 1
}
trap 'kill $server 2>/dev/null; rm -rf "$data_dir"' EXIT
start_server || start_server
token=$(awk '/csrftoken/ {print $7}' "$data_dir/cookies")
base="http://127.0.0.1:$port"
bearer=$(curl -fsS -b "$data_dir/cookies" -H "X-CSRFToken: $token" -H 'content-type: application/json' \
  -d "{\"email\":\"fuzz-$RANDOM$RANDOM@example.com\",\"password\":\"correct horse battery\"}" "$base/api/auth/sign-up/" | python3 -c 'import sys, json; print(json.load(sys.stdin)["access_token"])')
# A visitor the server issued an id to (its proof is an httpOnly cookie), so visitor-only paths are fuzzed too.
curl -fsS -b "$data_dir/cookies" -c "$data_dir/cookies" -H "X-CSRFToken: $token" -H 'content-type: application/json' \
  -d '{"fingerprint":"fuzz-visitor-0001","screen_resolution":"1280x800","timezone":"UTC","language":"en"}' "$base/api/analytics/track-user/" >/dev/null
visitor=$(awk '/rc_visitor/ {print $7}' "$data_dir/cookies")
status=0
# One worker: with two, Hypothesis parses its lambdas' source on two threads at once, which CPython 3.11
# can fail with "SystemError: AST constructor recursion depth mismatch" (a run error, not a finding).
st run "$base/api/docs-json" --checks not_a_server_error --max-examples "${FUZZ_EXAMPLES:-15}" --workers 1 \
  -H "Cookie: csrftoken=$token" -H "X-CSRFToken: $token" || status=$?
# Signed in: the operations that can end the session (sign-out, deleting the account, a new password) run
# last, on their own, so the token stays valid for everything else.
session_enders='^/api/(auth/sign-out|users/me)'
st run "$base/api/docs-json" --checks not_a_server_error --max-examples "${FUZZ_EXAMPLES:-15}" --workers 1 \
  --exclude-path-regex "$session_enders" \
  -H "Cookie: csrftoken=$token; rc_visitor=$visitor" -H "X-CSRFToken: $token" -H "Authorization: Bearer $bearer" || status=$?
st run "$base/api/docs-json" --checks not_a_server_error --max-examples "${FUZZ_EXAMPLES:-15}" --workers 1 \
  --include-path-regex "$session_enders" \
  -H "Cookie: csrftoken=$token; rc_visitor=$visitor" -H "X-CSRFToken: $token" -H "Authorization: Bearer $bearer" || status=$?
if grep -q '"level":50' "$data_dir/server.log"; then echo "server logged errors:"; grep '"level":50' "$data_dir/server.log" | head -5; status=1; fi
exit $status
