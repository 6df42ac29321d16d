#!/usr/bin/env bash
# The whole test suite, as the README's test command runs it:
# types, unit and integration tests (PGlite unless DATABASE_URL is set), then end-to-end tests in
# Chromium against the production build served by the real server, then the security audit against it.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
export CHROMIUM_PATH

echo "== typecheck"
npm run --silent typecheck

echo "== production build (the error-handling tests and the end-to-end tests use it)"
npm run --silent build

echo "== unit and integration tests (database: ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite})"
VITEST_JSON_REPORT=reports/vitest.json npx vitest run

echo "== end-to-end tests (Chromium: $CHROMIUM_PATH)"
npx playwright test

echo "== security audit: the red-team probe's attacks replayed against the production server"
node scripts/audit-security.mjs --no-build
