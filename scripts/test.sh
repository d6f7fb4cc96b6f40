#!/usr/bin/env bash
# The test command of the README: installs what the tests need, builds, checks types and lint,
# and runs the whole suite (SQLite and PostgreSQL passes). Ends with `N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh
npm ci --no-audit --no-fund --loglevel=error
npm run build
npm run typecheck
npm run lint
npm test
