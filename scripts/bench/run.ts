/**
 * `npm run bench` (after `npm run build`): the performance figures of issue 6, each the median of
 * several runs, as a table and, on the last line of stdout, one JSON object. Exits 1 when a
 * figure is over its budget, 2 when the bench itself failed.
 *
 *   BENCH_RUNS=3 npm run bench      fewer runs, for a quick look (default 5)
 *   BENCH_ONLY=node|browser|sizes   one group only (the JSON line then holds only its keys)
 */
import { join } from 'node:path';
import { FIGURES, type FigureKey } from './budgets';
import { measureBrowser, type FirstPaintPhases } from './browser-figures';
import { cleanupAll } from './cleanup';
import { measureFanout, measureHung } from './node-figures';
import { measureSizes } from './sizes';
import { median, round } from './stats';
import { formatPhases, formatTable, type Verdict } from './table';

const ROOT = join(import.meta.dirname, '..', '..');
const DEFAULT_RUNS = 5;

type Group = 'sizes' | 'node' | 'browser';

async function main(): Promise<number> {
  const runs = runCount(process.env.BENCH_RUNS);
  const groups = chosenGroups(process.env.BENCH_ONLY);
  const samples: Partial<Record<FigureKey, readonly number[]>> = {};
  const began = performance.now();
  let phases: readonly FirstPaintPhases[] = [];
  const step = (text: string): void => {
    console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${text}`);
  };

  if (groups.has('sizes')) {
    step('built sizes (out/)');
    const sizes = await measureSizes(join(ROOT, 'out'));
    for (const [key, value] of Object.entries(sizes)) samples[key as FigureKey] = [value];
  }
  if (groups.has('node')) {
    step(`fan-out: 10 accounts answering in 250 ms, ${runs} runs`);
    samples.fanout_ratio = await measureFanout(runs);
    step(`one account hung, nine answering in 250 ms, ${runs} runs`);
    samples.hung_server_others_ms = await measureHung(runs);
  }
  if (groups.has('browser')) {
    step(`popover in Chromium: 2,000 teams from the cache, ${runs} runs`);
    const { phases: runPhases, ...browserSamples } = await measureBrowser(runs);
    Object.assign(samples, browserSamples);
    phases = runPhases;
  }
  step('done');

  const verdicts: Verdict[] = [];
  for (const spec of FIGURES) {
    const runsOf = samples[spec.key];
    if (runsOf === undefined) continue;
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
  if (phases.length > 0) {
    console.log('');
    console.log(formatPhases(phases));
  }
  const over = verdicts.filter((verdict) => verdict.over).map((verdict) => verdict.key);
  console.log('');
  console.log(
    over.length === 0 ? 'Every figure is within its budget.' : `Over budget: ${over.join(', ')}`,
  );
  console.log(
    JSON.stringify(Object.fromEntries(verdicts.map((verdict) => [verdict.key, verdict.value]))),
  );
  return over.length === 0 ? 0 : 1;
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
  const all: Group[] = ['sizes', 'node', 'browser'];
  if (raw === undefined || raw === '') return new Set(all);
  const chosen = raw.split(',').map((part) => part.trim());
  const unknown = chosen.filter((part) => !all.includes(part as Group));
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
const WATCHDOG_MS = 6 * 60_000;
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
