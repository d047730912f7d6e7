/**
 * Every error code the server answers, listed once. `status` is the HTTP status sent with it.
 * The server keeps each code's message in the four languages; the web app shows the server's
 * message and falls back to its own `errors` texts.
 */
export const ERRORS = {
  unauthorized: { code: 401, status: 401 },
  validation: { code: 1001, status: 400 },
  notFound: { code: 1002, status: 404 },
  forbidden: { code: 1003, status: 403 },
  conflict: { code: 1004, status: 409 },
  rateLimited: { code: 1005, status: 429 },
  internal: { code: 1006, status: 500 },
  routeNotFound: { code: 1007, status: 404 },
  payloadTooLarge: { code: 1008, status: 413 },
  notReady: { code: 1009, status: 503 },
  requestTimeout: { code: 1010, status: 408 },
  loginFailed: { code: 2001, status: 400 },
  userDisabled: { code: 2002, status: 403 },
  passwordEmpty: { code: 2010, status: 400 },
  passwordTooShort: { code: 2011, status: 400 },
  passwordMismatch: { code: 2012, status: 400 },
  oldPasswordWrong: { code: 2013, status: 400 },
  refreshInvalid: { code: 2020, status: 401 },
  temporaryLinkInvalid: { code: 2030, status: 410 },
  temporaryUserNotAllowed: { code: 2031, status: 403 },
  providerLoginNotConfigured: { code: 2040, status: 501 },
  mobileTaken: { code: 2050, status: 409 },
  uploadMissingFile: { code: 3001, status: 400 },
  uploadUnsupportedType: { code: 3002, status: 415 },
  uploadTooLarge: { code: 3003, status: 413 },
  uploadTooManyPixels: { code: 3004, status: 422 },
  uploadUnreadable: { code: 3005, status: 422 },
  commodityStatusInvalid: { code: 4001, status: 409 },
  commodityRoleNotAllowed: { code: 4002, status: 403 },
  commodityNotAssigned: { code: 4003, status: 403 },
  commodityOwnAppraisal: { code: 4004, status: 403 },
  commodityTaken: { code: 4005, status: 409 },
  commodityStale: { code: 4006, status: 409 },
  enrollmentTooMany: { code: 4010, status: 400 },
  sizePhotoRequired: { code: 4011, status: 400 },
  productPhotoRequired: { code: 4012, status: 400 },
  accessoryPhotoRequired: { code: 4013, status: 400 },
  enrollmentKeyReused: { code: 4014, status: 409 },
  priceRangeInvalid: { code: 4020, status: 400 },
  notGenuineReasonRequired: { code: 4021, status: 400 },
  recyclePriceRequired: { code: 4022, status: 400 },
  wholeCurrencyRequired: { code: 4023, status: 400 },
  inquiryClosed: { code: 4030, status: 409 },
  dateRangeInvalid: { code: 4040, status: 400 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];
