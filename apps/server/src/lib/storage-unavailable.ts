/**
 * The object store could not be reached or refused us (down, timed out, a wrong bucket or key):
 * the caller answers 503 `storageUnavailable`. `code` names the failure for the log, never a value.
 */
export class StorageUnavailableError extends Error {
  readonly operation: 'put' | 'get' | 'remove';
  readonly code: string;

  constructor(operation: 'put' | 'get' | 'remove', code: string, options?: { cause?: unknown }) {
    super(`object storage ${operation} failed: ${code}`, options);
    this.operation = operation;
    this.code = code;
    this.name = 'StorageUnavailableError';
  }
}
