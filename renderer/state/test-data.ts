/** Views for the renderer's unit tests. */
import { asAccountId, asOrigin } from '../../common/brand';
import type { AccountView, TeamView } from '../../common/model';

export function team(
  accountId: string,
  id: string,
  name: string,
  extra: Partial<TeamView> = {},
): TeamView {
  return {
    accountId: asAccountId(accountId),
    id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    avatarUrl: null,
    typeName: 'Starter',
    role: 50,
    instanceCount: 1,
    memberCount: 2,
    deviceCount: 0,
    canRename: true,
    renameBlockedReason: null,
    ...extra,
  };
}

export function account(
  id: string,
  names: readonly string[],
  extra: Partial<AccountView> = {},
): AccountView {
  return {
    id: asAccountId(id),
    label: `Label ${id}`,
    origin: asOrigin(`https://${id}.example.com`),
    host: `${id}.example.com`,
    allowHttp: false,
    username: 'alice',
    status: 'ok',
    error: null,
    lastSuccessAt: 1_700_000_000_000,
    version: '2.24.0',
    teams: names.map((name, index) => team(id, `t${index}`, name)),
    stale: false,
    ...extra,
  };
}
