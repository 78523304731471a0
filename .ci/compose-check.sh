#!/usr/bin/env bash
# Loads docker-compose.yml with the loader docker compose itself uses (no Docker engine needed) and checks
# what each way of starting it would run. Usage: .ci/compose-check.sh   (expects `npm run build` to have run)
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$repo_root/.tmp"
(cd "$repo_root/.ci/compose-check" && go build -o "$repo_root/.tmp/compose-check" .)
node "$repo_root/.ci/compose-check.mjs" "$repo_root/.tmp/compose-check"
