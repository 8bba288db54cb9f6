#!/usr/bin/env bash
# Everything CI runs: typecheck + lint, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is
# set), the web build, and Playwright end-to-end tests in Chromium. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
passed=0
failed=0
status=0

step() { echo; echo "━━ $*"; }

# A step that is not a test runner counts as one check.
check() {
  local name=$1; shift
  step "$name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; echo "✗ $name failed"; fi
}

# bun test prints " N pass" and " N fail" at the end.
bun_tests() {
  local label=$1; shift
  step "API tests ($label)"
  local log="test-results/bun-$label.log"
  env "$@" npx bun test --timeout 60000 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local p f
  p=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ]; then status=1; [ "$f" -eq 0 ] && failed=$((failed + 1)); fi
}

check "generate (prisma client, printed schema)" npm run generate --silent
check "typecheck" npx tsc -p tsconfig.json --noEmit
check "lint" npx biome check .
bun_tests pglite TEST_DATABASE_URL=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The PostgreSQL run also pins the business clock to a hard moment (New Year's Eve, past the cutoff),
  # so every CI run proves the API tests do not depend on the hour they run at.
  bun_tests postgres TEST_DATABASE_URL="$TEST_DATABASE_URL" TEST_CLOCK="${TEST_PINNED_CLOCK:-2026-12-31T23:30:00-06:00}"
fi
check "web build" npx bun scripts/build-web.ts
check "size budget" npx bun scripts/size-budget.ts

# One Playwright run: its own results file, counted into the totals. Extra arguments go to Playwright.
e2e_run() {
  local label=$1; shift
  step "end-to-end tests in Chromium ($label)"
  local results="test-results/e2e-$label.json"
  rm -f "$results"
  E2E_RESULTS="$results" npx playwright test -c e2e/playwright.config.ts "$@"
  local rc=$? p=0 f=0
  if [ -f "$results" ]; then
    read -r p f < <(node -e '
      const r = require(process.argv[1]);
      const s = r.stats || {};
      console.log((s.expected || 0) + (s.flaky || 0), (s.unexpected || 0));' "./$results")
  fi
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ]; then status=1; [ "$f" -eq 0 ] && failed=$((failed + 1)); fi
}

if [ "${SKIP_E2E:-}" != "1" ]; then
  # a free port, so a server left running elsewhere on the machine cannot block the run
  E2E_PORT=${E2E_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
  export E2E_PORT
  e2e_run now
  # Time is an input: the specs whose pages depend on the date run again with the server's and the
  # browser's clock pinned to a hard moment: a Sunday night past the 3 PM cutoff, on a month end.
  # --no-deps: only these specs (the shared-data project would otherwise run every parallel spec first).
  E2E_CLOCK=${E2E_PINNED_CLOCK:-2027-01-31T21:50:00-06:00} e2e_run pinned-clock --no-deps \
    e2e/portal-deliveries.spec.ts e2e/portal-billing.spec.ts e2e/shop.spec.ts e2e/team-ecommerce.spec.ts
fi

echo
echo "$passed passed, $failed failed"
exit $status
