import { ERRORS, type ErrorName } from '@jewel/contract/values/error-codes';

interface AppErrorOptions {
  params?: Record<string, string | number>;
  data?: unknown;
  headers?: Record<string, string>;
  /** A login limit refused the attempt: which count (domain/throttle.ts), for the metrics only. */
  throttled?: string;
}

/** A refusal the caller can understand: the handler answers it in the caller's language. */
export class AppError extends Error {
  readonly code: number;
  readonly statusCode: number;
  readonly errorName: ErrorName;
  readonly options: AppErrorOptions;

  constructor(errorName: ErrorName, options: AppErrorOptions = {}) {
    super(errorName);
    this.errorName = errorName;
    this.options = options;
    this.code = ERRORS[errorName].code;
    this.statusCode = ERRORS[errorName].status;
  }
}
