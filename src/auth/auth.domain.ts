// The auth domain: API keys, and tokens for machine clients (OAuth client credentials).
import type { DomainModule } from '../domain-module.ts';
import { API_KEY_REQUEST_BODIES, apiKeyPaths } from './api-keys.openapi.ts';
import { registerApiKeyRoutes } from './api-keys.rest.ts';
import { API_KEY_SHAPES } from './api-keys.shape.ts';
import { oauthPaths, oauthRequestSchemas } from './oauth.openapi.ts';
import { OAUTH_SHAPES } from './oauth.shape.ts';
import { registerOAuthRoutes } from './oauth.rest.ts';

export const authDomain: DomainModule = {
  name: 'auth',
  graphql: async () => {
    await import('./api-keys.schema.ts');
    await import('./oauth.schema.ts');
  },
  routes: {
    on: ['api'],
    register(router, schema) {
      registerOAuthRoutes(router, schema);
      registerApiKeyRoutes(router, schema);
    },
  },
  openapi: {
    paths: () => ({ ...apiKeyPaths(), ...oauthPaths() }),
    shapes: { ...API_KEY_SHAPES, ...OAUTH_SHAPES },
    requestSchemas: oauthRequestSchemas,
    requestBodies: API_KEY_REQUEST_BODIES,
  },
};
