/**
 * A trimmed OpenAPI 3.0 document in the shape FlowFuse serves at `/api/json`: no security
 * schemes (2.4.0 has them commented out), and no `/teams/{teamId}/projects` (an untagged route,
 * so FlowFuse's document leaves it out).
 */

const get = (tag: string, summary: string) => ({ get: { tags: [tag], summary } });
const post = (tag: string, summary: string) => ({ post: { tags: [tag], summary } });

export function openApiDocument(title: string, version: string): unknown {
  return {
    openapi: '3.0.3',
    info: {
      title,
      description: 'API documentation for interacting with the FlowFuse platform',
      version,
    },
    components: { schemas: {} },
    paths: {
      '/api/v1/user/': get('User', 'Get the current user'),
      '/api/v1/user/teams': get('User', 'Get a list of the current users teams'),
      '/api/v1/user/tokens': get('Tokens', 'Get user Personal Access Tokens'),
      '/api/v1/teams/{teamId}': {
        ...get('Teams', 'Get details of a team'),
        put: { tags: ['Teams'], summary: 'Update a team' },
      },
      '/api/v1/teams/{teamId}/applications': get('Teams', 'Get a list of the teams applications'),
      '/api/v1/teams/{teamId}/applications/status': get(
        'Teams',
        'Get a list of the teams applications statuses',
      ),
      '/api/v1/teams/{teamId}/devices/': get('Team Devices', 'Get a list of all devices in a team'),
      '/api/v1/projects/{instanceId}': get('Instances', 'Get details of an instance'),
      '/api/v1/projects/{instanceId}/actions/start': post('Instance Actions', 'Start an instance'),
      '/api/v1/projects/{instanceId}/actions/stop': post('Instance Actions', 'Stop an instance'),
      '/api/v1/projects/{instanceId}/actions/restart': post(
        'Instance Actions',
        'Restart an instance',
      ),
      '/api/v1/projects/{instanceId}/actions/suspend': post(
        'Instance Actions',
        'Suspend an instance',
      ),
      '/api/v1/devices/{deviceId}': get('Devices', 'Get details of a device'),
    },
    tags: [
      { name: 'User', description: '' },
      { name: 'Teams', description: '' },
    ],
  };
}

export const API_EXPLORER_HTML =
  '<!doctype html><html><head><title>FlowFuse Platform API</title></head><body><div id="swagger-ui"></div></body></html>';

/** FlowFuse's single-page web app, which it serves for every path it has no route for. */
export const WEB_APP_HTML =
  '<!doctype html><html lang=""><head><meta charset="utf-8"><title>FlowFuse</title></head><body><noscript><strong>We\'re sorry but FlowFuse doesn\'t work properly without JavaScript enabled. Please enable it to continue.</strong></noscript><div id="app"></div></body></html>';
