/**
 * `npm run bench` (after `npm run build`): the performance figures of issues 6, 15, 22 and 30, each
 * the median of several runs, as a table, issue 30's budgets with a verdict each and, on the last
 * line of stdout, one JSON object (its `missing`: the figures of the groups run that this run
 * could not measure). A scenario that fails says why and which figures it leaves missing, and the
 * bench goes on. Exits 1 when a figure is over its budget, 2 when one is missing or the bench
 * itself failed.
 *
 *   BENCH_RUNS=3 npm run bench                fewer runs, for a quick look (default 5)
 *   BENCH_ONLY=floor,wait                     some groups only (comma-separated; the JSON line
 *                                             then holds only their keys)
 */
import { loadavg } from 'node:os';
import { FIGURES } from './budgets';
import { cleanupAll } from './cleanup';
import { GROUPS, SCENARIOS, type Group } from './scenarios';
import { median, round } from './stats';
import { formatBudgets, formatScaleTable, formatTable, type Verdict } from './table';

const DEFAULT_RUNS = 5;

async function main(): Promise<number> {
  const runs = runCount(process.env.BENCH_RUNS);
  const groups = chosenGroups(process.env.BENCH_ONLY);
  const samples = new Map<string, readonly number[]>();
  const notes: string[] = [];
  const missing = new Set<string>();
  const began = performance.now();
  const load = (): string =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  const step = (text: string): void => {
    const at = ((performance.now() - began) / 1000).toFixed(1);
    console.log(`[${at} s] ${text} (load average ${load()})`);
  };

  for (const scenario of SCENARIOS) {
    if (!groups.has(scenario.group)) continue;
    step(scenario.title(runs));
    try {
      const result = await scenario.run(runs);
      for (const [key, values] of Object.entries(result.samples)) samples.set(key, values);
      notes.push(...(result.notes ?? []));
    } catch (error) {
      // Its figures are missing; the next scenario may still measure its own.
      const why = error instanceof Error ? error.message : String(error);
      step(`FAILED: ${why}; missing: ${scenario.figures.join(', ')}`);
      notes.push(`${scenario.title(runs)}: failed (${why}), so no ${scenario.figures.join(', ')}`);
      await cleanupAll();
    }
    for (const key of scenario.figures) {
      if ((samples.get(key)?.length ?? 0) === 0) missing.add(key);
    }
  }
  step('done');

  const verdicts: Verdict[] = [];
  for (const spec of FIGURES) {
    const runsOf = samples.get(spec.key);
    if (runsOf === undefined || runsOf.length === 0) continue;
    const value = round(median(runsOf), spec.digits);
    const budget: number | null = spec.budget;
    verdicts.push({
      key: spec.key,
      value,
      runs: runsOf.length,
      samples: runsOf.map((sample) => round(sample, spec.digits)),
      over: budget !== null && value > budget,
    });
  }
  console.log('');
  console.log(formatTable(verdicts));
  const medians = new Map(verdicts.map((verdict) => [verdict.key as string, verdict.value]));
  if (verdicts.some((verdict) => verdict.key.startsWith('scale_'))) {
    console.log('\nHow cost grows (teams with 3 instances and 1 device each; medians):');
    console.log(formatScaleTable(medians));
  }
  for (const note of notes) console.log(`\n${note}`);
  console.log("\nIssue 30's budgets:");
  console.log(formatBudgets(medians));
  const over = verdicts.filter((verdict) => verdict.over).map((verdict) => verdict.key);
  console.log('');
  console.log(`load average at the end: ${load()}`);
  console.log(
    over.length === 0 ? 'Every figure is within its budget.' : `Over budget: ${over.join(', ')}`,
  );
  if (missing.size > 0) console.log(`Not measured in this run: ${[...missing].join(', ')}`);
  console.log(
    JSON.stringify({
      ...Object.fromEntries(verdicts.map((verdict) => [verdict.key, verdict.value])),
      missing: [...missing],
    }),
  );
  if (over.length > 0) return 1;
  return missing.size === 0 ? 0 : 2;
}

function runCount(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_RUNS;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
    throw new Error(`BENCH_RUNS must be a whole number from 1 to 50, not "${raw}"`);
  }
  return runs;
}

function chosenGroups(raw: string | undefined): ReadonlySet<Group> {
  if (raw === undefined || raw === '') return new Set(GROUPS);
  const chosen = raw.split(',').map((part) => part.trim());
  const unknown = chosen.filter((part) => !GROUPS.includes(part as Group));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown group(s) ${unknown.join(', ')}`);
  return new Set(chosen as Group[]);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

// A page that stops painting would wait for its next frame forever: give up, clean up, say so.
const WATCHDOG_MS = 40 * 60_000;
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
  void cleanupAll().finally(() => process.exit(2));
}, WATCHDOG_MS);
watchdog.unref();

let code = 2;
try {
  code = await main();
} catch (error) {
  console.error('bench failed:', error);
} finally {
  await cleanupAll();
}
process.exit(code);
