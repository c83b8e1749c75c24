/** A trimmed OpenAPI 3.0 document in the shape FlowFuse serves at `/api/json`. */

export function openApiDocument(title: string, version: string): unknown {
  const bearer = [{ bearerAuth: [] }];
  return {
    openapi: '3.0.3',
    info: {
      title,
      description: 'The REST API of the FlowFuse platform.',
      version,
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
    paths: {
      '/api/v1/user/': {
        get: { tags: ['User'], summary: 'Get the current user', security: bearer },
      },
      '/api/v1/user/teams': {
        get: { tags: ['User'], summary: "Get the current user's teams", security: bearer },
      },
      '/api/v1/teams/{teamId}': {
        get: { tags: ['Teams'], summary: 'Get details of a team', security: bearer },
        put: { tags: ['Teams'], summary: 'Update a team', security: bearer },
      },
    },
    tags: [{ name: 'User' }, { name: 'Teams' }],
  };
}

export const API_EXPLORER_HTML =
  '<!doctype html><html><head><title>FlowFuse Platform API</title></head><body><div id="swagger-ui"></div></body></html>';
