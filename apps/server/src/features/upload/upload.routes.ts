import type { MultipartFile } from '@fastify/multipart';
import { isCleanText } from '@jewel/contract/input';
import { PRIVATE_UPLOAD_KINDS, uploadRoutes } from '@jewel/contract/upload';
import { PHOTO_FLAGS } from '@jewel/contract/values/commodity';
import { UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { privateImage, verifyPrivateLink } from '../../lib/private-files.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { mimeOfStoredName, storeUpload } from './upload.service.ts';

const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

async function readFilePart(part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('uploadTooLarge', { params: { mb: MAX_MB } });
    }
    throw error;
  }
  if (part.file.truncated) throw new AppError('uploadTooLarge', { params: { mb: MAX_MB } });
  return bytes;
}

/** The `file` part's bytes and the text fields sent with it, whatever their order. */
async function readParts(request: FastifyRequest): Promise<{ bytes?: Buffer; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  let bytes: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      const value = String(part.value);
      if (part.fieldnameTruncated || part.valueTruncated || !isCleanText(part.fieldname) || !isCleanText(value)) {
        throw new AppError('validation', { params: { field: part.fieldname }, data: { field: part.fieldname } });
      }
      fields.set(part.fieldname, value);
    } else if (part.fieldname === 'file' && !bytes) {
      bytes = await readFilePart(part);
    } else {
      // Busboy waits for every file stream to be consumed before it goes on.
      part.file.resume();
    }
  }
  return { bytes, fields };
}

async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  let read: Awaited<ReturnType<typeof readParts>>;
  try {
    read = await readParts(request);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    // A client that went away mid-body: nothing was stored, since a photo is only handed on
    // once its last byte arrived. Otherwise Busboy's own failures (no boundary, no closing
    // boundary, a broken part header) have no status: the form is malformed, whatever it says.
    if (request.socket.destroyed) request.log.info('upload cut off: the client went away');
    else request.log.info({ err: error }, 'malformed multipart form');
    throw new AppError('validation', { params: { field: 'body' }, data: { field: 'body' } });
  }
  const { bytes, fields } = read;
  if (!bytes || bytes.length === 0) throw new AppError('uploadMissingFile');
  return { bytes, fields: Object.fromEntries(fields) };
}

async function routes(app: FastifyInstance) {
  registerRoute(app, uploadRoutes.uploadImage, async (_input, request) => {
    const { userId } = requireAuth(request);
    const { bytes, fields } = await readUpload(request);
    const flag = fields.flag === undefined ? null : PHOTO_FLAGS.find((candidate) => candidate === fields.flag);
    if (flag === undefined) throw new AppError('validation', { params: { field: 'flag' }, data: { field: 'flag' } });
    const { name: _name, ...stored } = await storeUpload(app.db, app.storage, userId, bytes, 'photo', flag);
    return { ...stored, fields };
  });

  registerRoute(app, uploadRoutes.uploadPrivate, async (_input, request) => {
    const { userId } = requireAuth(request);
    const { bytes, fields } = await readUpload(request);
    const kind = PRIVATE_UPLOAD_KINDS.find((candidate) => candidate === fields.kind);
    if (!kind) throw new AppError('validation', { params: { field: 'kind' }, data: { field: 'kind' } });
    const stored = await storeUpload(app.db, app.storage, userId, bytes, kind);
    return privateImage(app.config.jwtSecret, stored.name, kind);
  });

  // Whoever signed the link recorded the view; an expired or forged link finds nothing.
  registerRoute(app, uploadRoutes.privateFile, async ({ params, query }, _request, reply) => {
    if (!verifyPrivateLink(app.config.jwtSecret, params.name, Number(query.exp), query.sig))
      throw new AppError('notFound');
    const object = await app.storage.get(params.name);
    if (!object) throw new AppError('notFound');
    return reply
      .headers({
        'content-type': mimeOfStoredName(params.name),
        'content-length': String(object.size),
        'cache-control': 'private, no-store',
        'content-disposition': 'inline',
      })
      .send(object.stream);
  });

  // The name was checked against the contract's pattern, so it cannot leave the storage directory.
  registerRoute(app, uploadRoutes.file, async ({ params }, _request, reply) => {
    const object = await app.storage.get(params.name);
    if (!object) throw new AppError('notFound');
    return reply
      .headers({
        'content-type': mimeOfStoredName(params.name),
        'content-length': String(object.size),
        // Names are random and never reused, so a stored file never changes.
        'cache-control': 'public, max-age=31536000, immutable',
        'content-disposition': 'inline',
      })
      .send(object.stream);
  });
}

export const uploadFeature = fp(routes, {
  name: 'upload-routes',
  dependencies: ['auth', 'database', 'multipart', 'storage'],
  encapsulate: true,
});
