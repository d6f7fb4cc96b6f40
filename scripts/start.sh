#!/usr/bin/env bash
# The run command of the README: installs, builds and starts Boreline on its embedded default
# (SQLite under data/). Prints the URL and, on the first start, the administrator's sign-in.
set -euo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund --loglevel=error
npm run build
exec node apps/server/dist/main.js
