/** Codes the client itself gives to failures that never reached an answer (SPEC.md §8). */
export const TRANSPORT_ERRORS = {
  timeout: 5,
  network: 5,
  abort: 600003,
  uploadNetwork: 602001,
  uploadFile: 602002,
} as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 0,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
