import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@tools-factory/contract';

export const openApiPath = `${API_BASE}/openapi.json`;
export const docsPath = `${API_BASE}/docs`;

/**
 * The OpenAPI document, made from the routes' zod schemas, at /api/openapi.json, and Swagger UI
 * at /api/docs. Swagger UI's files are served from the package (no CDN); its page has no inline
 * script, so it works under the app's Content-Security-Policy. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tools Factory API',
        description: 'Storefront and customer dashboard of a hand-tools manufacturer.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token answered by PUT /api/user/{email} (localStorage accessToken).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPath,
    uiConfig: { deepLinking: false },
  });
  app.get(openApiPath, { schema: { hide: true } }, async () => app.swagger());
}
