import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers compressed with brotli or gzip; registered before the routes, which it hooks as they register. */
export default fp(
  async (app) => {
    // Brotli's default quality (11) costs more CPU than it saves on dynamic answers: 4 is the usual choice.
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
