/**
 * The GitHub Actions workflows, checked on paper: pinned actions, least privilege, and the jobs
 * the release process depends on.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadPackageJson, readText, root } from './config';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, string>>;
}

interface Job {
  readonly 'runs-on': string;
  readonly needs?: string | readonly string[];
  readonly permissions?: unknown;
  readonly strategy?: { readonly matrix?: { readonly os?: readonly string[] } };
  readonly env?: Readonly<Record<string, string>>;
  readonly steps: readonly Step[];
}

interface Workflow {
  readonly permissions?: unknown;
  readonly jobs: Readonly<Record<string, Job>>;
}

const OSES = ['ubuntu-latest', 'macos-latest', 'windows-latest'];

const workflowFiles = readdirSync(join(root, '.github/workflows')).filter((f) =>
  /\.ya?ml$/.test(f),
);
const ciText = readText('.github/workflows/ci.yml');
const ci = parse(ciText) as Workflow;

function job(name: string): Job {
  const found = ci.jobs[name];
  if (found === undefined) throw new Error(`ci.yml has no ${name} job`);
  return found;
}

const release = parse(readText('.github/workflows/release.yml')) as Workflow & {
  readonly on: { readonly push: { readonly tags: readonly string[] } };
};

const runs = (j: Job): string[] => j.steps.flatMap((s) => (s.run === undefined ? [] : [s.run]));

describe('.github/workflows', () => {
  it('has a CI workflow and a release workflow', () => {
    expect(workflowFiles).toContain('ci.yml');
    expect(workflowFiles).toContain('release.yml');
  });

  it.each(workflowFiles)('%s pins every action to a full commit SHA with its version', (file) => {
    const text = readText(`.github/workflows/${file}`);
    const uses = text.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) {
      const local = /uses:\s*\.\//.test(line);
      if (local) continue;
      expect(line).toMatch(/uses:\s*[\w.-]+\/[\w./-]+@[0-9a-f]{40}\s+#\s*v\d+(\.\d+)*\s*$/);
    }
  });

  it.each(workflowFiles)('%s reads the repository by default', (file) => {
    const workflow = parse(readText(`.github/workflows/${file}`)) as Workflow;
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('grants write access only to the release jobs, and only to contents', () => {
    for (const file of workflowFiles) {
      const workflow = parse(readText(`.github/workflows/${file}`)) as Workflow;
      for (const [name, j] of Object.entries(workflow.jobs)) {
        if (j.permissions === undefined) continue;
        if (file === 'release.yml') expect(j.permissions, name).toEqual({ contents: 'write' });
        else expect(JSON.stringify(j.permissions), `${file} ${name}`).not.toContain('write');
      }
    }
  });

  it.each(workflowFiles)('%s checks out without leaving the token in .git/config', (file) => {
    const workflow = parse(readText(`.github/workflows/${file}`)) as Workflow;
    for (const j of Object.values(workflow.jobs)) {
      for (const step of j.steps.filter((s) => s.uses?.startsWith('actions/checkout@'))) {
        expect(step.with?.['persist-credentials']).toBe(false);
      }
    }
  });
});

describe('ci.yml: test', () => {
  const test = job('test');

  it('runs on Ubuntu, macOS and Windows with Node 24', () => {
    expect(test.strategy?.matrix?.os).toEqual(OSES);
    const setupNode = test.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(String(setupNode?.with?.['node-version'])).toBe('24');
  });

  it('installs, fetches the Electron binary, and runs npm test', () => {
    const commands = runs(test).join('\n');
    expect(commands).toContain('npm ci');
    expect(commands).toContain('node node_modules/electron/install.js');
    expect(commands).toMatch(/(^|\s)npm test$/m);
  });

  it('runs the _electron suite under xvfb on Linux', () => {
    const linux = test.steps.find((s) => s.run === 'xvfb-run -a npm test');
    expect(linux?.if).toBe("runner.os == 'Linux'");
    const plain = test.steps.find((s) => s.run === 'npm test');
    expect(plain?.if).toBe("runner.os != 'Linux'");
    // ...which includes the suite, as long as `npm test` does.
    expect(loadPackageJson().scripts.test).toContain('npm run test:e2e:electron');
  });

  it('gives the browser end-to-end tests a Chromium off Linux', () => {
    const step = test.steps.find((s) => s.run === 'npx playwright install chromium');
    expect(step?.if).toBe("runner.os != 'Linux'");
  });

  it('checks that the committed icons match their sources', () => {
    expect(runs(test).join('\n')).toContain('git diff --exit-code -- build');
  });
});

describe('ci.yml: dist', () => {
  const dist = job('dist');

  it('builds the installers on each OS after the tests pass, without publishing', () => {
    expect(dist.needs).toBe('test');
    expect(dist.strategy?.matrix?.os).toEqual(OSES);
    expect(runs(dist)).toContain('npm run dist -- --publish never');
  });

  it('names the update feed and does not hunt for a signing identity', () => {
    expect(dist.env?.TEAMTRAY_UPDATE_OWNER).toBe('${{ github.repository_owner }}');
    expect(dist.env?.TEAMTRAY_UPDATE_REPO).toBe('${{ github.event.repository.name }}');
    expect(dist.env?.CSC_IDENTITY_AUTO_DISCOVERY).toBe('false');
  });

  it('reads the fuses back from each packaged app and compares them with the config', () => {
    for (const j of [dist, release.jobs.installers]) {
      const steps = j?.steps ?? [];
      const build = steps.findIndex((s) => s.run?.startsWith('npm run dist') === true);
      const check = steps.findIndex((s) => s.name === 'Fuses of the packaged app');
      expect(check).toBeGreaterThan(build);
      const run = steps[check]?.run ?? '';
      expect(run).toContain(
        'npx @electron/fuses read --app "$app" | npx tsx scripts/check-fuses.ts',
      );
      for (const app of [
        'release/linux-unpacked/teamtray',
        'release/win-unpacked/Teamtray.exe',
        'release/mac-universal/Teamtray.app',
      ]) {
        expect(run).toContain(app);
      }
    }
    expect(loadPackageJson().devDependencies['@electron/fuses']).toBeDefined();
  });

  it('uploads the installers and the update metadata', () => {
    const upload = dist.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const paths = String(upload?.with?.path);
    for (const ext of ['dmg', 'zip', 'exe', 'AppImage', 'deb', 'rpm']) {
      expect(paths).toContain(`release/*.${ext}`);
    }
    expect(paths).toContain('release/latest*.yml');
    expect(upload?.with?.['if-no-files-found']).toBe('error');
  });
});

describe('release.yml', () => {
  it('runs on version tags only', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('drafts one release, then publishes the installers of each OS to it', () => {
    const installers = release.jobs.installers;
    expect(installers?.needs).toBe('draft');
    expect(installers?.strategy?.matrix?.os).toEqual(OSES);
    expect(installers === undefined ? [] : runs(installers)).toContain(
      'npm run dist:release -- --publish always',
    );
    const publish = installers?.steps.find(
      (s) => s.run === 'npm run dist:release -- --publish always',
    );
    expect(publish?.env?.GH_TOKEN).toBe('${{ github.token }}');
    expect(loadPackageJson().scripts['dist:release']).toBe(
      'npm run build && electron-builder --config electron-builder.release.yml',
    );
  });

  it('fails a macOS or Windows release without a signing identity, before building', () => {
    const steps = release.jobs.installers?.steps ?? [];
    const check = steps.findIndex(
      (s) => s.env?.CSC_LINK !== undefined && s.run?.includes('exit 1'),
    );
    const build = steps.findIndex((s) => s.run === 'npm run dist:release -- --publish always');
    expect(check).toBeGreaterThan(-1);
    expect(check).toBeLessThan(build);
    expect(steps[check]?.if).toBe("runner.os != 'Linux'");
    expect(steps[check]?.run).toContain('[ -z "$CSC_LINK" ]');
  });

  it('hands the token and the signing material to the publishing step only, not to npm ci', () => {
    for (const [name, j] of Object.entries(release.jobs)) {
      for (const secret of ['GH_TOKEN', 'CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_API_ISSUER']) {
        expect(j.env?.[secret], `${name} ${secret}`).toBeUndefined();
        for (const step of j.steps.filter((s) => s.run?.includes('npm ci') === true)) {
          expect(step.env?.[secret], `${name} npm ci ${secret}`).toBeUndefined();
        }
      }
    }
  });

  it('takes signing material from secrets, never from the file', () => {
    const text = readText('.github/workflows/release.yml');
    for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_API_KEY_P8']) {
      expect(text).toContain(`${name}: \${{ secrets.${name} }}`);
    }
  });
});
