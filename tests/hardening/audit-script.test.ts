/**
 * scripts/audit.mjs judges `npm audit --json` reports: fixtures in npm's report format (version 2)
 * go in with --input, so this runs offline and shows each exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(root, 'scripts', 'audit.mjs');
const dir = mkdtempSync(join(tmpdir(), 'teamtray-audit-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ADVISORY = 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc';

function report(severity: 'low' | 'moderate' | 'high' | 'critical' | null): unknown {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  const vulnerabilities: Record<string, unknown> = {};
  if (severity !== null) {
    counts[severity] = 1;
    counts.total = 1;
    vulnerabilities['left-pad'] = {
      name: 'left-pad',
      severity,
      isDirect: false,
      via: [
        {
          source: 1099999,
          name: 'left-pad',
          dependency: 'left-pad',
          title: 'Prototype pollution in left-pad',
          url: ADVISORY,
          severity,
          range: '<1.3.1',
        },
      ],
      effects: ['ky'],
      range: '<1.3.1',
      nodes: ['node_modules/left-pad'],
      fixAvailable: true,
    };
    // A dependent: its `via` names the vulnerable package, not an advisory.
    vulnerabilities.ky = {
      name: 'ky',
      severity,
      isDirect: true,
      via: ['left-pad'],
      effects: [],
      range: '*',
      nodes: ['node_modules/ky'],
      fixAvailable: true,
    };
  }
  return {
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: counts,
      dependencies: { prod: 51, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 51 },
    },
  };
}

const ENDPOINT_405 = {
  message:
    '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
};

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function audit(input: unknown, allow: unknown = { allow: [] }, ...extra: string[]) {
  const name = Math.random().toString(36).slice(2);
  const result = spawnSync(
    process.execPath,
    [
      script,
      '--input',
      file(`${name}.report.json`, input),
      '--allow',
      file(`${name}.allow.json`, allow),
      ...extra,
    ],
    { encoding: 'utf8' },
  );
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

const WHY = 'Only reachable through a code path Teamtray never calls (shown in tests/x).';

describe('scripts/audit.mjs', () => {
  it('passes a clean report', () => {
    const { code, out } = audit(report(null));
    expect(code).toBe(0);
    expect(out).toContain('no high or critical advisory outside the allowlist');
  });

  it('passes moderate and low findings, naming them', () => {
    const { code, out } = audit(report('moderate'));
    expect(code).toBe(0);
    expect(out).toContain('(not failing) moderate left-pad');
  });

  it.each(['high', 'critical'] as const)(
    'fails an unexplained %s finding, naming it',
    (severity) => {
      const { code, out } = audit(report(severity));
      expect(code).toBe(1);
      expect(out).toContain(`FINDING ${severity} in left-pad`);
      expect(out).toContain(ADVISORY);
    },
  );

  it('passes a high finding the allowlist explains, and prints the reason', () => {
    for (const advisory of [ADVISORY, 'GHSA-aaaa-bbbb-cccc', '1099999']) {
      const { code, out } = audit(report('high'), {
        allow: [{ package: 'left-pad', advisory, why: WHY }],
      });
      expect(code, advisory).toBe(0);
      expect(out).toContain(WHY);
    }
  });

  it('does not let an entry for another package or advisory explain a finding', () => {
    const other = { allow: [{ package: 'right-pad', advisory: ADVISORY, why: WHY }] };
    expect(audit(report('high'), other).code).toBe(1);
    const wrong = { allow: [{ package: 'left-pad', advisory: 'GHSA-zzzz-zzzz-zzzz', why: WHY }] };
    const { code, out } = audit(report('high'), wrong);
    expect(code).toBe(1);
    expect(out).toContain('not found any more');
  });

  it('refuses an allowlist entry without a reason', () => {
    const lazy = { allow: [{ package: 'left-pad', advisory: ADVISORY, why: 'ok' }] };
    const { code, out } = audit(report('high'), lazy);
    expect(code).toBe(2);
    expect(out).toContain('needs a "why"');
  });

  it('says loudly when the audit endpoint cannot be reached, and fails then only when asked', () => {
    const offline = audit(ENDPOINT_405);
    expect(offline.code).toBe(0);
    expect(offline.out).toContain('AUDIT COULD NOT REACH');
    expect(offline.out).toContain('NOT audited');
    expect(audit(ENDPOINT_405, { allow: [] }, '--require-network').code).toBe(2);
  });

  it('fails on output that is not an audit report', () => {
    expect(audit('npm ERR! something else').code).toBe(2);
  });
});
