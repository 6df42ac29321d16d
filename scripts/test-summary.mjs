// Sums the JSON reports of every suite that ran into one closing line, "N passed, N failed",
// which is the line CI reads. Usage: node scripts/test-summary.mjs reports/a.json reports/b.json ...
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;

function countVitest(report) {
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
}

function countAudit(report) {
  for (const attack of report.audit) attack.blocked ? passed++ : failed++;
}

function countPlaywright(report) {
  // "expected" = passed, "flaky" = passed on retry, "unexpected" = failed; skipped are neither.
  passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  failed += report.stats.unexpected ?? 0;
  if (report.errors?.length) failed += report.errors.length;
}

/** The parsed report, or null when it is not JSON (e.g. cut off): counted as unreadable, the summary still prints. */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file} (its suite did not run to the end)`);
    failed += 1;
    continue;
  }
  const report = readReport(file);
  if (report && "numPassedTests" in report) countVitest(report);
  else if (report?.stats) countPlaywright(report);
  else if (Array.isArray(report?.audit)) countAudit(report);
  else {
    console.log(`unreadable report: ${file}`);
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
