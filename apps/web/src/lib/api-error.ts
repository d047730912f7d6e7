/** Codes the client itself gives to failures that never reached an answer (SPEC.md §8). */
export const TRANSPORT_ERRORS = {
  timeout: 5,
  network: 5,
  abort: 600003,
  uploadNetwork: 602001,
  uploadFile: 602002,
} as const;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: number, message: string, status = 0, data: unknown = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** A call the network never answered: worth sending again with the same idempotency key. */
export function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 0 &&
    (error.code === TRANSPORT_ERRORS.network || error.code === TRANSPORT_ERRORS.timeout)
  );
}
