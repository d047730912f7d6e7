import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import fp from 'fastify-plugin';

/** Multipart bodies (photo uploads): one file, a few small fields. */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 30 },
    });
  },
  { name: 'multipart' },
);
