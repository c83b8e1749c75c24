import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/model';
import {
  clampSettings,
  MAX_ACCOUNTS,
  sanitizeAccount,
  sanitizeAccounts,
  sanitizeSecrets,
} from './sanitize';

const valid = {
  id: 'a1',
  label: 'Work',
  origin: 'https://ff.example.com',
  allowHttp: false,
  userId: 'u1',
  username: 'alice',
  version: '2.4.0',
  tokenInfo: null,
};

const TOKEN_INFO = {
  id: 'k1',
  name: 'laptop',
  createdAt: null,
  expiresAt: 1_800_000_000_000,
  readOnly: true,
  teams: [{ id: 't1', name: 'Plant' }],
};

describe('sanitizeAccount: which token it is (token health)', () => {
  it('keeps a valid one, and reads one missing (a file before token health) as unknown', () => {
    expect(sanitizeAccount({ ...valid, tokenInfo: TOKEN_INFO })?.tokenInfo).toEqual(TOKEN_INFO);
    const { tokenInfo: _none, ...before } = valid;
    expect(sanitizeAccount(before)?.tokenInfo).toBeNull();
  });

  it.each([
    ['no id', { ...TOKEN_INFO, id: '' }],
    ['a name too long', { ...TOKEN_INFO, name: 'x'.repeat(101) }],
    ['an expiry that is not a number', { ...TOKEN_INFO, expiresAt: '2026-12-12' }],
    ['an empty team list', { ...TOKEN_INFO, teams: [] }],
    ['a token value', 'ffpat_abc'],
  ])('forgets one with %s, and keeps the account', (_name, tokenInfo) => {
    const account = sanitizeAccount({ ...valid, tokenInfo });
    expect(account?.id).toBe('a1');
    expect(account?.tokenInfo).toBeNull();
  });
});

describe('sanitizeAccount: the ids listed with its token and the warnings told', () => {
  it('keeps valid ones, and leaves out what is missing or not of their shape', () => {
    const memory = {
      tokensListed: ['k1', 'k2'],
      tokensBefore: ['k1'],
      tokenWarned: { tokenId: 'k2', threshold: 1 },
    };
    expect(sanitizeAccount({ ...valid, ...memory })).toEqual({ ...valid, ...memory });
    const junk = sanitizeAccount({
      ...valid,
      tokensListed: ['k1', 7],
      tokensBefore: Array.from({ length: 501 }, (_, n) => `k${String(n)}`),
      tokenWarned: { tokenId: 'k2', threshold: 3 },
    });
    expect(junk).toEqual(valid);
  });
});

describe('sanitizeAccount', () => {
  it('keeps a valid account as it is', () => {
    expect(sanitizeAccount(valid)).toEqual(valid);
  });

  it.each([
    ['not an object', 'https://ff.example.com'],
    ['an array', [valid]],
    ['no id', { ...valid, id: undefined }],
    ['an id with odd characters', { ...valid, id: '../etc' }],
    ['an id too long', { ...valid, id: 'x'.repeat(101) }],
    ['an origin that is not a URL', { ...valid, origin: 'not a url' }],
    ['an origin with a path', { ...valid, origin: 'https://ff.example.com/team/x' }],
    ['an origin with a trailing slash', { ...valid, origin: 'https://ff.example.com/' }],
    ['a non-http scheme', { ...valid, origin: 'file:///etc/passwd' }],
    ['plain http without consent', { ...valid, origin: 'http://ff.example.com' }],
  ])('drops %s', (_name, raw) => {
    expect(sanitizeAccount(raw)).toBeNull();
  });

  it('keeps plain http with consent, and on loopback without it', () => {
    expect(sanitizeAccount({ ...valid, origin: 'http://ff.lan', allowHttp: true })?.origin).toBe(
      'http://ff.lan',
    );
    expect(sanitizeAccount({ ...valid, origin: 'http://localhost:3000' })?.origin).toBe(
      'http://localhost:3000',
    );
  });

  it('repairs the fields it can: label, consent, user fields', () => {
    expect(
      sanitizeAccount({
        id: 'a1',
        origin: 'https://app.flowfuse.com',
        label: '  \n ',
        allowHttp: 'yes',
        userId: 42,
        username: '',
        version: 'v'.repeat(500),
      }),
    ).toEqual({
      id: 'a1',
      label: '',
      origin: 'https://app.flowfuse.com',
      allowHttp: false,
      userId: null,
      username: null,
      version: null,
      tokenInfo: null,
    });
    expect(sanitizeAccount({ ...valid, label: `A\u0000B${'c'.repeat(200)}` })?.label).toBe(
      `A B${'c'.repeat(97)}`,
    );
  });
});

