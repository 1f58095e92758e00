import { describe, expect } from 'vitest';
import { IdentitySettingsSchema } from '@tools-factory/contract';
import { appTest } from '../../testing/app-fixtures.ts';

const googleConfig = {
  discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration',
  clientId: 'tools-factory-test',
  clientSecret: 'test-secret',
};
const withoutGoogle = appTest();
const withGoogle = appTest({ config: { google: googleConfig } });

describe('GET /api/identity-settings without Google credentials', () => {
  withoutGoogle('says Google sign-in is not offered', async ({ app }) => {
    const response = await app.inject('/api/identity-settings');
    expect(response.statusCode).toBe(200);
    expect(IdentitySettingsSchema.parse(response.json())).toEqual({ googleSignIn: false });
  });

  withoutGoogle('is in the OpenAPI document, public, with its operationId', async ({ app }) => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { operationId?: string; security?: unknown[] } }>;
    };
    expect(document.paths['/api/identity-settings']?.get).toMatchObject({
      operationId: 'getIdentitySettings',
      security: [],
    });
  });
});

describe('GET /api/identity-settings with Google credentials', () => {
  withGoogle('says Google sign-in is offered', async ({ app }) => {
    const response = await app.inject('/api/identity-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleSignIn: true });
  });
});
