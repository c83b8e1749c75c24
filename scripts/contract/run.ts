/**
 * `npm run test:contract`: the contract suite (tests/contract) against a real FlowFuse 2.4.0.
 * Installs it into a cache on first use, starts it on a free loopback port with SQLite in memory
 * and the stub driver, seeds the contract's world, runs every case against the fake server and
 * against FlowFuse, and fails with a diff of the two answers where FlowFuse breaks a case. Then
 * runs `npm run test:live` against the same FlowFuse (live.ts). The platform is stopped whatever
 * happens (forge-process.ts).
 */
import { rm } from 'node:fs/promises';
import { startFakeTarget } from '../../tests/contract/fake-world';
import { namesByValue } from '../../tests/contract/refs';
import { formatResults } from '../../tests/contract/report';
import { runSuite, type CaseResult } from '../../tests/contract/run-case';
import { CONTRACT } from '../../tests/contract/suite';
import { createForgeHome, readDevLicence, type ForgeHome } from './forge-home';
import { startForge, type RunningForge } from './forge-process';
import { freePort } from './free-port';
import { FLOWFUSE_VERSION, defaultCacheDir, ensureFlowFuse } from './install';
import { runLiveSuite } from './live';
import { seedRealWorld } from './seed-real';

const say = (line: string): void => {
  console.log(line);
};
const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** What is running, for the cleanup that runs however the run ends. */
const running: { forge: RunningForge | null; home: ForgeHome | null } = { forge: null, home: null };

async function stopEverything(): Promise<void> {
  await running.forge?.stop();
  running.forge = null;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopEverything().finally(() => process.exit(130));
  });
}

/** Another process may take the free port before FlowFuse binds it: then try another. */
async function startOnFreePort(packageDir: string, attempts = 3): Promise<RunningForge> {
  const licence = await readDevLicence(packageDir);
  for (let attempt = 1; ; attempt += 1) {
    const home = await createForgeHome(await freePort(), licence);
    running.home = home;
    try {
      running.forge = await startForge(home, packageDir);
      return running.forge;
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('EADDRINUSE')) throw error;
      say(`  port ${home.port} was taken; trying another`);
      await rm(home.dir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const cacheDir = defaultCacheDir();
  say(`FlowFuse ${FLOWFUSE_VERSION} for the contract suite (cache: ${cacheDir})`);
  const packageDir = await ensureFlowFuse(cacheDir, say);
  say(`  install: ${seconds(started)}`);

  const booted = Date.now();
  const forge = await startOnFreePort(packageDir);
  say(`  started ${forge.baseUrl} (FlowFuse ${forge.version}) in ${seconds(booted)}`);

  const seeding = Date.now();
  const world = await seedRealWorld(forge);
  say(`  seeded in ${seconds(seeding)}`);

  const suite = Date.now();
  const fake = await startFakeTarget();
  let fakeResults: CaseResult[];
  try {
    fakeResults = await runSuite(CONTRACT, fake);
  } finally {
    await fake.fake.close();
  }
  const real = { label: `FlowFuse ${forge.version}`, origin: forge.baseUrl, world };
  const realResults = await runSuite(CONTRACT, real);
  say(`  ran ${CONTRACT.length} cases against both in ${seconds(suite)}`);

  const fakeFailures = fakeResults.filter((r) => !r.passed);
  if (fakeFailures.length > 0) {
    say('\nThe fake server breaks the contract (npm test says more):');
    say(formatResults(fakeResults, namesByValue(fake.world)));
  }
  say(`\nAgainst ${real.label}:`);
  say(
    formatResults(realResults, namesByValue(world), {
      results: fakeResults,
      names: namesByValue(fake.world),
      against: real.label,
    }),
  );
  let failed = realResults.some((r) => !r.passed) || fakeFailures.length > 0;

  // The popover itself against the same server: add the account, list, rename, stop and start.
  const live = Date.now();
  say(`\nnpm run test:live against ${real.label}:`);
  const liveCode = await runLiveSuite(forge.baseUrl, world);
  say(`  test:live ${liveCode === 0 ? 'passed' : 'FAILED'} in ${seconds(live)}`);
  failed ||= liveCode !== 0;

  say(`\ntest:contract ${failed ? 'FAILED' : 'passed'} in ${seconds(started)}`);
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`test:contract: ${error instanceof Error ? error.message : String(error)}`);
  if (running.home !== null) console.error(`FlowFuse's log: ${running.home.logFile}`);
} finally {
  await stopEverything();
  // Keep the folder (and its log) when something went wrong.
  if (code === 0 && running.home !== null) {
    await rm(running.home.dir, { recursive: true, force: true });
  }
}
process.exit(code);
