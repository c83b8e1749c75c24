/**
 * The live server as its API has it, read and changed with the token straight from the test
 * process: what the popover shows is checked against these, and afterAll puts things back with
 * them whatever happened in between.
 */
import type { LiveEnv } from './env';
import { findInstance, type ListedInstance } from './instance-ref';
import { findTeam, type ListedTeam } from './team-ref';

async function api<T>(live: LiveEnv, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${live.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${live.token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The team TEAMTRAY_LIVE_TEAM names, by id or slug, among the token owner's teams (the list is
 * the read the platform documents: there is no documented GET for one team).
 */
export async function apiTeam(live: LiveEnv): Promise<ListedTeam> {
  const body = await api<{ teams?: ListedTeam[] }>(live, 'GET', '/api/v1/user/teams');
  const team = findTeam(body.teams ?? [], live.team);
  if (team === null) {
    throw new Error(
      `No team with the id or slug "${live.team}" among the token owner's teams (the slug is what follows /team/ in the browser's address bar).`,
    );
  }
  return team;
}

export async function apiRename(live: LiveEnv, name: string): Promise<void> {
  const { id } = await apiTeam(live);
  await api(live, 'PUT', `/api/v1/teams/${encodeURIComponent(id)}`, { name });
}

/** The team's hosted instances (FlowFuse calls them projects). */
export async function apiInstances(live: LiveEnv, teamId: string): Promise<ListedInstance[]> {
  const path = `/api/v1/teams/${encodeURIComponent(teamId)}/projects`;
  const body = await api<{ projects?: ListedInstance[] }>(live, 'GET', path);
  return (body.projects ?? []).map(({ id, name }) => ({ id, name }));
}

/** The instance TEAMTRAY_LIVE_INSTANCE names, by id or name, in the team. */
export async function apiInstance(
  live: LiveEnv,
  teamId: string,
  ref: string,
): Promise<ListedInstance> {
  const instances = await apiInstances(live, teamId);
  const instance = findInstance(instances, ref);
  if (instance === null) {
    const names = instances.map((each) => each.name).join(', ') || 'none';
    throw new Error(`No instance named or with the id "${ref}" in this team (it has: ${names}).`);
  }
  return instance;
}

/** `meta.state` as the server says it now. */
export async function apiInstanceState(live: LiveEnv, instanceId: string): Promise<string> {
  const path = `/api/v1/projects/${encodeURIComponent(instanceId)}`;
  const body = await api<{ meta?: { state?: string } }>(live, 'GET', path);
  return body.meta?.state ?? 'unknown';
}

export async function apiStart(live: LiveEnv, instanceId: string): Promise<void> {
  await api(live, 'POST', `/api/v1/projects/${encodeURIComponent(instanceId)}/actions/start`);
}

/** A restart through the API, as a script with the token would make it. */
export async function apiRestart(live: LiveEnv, instanceId: string): Promise<void> {
  await api(live, 'POST', `/api/v1/projects/${encodeURIComponent(instanceId)}/actions/restart`);
}

/** How many lines the instance's log gives now (its newest 30), or null while it is suspended. */
export async function apiLogLineCount(live: LiveEnv, instanceId: string): Promise<number | null> {
  const path = `/api/v1/projects/${encodeURIComponent(instanceId)}/logs?limit=30`;
  const response = await fetch(`${live.origin}${path}`, {
    headers: { authorization: `Bearer ${live.token}`, accept: 'application/json' },
  });
  if (response.status === 400) {
    const body = (await response.json()) as { code?: string };
    if (body.code === 'project_suspended') return null;
  }
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  const body = (await response.json()) as { log?: unknown[] };
  return body.log?.length ?? 0;
}
