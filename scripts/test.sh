#!/usr/bin/env bash
# The test command of the README: installs what the tests need, builds, checks types and lint,
# and runs the whole suite (SQLite and PostgreSQL passes), printing each step's time. Ends with
# `N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { # name, command...
  local name="$1"
  shift
  local started=$SECONDS
  "$@"
  echo "step ${name}: $((SECONDS - started)) s"
}

step services bash scripts/ensure-services.sh
step install npm ci --no-audit --no-fund --loglevel=error
step build npm run build
step typecheck npm run typecheck
step lint npm run lint
# The suite runner prints each suite's time and the final `N passed, N failed` line last (npm would add its own lines after a failure).
exec node scripts/run-tests.mjs
