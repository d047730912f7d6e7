import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { StorageUnavailableError } from '../../lib/storage-unavailable.ts';
import type { Storage } from './storage.ts';

/**
 * A dead store must answer in seconds, not minutes: the upload's user waits on it. A photo of
 * 1 MB crosses any sane link well within the request timeout, which is the socket's idle time.
 */
export const S3_TIMEOUTS = { connectionTimeout: 3_000, requestTimeout: 20_000, maxAttempts: 2 } as const;

const WARNING_SWITCH = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

/**
 * The SDK prints a NodeVersionSupportWarning on Node < 22 when its first client is made (its
 * releases after January 2027 need Node 22). It reads like a failure in the server's output,
 * so it is turned off with the SDK's own switch while the client is made, and the server notes
 * it in its log instead (docs/decisions.md, "Photos in object storage").
 */
function clientWithoutNodeWarning(options: S3ClientConfig): S3Client {
  const before = process.env[WARNING_SWITCH];
  process.env[WARNING_SWITCH] = 'true';
  try {
    return new S3Client(options);
  } finally {
    if (before === undefined) delete process.env[WARNING_SWITCH];
    else process.env[WARNING_SWITCH] = before;
  }
}

/** The SDK's name for the failure (`NoSuchBucket`, `TimeoutError`) or the socket's code (`ECONNREFUSED`). */
function failureCode(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : 'Unknown';
}

function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is a broken configuration, not a missing photo.
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Node's version when the SDK warns about it, for the server to note once at start-up. */
export function sdkNodeNotice(): string | undefined {
  const major = Number(process.versions.node.split('.')[0]);
  return major < 22 ? process.version : undefined;
}

/**
 * Photos as objects of one private bucket, under `prefix`. PutObject is atomic: an object
 * appears whole or not at all, so a failed or cut upload never leaves half a photo. Every
 * failure other than a missing object is a StorageUnavailableError.
 */
export function s3Storage(config: S3Config): Storage {
  const client = clientWithoutNodeWarning({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default CRC checksums on every request are refused by several S3-compatible
    // providers; they are sent and checked only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: S3_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: S3_TIMEOUTS.connectionTimeout,
      requestTimeout: S3_TIMEOUTS.requestTimeout,
    },
  });
  const key = (name: string) => `${config.prefix}${name}`;
  const failed = (operation: StorageUnavailableError['operation'], error: unknown) =>
    new StorageUnavailableError(operation, failureCode(error), { cause: error });

  return {
    async put(name, body) {
      try {
        await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: body }));
      } catch (error) {
        throw failed('put', error);
      }
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        if (!object.Body) return null;
        // In Node the body is the response's IncomingMessage: streamed, never buffered here.
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw failed('get', error);
      }
    },
    async remove(name) {
      try {
        // S3 answers 204 whether or not the object was there.
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
      } catch (error) {
        throw failed('remove', error);
      }
    },
  };
}