describe('sanitizeAccounts', () => {
  it('drops duplicate ids and the same account twice, keeping the first', () => {
    const result = sanitizeAccounts([
      valid,
      { ...valid, label: 'same id' },
      { ...valid, id: 'a2', label: 'same account' },
      { ...valid, id: 'a3', userId: 'u2' },
      { ...valid, id: 'a4', userId: null },
      { ...valid, id: 'a5', userId: null },
      'junk',
    ]);
    expect(result.accounts.map((account) => account.id)).toEqual(['a1', 'a3', 'a4', 'a5']);
    expect(result.accounts[0]?.label).toBe('Work');
    expect(result.dropped).toBe(3);
  });

  it('reads anything that is not a list as none, and caps the list', () => {
    expect(sanitizeAccounts({ a: valid })).toEqual({ accounts: [], dropped: 0 });
    const many = Array.from({ length: MAX_ACCOUNTS + 5 }, (_, i) => ({
      ...valid,
      id: `i${i}`,
      userId: `u${i}`,
    }));
    const result = sanitizeAccounts(many);
    expect(result.accounts).toHaveLength(MAX_ACCOUNTS);
    expect(result.dropped).toBe(5);
  });
});

describe('clampSettings', () => {
  it('gives the defaults for nothing or junk', () => {
    expect(clampSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(clampSettings('junk')).toEqual(DEFAULT_SETTINGS);
    expect(
      clampSettings({
        launchAtLogin: 'yes',
        refreshIntervalMinutes: '5',
        theme: 'neon',
        globalShortcut: 7,
      }),
    ).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    [-5, 0],
    [0, 0],
    [2.6, 3],
    [99_999, 1440],
    [Number.NaN, DEFAULT_SETTINGS.refreshIntervalMinutes],
    [Number.POSITIVE_INFINITY, DEFAULT_SETTINGS.refreshIntervalMinutes],
  ])('clamps a refresh interval of %s to %s', (raw, expected) => {
    expect(clampSettings({ refreshIntervalMinutes: raw }).refreshIntervalMinutes).toBe(expected);
  });

  it('keeps valid values and cleans the shortcut', () => {
    expect(
      clampSettings({
        launchAtLogin: true,
        refreshIntervalMinutes: 30,
        globalShortcut: '  CommandOrControl+Shift+T ',
        theme: 'dark',
        notifyDevices: true,
        devicesNeedAttention: 'yes',
        trayCount: false,
        extra: 'ignored',
      }),
    ).toEqual({
      launchAtLogin: true,
      refreshIntervalMinutes: 30,
      globalShortcut: 'CommandOrControl+Shift+T',
      theme: 'dark',
      notifyInstances: true,
      notifyDevices: true,
      notifyAccounts: true,
      devicesNeedAttention: false,
      trayCount: false,
      pins: [],
      snoozed: {},
      quietUntil: null,
      quietHours: { on: false, from: '22:00', to: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
      quietOffUntil: null,
      notifyRecoveries: true,
      remindAfterMinutes: 0,
      deviceGraceMinutes: 5,
    });
    expect(clampSettings({ globalShortcut: '   ' }).globalShortcut).toBeNull();
    // Only the choices Settings offers: anything else is the default.
    expect(clampSettings({ remindAfterMinutes: 45 }).remindAfterMinutes).toBe(0);
    expect(clampSettings({ remindAfterMinutes: 240 }).remindAfterMinutes).toBe(240);
    expect(clampSettings({ deviceGraceMinutes: 7 }).deviceGraceMinutes).toBe(5);
    expect(clampSettings({ deviceGraceMinutes: 0 }).deviceGraceMinutes).toBe(0);
    expect(clampSettings({ globalShortcut: 'Ctrl+\nX' }).globalShortcut).toBeNull();
    expect(clampSettings({ globalShortcut: 'x'.repeat(101) }).globalShortcut).toBeNull();
  });
});

describe('sanitizeSecrets', () => {
  it('keeps string values only', () => {
    expect(sanitizeSecrets({ 'teamtray/a': 'AAAA', 'teamtray/b': 5, 'teamtray/c': null })).toEqual({
      'teamtray/a': 'AAAA',
    });
    expect(sanitizeSecrets(['AAAA'])).toEqual({});
  });
});
