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
  uriTooLong: { code: 1010, status: 414 },
  headersTooLarge: { code: 1011, status: 431 },
  requestTimeout: { code: 1012, status: 408 },
  // The metrics endpoint without METRICS_TOKEN, or with another (issue 33).
  metricsTokenInvalid: { code: 1013, status: 401 },
  loginFailed: { code: 2001, status: 400 },
  userDisabled: { code: 2002, status: 403 },
  passwordEmpty: { code: 2010, status: 400 },
  passwordTooShort: { code: 2011, status: 400 },
  passwordMismatch: { code: 2012, status: 400 },
  oldPasswordWrong: { code: 2013, status: 400 },
  refreshInvalid: { code: 2020, status: 401 },
  temporaryLinkInvalid: { code: 2030, status: 410 },
  temporaryUserNotAllowed: { code: 2031, status: 403 },
  recordersOnly: { code: 2032, status: 403 },
  // The back office is for managers (issue 28).
  managersOnly: { code: 2033, status: 403 },
  // A manager acting as a recorder without holding the role reads and exports, never writes (ADR 0104).
  readOnlyRole: { code: 2034, status: 403 },
  // Acting as a counter role the person does not hold (ADR 0104).
  roleNotHeld: { code: 2035, status: 403 },
  providerLoginNotConfigured: { code: 2040, status: 400 },
  // Sign-in providers (docs/adr/0103): an account bound to nobody, a provider's answer that does
  // not complete (a used or expired code, a state, nonce or token that does not check), a provider
  // that cannot be reached, an account bound to someone else, a manager's password refused where
  // the shop asks managers for a passkey or a provider.
  providerAccountNotBound: { code: 2041, status: 400 },
  providerSignInFailed: { code: 2042, status: 400 },
  providerUnavailable: { code: 2043, status: 503 },
  providerAccountTaken: { code: 2044, status: 409 },
  strongSignInRequired: { code: 2045, status: 403 },
  // The rule is turned on while a manager has neither a passkey nor a bound provider: they would be locked out.
  managersWithoutStrongSignIn: { code: 2046, status: 409 },
  mobileTaken: { code: 2050, status: 409 },
  // A work e-mail another member holds (docs/adr/0103): one e-mail binds one member.
  emailTaken: { code: 2051, status: 409 },
  // The shop has its owner, or runs the demo: setup happens once (issue 28).
  shopAlreadySetUp: { code: 2060, status: 409 },
  // Sign-in before the shop is set up: nobody can yet (issue 28).
  shopNotSetUp: { code: 2061, status: 409 },
  // The shop keeps an active manager: the last one is neither disabled nor demoted (issue 28).
  lastManager: { code: 2062, status: 409 },
  // A manager's own account is changed by another manager.
  staffSelf: { code: 2063, status: 409 },
  // Passkeys (docs/adr/0103): a sign-in whose passkey does not verify, a challenge past its five
  // minutes or already used, a registration that does not verify, and an address without a
  // relying party (no PUBLIC_URL and not localhost).
  passkeyNotRecognized: { code: 2070, status: 400 },
  passkeyChallengeExpired: { code: 2071, status: 400 },
  passkeyRegistrationFailed: { code: 2072, status: 400 },
  passkeysUnavailable: { code: 2073, status: 409 },
  // Branches (issue 32, docs/adr/0105): working at or managing a branch the person is not given, an
  // open branch's name read twice, the last open branch closed, a branch closed that is someone's
  // only one or still holds items under way, a closed branch given staff or chosen to work at; an
  // item under appraisal transferred to a branch where its valuer does not work.
  branchNotHeld: { code: 2080, status: 403 },
  branchNameTaken: { code: 2081, status: 409 },
  lastBranch: { code: 2082, status: 409 },
  branchStaffed: { code: 2083, status: 409 },
  branchHasItemsUnderWay: { code: 2084, status: 409 },
  branchClosed: { code: 2085, status: 409 },
  transferValuerElsewhere: { code: 2086, status: 409 },
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
  inquiryKeyReused: { code: 4031, status: 409 },
  dateRangeInvalid: { code: 4040, status: 400 },
  identityCheckRequired: { code: 5010, status: 400 },
  signatureRequired: { code: 5011, status: 400 },
  sellerTooYoung: { code: 5012, status: 400 },
  identityCheckNotReusable: { code: 5013, status: 400 },
  identityCheckChoiceInvalid: { code: 5014, status: 400 },
  identityPhotoRequired: { code: 5015, status: 400 },
  privateUploadInvalid: { code: 5016, status: 400 },
  guestBuybackNotAllowed: { code: 5017, status: 403 },
  // Money laundering at the counter (docs/decisions.md "What the law asks at the counter: money laundering", issue 27).
  paymentMethodRequired: { code: 5150, status: 400 },
  amlIdentityRequired: { code: 5151, status: 400 },
  transactionPurposeRequired: { code: 5152, status: 400 },
  suspiciousFlagOpen: { code: 5153, status: 409 },
  suspiciousOwnFlag: { code: 5154, status: 403 },
  suspiciousFlagReviewed: { code: 5155, status: 409 },
  // The My Number rule (docs/decisions.md "What the law asks at the counter: identity", issue 27).
  individualNumberRefused: { code: 5140, status: 400 },
  myNumberCardNumberRefused: { code: 5141, status: 400 },
  documentExpiryRequired: { code: 5142, status: 400 },
  identityDocumentExpired: { code: 5143, status: 400 },
  // The signed declaration and one use per file (docs/decisions.md "The signed declaration", issue 27).
  declarationRequired: { code: 5160, status: 400 },
  declarationChanged: { code: 5161, status: 400 },
  privateUploadUsed: { code: 5162, status: 400 },
  // Customers as records (docs/decisions.md "Customers and retention").
  customerRecordersOnly: { code: 5000, status: 403 },
  customerAnonymized: { code: 5001, status: 409 },
  watchListMatch: { code: 5040, status: 409 },
  watchNoticeEmpty: { code: 5041, status: 400 },
  watchImportHeader: { code: 5042, status: 400 },
  watchImportTooManyRows: { code: 5043, status: 400 },
  watchImportUnreadable: { code: 5044, status: 400 },
  watchMatchAcknowledged: { code: 5045, status: 409 },
  watchNoticeWithdrawn: { code: 5046, status: 409 },
  // The watch list stops a buyback first (docs/decisions.md, issue 27).
  watchWitnessRequired: { code: 5120, status: 400 },
  watchWitnessInvalid: { code: 5121, status: 403 },
  watchWitnessSelf: { code: 5122, status: 400 },
  watchWitnessNotStaff: { code: 5123, status: 403 },
  ledgerAlreadyCorrected: { code: 5030, status: 409 },
  ledgerAnonymized: { code: 5031, status: 409 },
  ledgerNothingChanged: { code: 5032, status: 400 },
  // Item tags and the scan (docs/decisions.md "Item tags and the scan").
  tagItemNotFound: { code: 5060, status: 404 },
  scanNotFound: { code: 5061, status: 404 },
  calibrationPeriodTooLong: { code: 5070, status: 400 },
  // Certificates (docs/decisions.md "Certificates and the verification page").
  certificateNotIdentified: { code: 5050, status: 409 },
  // The photo guide (docs/decisions.md "The photo guide").
  photoShotsMismatch: { code: 5080, status: 400 },
  photoShotUnknown: { code: 5081, status: 400 },
  // The catalog's CSV files in the browser (docs/adr/0090-the-catalog-in-the-browser.md).
  catalogImportRefused: { code: 5100, status: 400 },
  productCodeTaken: { code: 5101, status: 409 },
  catalogReferenceUnknown: { code: 5102, status: 400 },
  brandNameTaken: { code: 5103, status: 409 },
  listCodeTaken: { code: 5104, status: 409 },
  workflowStandardFixed: { code: 5105, status: 409 },
  // The audit trail (docs/adr/0091-the-audit-trail.md).
  auditTooLarge: { code: 5110, status: 400 },
  // Operations in the browser (docs/adr/0092-operations-in-the-browser.md).
  backupRunning: { code: 5111, status: 409 },
  // Photos in object storage (docs/decisions.md "Photos in object storage").
  storageUnavailable: { code: 5090, status: 503 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];
