import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import fp from 'fastify-plugin';

/** The OpenAPI document is generated from the contract's schemas as the routes register. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Jewel Appraisal API', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);
