#!/usr/bin/env bash
# The README's test command (`npm test`): unit and API tests, the production build, the start-time check
# of that build (issue 21: a later start ready within 1.5 s), the browser tests against that build, then
# (when TEST_DATABASE_URL is set) the fleet tests: processes of that build behind HAProxy on a PostgreSQL
# server of their own, directly and through PgBouncer (issue 20). Every step runs even when an earlier one
# failed (the browser tests need the build and Chromium), and the last line is always `N passed, M failed`.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json .tmp/fleet.json

section() {
  printf '\n==== %s ====\n\n' "$1"
}

vitest_status=0
build_status=0
chromium_status=0
start_status=0
playwright_status=skipped
fleet_status=skipped

section '1/6 Unit and API tests (vitest)'
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo 'TEST_DATABASE_URL is set: the API suite runs on PGlite and on PostgreSQL.'
else
  echo 'TEST_DATABASE_URL is not set: the API suite runs on PGlite only.'
fi
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || vitest_status=$?

section '2/6 Production build (npm run build)'
npm run build || build_status=$?

# The limit is a guard against regressions (2.3 s measured on an idle 2-core machine, 24 Nov; 0.99 s on
# 27 Nov's CI machine): 3 s, or on a slower machine 10 times what Node takes there to start and parse the
# bundle (28 Nov's machine, quiet: the same commit started in 3.06 s, 7.4 parses of 414 ms). Issue 21's
# 1.5 s target is printed beside it (decision 046).
section '3/6 Start time of the build (a later start ready within 3 s or 10 bundle parses, median of 5; target 1.5 s)'
if [ "$build_status" -ne 0 ]; then
  start_status=1
  echo 'Not run: the build failed.'
else
  node scripts/check-start-time.mjs --limit-ms 3000 --limit-parses 10 --target-ms 1500 || start_status=$?
fi

section '4/6 Chromium for the browser tests'
bash scripts/ensure-chromium.sh || chromium_status=$?

section '5/6 Browser tests (playwright, against the production build)'
if [ "$build_status" -ne 0 ]; then
  echo 'Skipped: the build failed.'
elif [ "$chromium_status" -ne 0 ]; then
  echo 'Skipped: Chromium is not available.'
else
  playwright_status=0
  npx playwright test || playwright_status=$?
fi

section '6/6 Fleet tests (HAProxy, PgBouncer, faults; PostgreSQL)'
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo 'Skipped: TEST_DATABASE_URL is not set (the fleet runs on PostgreSQL only).'
elif [ "$build_status" -ne 0 ]; then
  fleet_status=1
  echo 'Not run: the build failed.'
else
  fleet_status=0
  if bash scripts/ensure-fleet-tools.sh; then
    OFFPLAN_FLEET_TESTS=1 npx vitest run --project fleet --reporter=default --reporter=json \
      --outputFile.json=.tmp/fleet.json || fleet_status=$?
  else
    fleet_status=$?
  fi
fi

section 'Summary'
# Counts come from the runners' JSON reports. A step that fails outside any test (the build, a missing
# browser, a test file that cannot load, a server that does not start) counts as one failure, so the
# line never reads "0 failed" when something broke.
node - "$vitest_status" "$build_status" "$start_status" "$chromium_status" "$playwright_status" "$fleet_status" <<'NODE'
const { existsSync, readFileSync } = require('node:fs');
const [vitestStatus, buildStatus, startStatus, chromiumStatus, playwrightStatus, fleetStatus] =
  process.argv.slice(2);
const readJson = (file) => {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

let passed = 0;
let failed = 0;
const notes = [];
const stepFailed = (what, status) => {
  failed += 1;
  notes.push(`${what} (exit ${status}): counted as 1 failure`);
};

const vitest = readJson('.tmp/vitest.json');
const vitestPassed = vitest?.numPassedTests ?? 0;
const vitestFailed = vitest?.numFailedTests ?? 0;
passed += vitestPassed;
failed += vitestFailed;
notes.push(`vitest: ${vitestPassed} passed, ${vitestFailed} failed`);
if (vitestStatus !== '0' && vitestFailed === 0) stepFailed('vitest failed outside any test', vitestStatus);

if (buildStatus !== '0') stepFailed('npm run build failed', buildStatus);
// The start-time check is one test: it passes, or it fails (also when the build did not give it a server).
if (startStatus === '0') {
  passed += 1;
  notes.push('start time: passed');
} else {
  failed += 1;
  notes.push(`start time: failed (exit ${startStatus})`);
}
if (chromiumStatus !== '0') stepFailed('Chromium is not available', chromiumStatus);

if (playwrightStatus === 'skipped') {
  notes.push('playwright: skipped');
} else {
  const stats = readJson('.tmp/playwright.json')?.stats ?? {};
  const playwrightPassed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const playwrightFailed = stats.unexpected ?? 0;
  passed += playwrightPassed;
  failed += playwrightFailed;
  notes.push(`playwright: ${playwrightPassed} passed, ${playwrightFailed} failed`);
  if (playwrightStatus !== '0' && playwrightFailed === 0) {
    stepFailed('playwright failed outside any test', playwrightStatus);
  }
}

if (fleetStatus === 'skipped') {
  notes.push('fleet: skipped');
} else {
  const fleet = readJson('.tmp/fleet.json');
  const fleetPassed = fleet?.numPassedTests ?? 0;
  const fleetFailed = fleet?.numFailedTests ?? 0;
  passed += fleetPassed;
  failed += fleetFailed;
  notes.push(`fleet: ${fleetPassed} passed, ${fleetFailed} failed`);
  if (fleetStatus !== '0' && fleetFailed === 0) stepFailed('fleet tests failed outside any test', fleetStatus);
}

for (const note of notes) console.log(note);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
NODE
