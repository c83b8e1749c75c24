/**
 * The tray's status as a projection of the model: what needs the user, whether any server
 * answers, and only the account that changed counted again.
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asInstanceId, asTeamId } from '../common/brand';
import { DEFAULT_SETTINGS } from '../common/model';
import type { TrayStatus } from './core-types';
import { createModel } from './model/model';
import { projectTrayStatus } from './tray-status';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../tests/support/state-builders';

const A = asAccountId('a1');
const T = asTeamId('t1');

function setup(teams = 1) {
  const model = createModel(
    stateOf({
      accounts: [
        accountOf('a1', {
          teams: Array.from({ length: teams }, (_, index) =>
            teamOf(`t${index + 1}`, {
              runtime: runtimeOf({ instances: [instanceOf(`i${index + 1}`)] }),
            }),
          ),
        }),
        accountOf('a2', { teams: [teamOf('other')] }),
      ],
    }),
  );
  let counted = 0;
  const tray = projectTrayStatus(model, () => {
    counted += 1;
    return 1_000_000;
  });
  const heard: TrayStatus[] = [];
  tray.on((status) => heard.push(status));
  return { model, tray, heard, counted: () => counted };
}

const reading = (state: string) => ({
  accountId: A,
  teamId: T,
  reading: { instances: [{ ...instanceOf('i1'), state }], devices: [] },
  at: 1,
});

describe('the tray status', () => {
  it('turns to attention when an instance crashes and back when it runs, telling each change once', () => {
    const { model, tray, heard } = setup();
    expect(tray.current()).toBe('ok');
    model.apply('read', reading('crashed'));
    model.apply('read', { ...reading('crashed'), at: 2 });
    expect(tray.current()).toBe('attention');
    model.apply('read', reading('running'));
    expect(heard).toEqual(['attention', 'ok']);
  });

  it('says offline when no server answers, and counts an action’s crash like a read’s', () => {
    const { model, tray } = setup();
    const unreachable = { code: 'unreachable', message: 'no' } as const;
    for (const accountId of [A, asAccountId('a2')]) {
      model.apply('listFailed', { accountId, error: unreachable });
    }
    expect(tray.current()).toBe('offline');
    const ref = { accountId: A, teamId: T, instanceId: asInstanceId('i1') };
    model.apply('actionSent', { ...ref, action: 'stop', at: 1 });
    model.apply('settled', { ...ref, state: 'crashed' });
    expect(tray.current()).toBe('attention');
  });

  it('counts devices only when the settings say they count', () => {
    const { model, tray } = setup();
    const offline = deviceOf('d1', { lastSeenAt: 0 });
    model.apply('read', { ...reading('running'), reading: { instances: [], devices: [offline] } });
    expect(tray.current()).toBe('ok');
    model.apply('settingsSaved', { ...DEFAULT_SETTINGS, devicesNeedAttention: true });
    expect(tray.current()).toBe('attention');
  });

  it('counts again only the account that changed, not every account at each change', () => {
    const { model, counted } = setup(200);
    const before = counted();
    for (let index = 1; index <= 200; index += 1) {
      model.apply('read', {
        accountId: A,
        teamId: asTeamId(`t${index}`),
        reading: { instances: [], devices: [] },
        at: 5,
      });
    }
    // One count per change, of the one account that changed; the other account's is kept.
    expect(counted() - before).toBe(200);
  });
});
