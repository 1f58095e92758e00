import { describe, expect, it } from 'vitest';
import { IdentitySettingsSchema } from '@tools-factory/contract';
import { useTestApp } from '../../testing/use-test-app.ts';

const googleConfig = {
  discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration',
  clientId: 'tools-factory-test',
  clientSecret: 'test-secret',
};

describe('GET /api/identity-settings without Google credentials', () => {
  const app = useTestApp();

  it('says Google sign-in is not offered', async () => {
    const response = await app.inject('/api/identity-settings');
    expect(response.statusCode).toBe(200);
    expect(IdentitySettingsSchema.parse(response.json())).toEqual({ googleSignIn: false });
  });

  it('is in the OpenAPI document, public, with its operationId', async () => {
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
  const app = useTestApp({ config: { google: googleConfig } });

  it('says Google sign-in is offered', async () => {
    const response = await app.inject('/api/identity-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleSignIn: true });
  });
});
