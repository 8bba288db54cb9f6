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

# bun test prints " N pass" and " N fail" at the end. An API run goes on in the background (its output
# to its log) while the other checks run: a bun test process keeps one core busy, the machine has two.
api_start() {
  local label=$1; shift
  ( env "$@" npx bun test --timeout 60000 >"test-results/bun-$label.log" 2>&1; echo $? >"test-results/bun-$label.rc" ) &
}

# Waits for an API run, prints its output and counts its tests.
api_finish() {
  local label=$1 pid=$2
  wait "$pid"
  step "API tests ($label)"
  local log="test-results/bun-$label.log"
  cat "$log"
  local rc p f
  rc=$(cat "test-results/bun-$label.rc" 2>/dev/null || echo 1)
  p=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ]; then status=1; [ "$f" -eq 0 ] && failed=$((failed + 1)); fi
}

check "generate (prisma client, printed schema)" npm run generate --silent
# The API runs (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) go on beside the typecheck,
# lint and web build; their output is printed once each ends.
rm -f test-results/bun-*.rc
api_start pglite TEST_DATABASE_URL=
pglite_pid=$!
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The PostgreSQL run also pins the business clock to a hard moment (New Year's Eve, past the cutoff),
  # so every CI run proves the API tests do not depend on the hour they run at.
  api_start postgres TEST_DATABASE_URL="$TEST_DATABASE_URL" TEST_CLOCK="${TEST_PINNED_CLOCK:-2026-12-31T23:30:00-06:00}"
  postgres_pid=$!
fi
check "typecheck" npx tsc -p tsconfig.json --noEmit
check "lint" npx biome check .
check "web build" npx bun scripts/build-web.ts
check "size budget" npx bun scripts/size-budget.ts

# The Playwright run: in the background, its output to its log, started once a core is free (below).
# Extra arguments go to Playwright.
e2e_start() {
  rm -f test-results/e2e-all.json test-results/e2e-all.rc
  ( E2E_RESULTS=test-results/e2e-all.json npx playwright test -c e2e/playwright.config.ts "$@" \
      >test-results/e2e-all.log 2>&1; echo $? >test-results/e2e-all.rc ) &
  e2e_pid=$!
}

# Waits for the Playwright run, prints its output and counts its tests.
e2e_finish() {
  wait "$e2e_pid"
  step "end-to-end tests in Chromium"
  cat test-results/e2e-all.log
  local results=test-results/e2e-all.json rc p=0 f=0
  rc=$(cat test-results/e2e-all.rc 2>/dev/null || echo 1)
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
  # Free ports for the run's four servers (see e2e/playwright.config.ts), so a server left running
  # elsewhere on the machine cannot block the run.
  free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
  E2E_PORT=${E2E_PORT:-$(free_port)}
  E2E_SHARED_PORT=${E2E_SHARED_PORT:-$(free_port)}
  E2E_PINNED_PORT=${E2E_PINNED_PORT:-$(free_port)}
  E2E_SHARED2_PORT=${E2E_SHARED2_PORT:-$(free_port)}
  export E2E_PORT E2E_SHARED_PORT E2E_PINNED_PORT E2E_SHARED2_PORT
  # With PostgreSQL and Redis on the machine, the parallel specs' server is a cluster of two workers on
  # them (e2e/playwright.config.ts), as a deployment runs.
  if [ -n "${TEST_DATABASE_URL:-}" ] && [ -z "${E2E_DATABASE_URL+set}" ] && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
    export E2E_DATABASE_URL=$TEST_DATABASE_URL E2E_REDIS_URL=${E2E_REDIS_URL:-redis://127.0.0.1:6379}
  fi
  # The specs' screenshots of pages (for a person to look at) are not taken here: nobody looks at a CI
  # run's, and they were a sixth of the browsers' CPU (decision 0996). E2E_SCREENSHOTS=1 takes them.
  export E2E_SCREENSHOTS=${E2E_SCREENSHOTS:-0}
  # The e2e run starts once one of the two API runs has ended (a core is free): its servers seed their
  # databases while the other API run finishes. One run: the pinned-clock tests first, the two
  # shared-data chains and the parallel specs beside them (e2e/playwright.config.ts).
  [ -n "${postgres_pid:-}" ] && wait -n "$pglite_pid" "$postgres_pid"
  e2e_start
fi

api_finish pglite "$pglite_pid"
[ -n "${postgres_pid:-}" ] && api_finish postgres "$postgres_pid"
[ -n "${e2e_pid:-}" ] && e2e_finish

echo
echo "$passed passed, $failed failed"
exit $status
