import type { ShopChange } from '@jewel/contract/shop';
import type { NotificationType } from '@jewel/contract/user';
import type {
  AuditColumn,
  AuditKind,
  CommodityEventAction,
  IdentityViewSubject,
  StaffChangeKind,
} from '@jewel/contract/values/audit';
import type { ErrorName } from '@jewel/contract/values/error-codes';

/** The names of the server's other texts (the envelope's "OK", role and guest names). */
export type TextName =
  | 'ok'
  | 'roleRecorder'
  | 'roleValuers'
  | 'guestName'
  /** The WeChat sign-in's name (docs/adr/0103). */
  | 'wechat'
  | 'demoWatermark'
  /** The demo's CSV exports say so beside the shop's name (issue 28): the files carry no watermark. */
  | 'demoData'
  | 'licenceNo'
  | 'appName'
  /** Under a declaration in the ledger PDF: the seller's signature, or why it is not there. */
  | 'signatureCaption'
  | 'signatureMissing';

/** Why a catalog import was refused (features/catalog/catalog-import.ts): each a text with `{params}`. */
export type CatalogProblemReason =
  | 'fileMissing'
  | 'fileEmpty'
  | 'quoteNotClosed'
  | 'unknownColumn'
  | 'missingColumn'
  | 'noRows'
  | 'fieldCount'
  | 'brandName'
  | 'typeTwice'
  | 'codeFormat'
  | 'listedTwice'
  | 'nameMissing'
  | 'nameTooLong'
  | 'purity'
  | 'flag'
  | 'unknownBrand'
  | 'unknownType'
  | 'unknownCategory'
  | 'unknownMaterial'
  | 'productName'
  | 'langNameTooLong'
  | 'imagePath'
  | 'codeTooLong'
  | 'replenishStatus'
  | 'sameBrandCode'
  | 'guideCategory'
  | 'shotCode'
  | 'shotTwice'
  | 'tooManyShots'
  | 'unknownOutline'
  | 'unknownCovers';

/**
 * Every server-side text in one language. Each language file is typed with it, so a language
 * that misses an error code, a text or a notification type (or has one too many) fails to compile.
 */
/** The audit trail's words (issue 28 item 7): the page and its CSV file say the same. */
export interface AuditMessages {
  title: string;
  kinds: Record<AuditKind, string>;
  /** A commodity's event, by its action. */
  events: Record<CommodityEventAction, string>;
  /** A change of the shop: "{field} changed". */
  settingChanged: string;
  settings: Record<ShopChange['field'], string>;
  staff: Record<StaffChangeKind, string>;
  identity: Record<IdentityViewSubject, string>;
  ledgerCorrected: string;
  values: { yes: string; no: string; unset: string; manager: string };
  notes: {
    member: string;
    customer: string;
    reason: string;
    witness: string;
    alone: string;
    correction: string;
  };
  columns: Record<AuditColumn, string>;
  /** The file's period: "{from} to {to} ({zone})"; an open end is "…". */
  period: string;
}

export interface ServerMessages {
  /** Each error code's message. */
  errors: Record<ErrorName, string>;
  /** Other server-side texts. */
  texts: Record<TextName, string>;
  /** Why a row or file of a catalog import was refused. */
  catalogProblems: Record<CatalogProblemReason, string>;
  /** Title and text of each notification type; `{placeholders}` come from the row's params. */
  notifications: Record<NotificationType, { title: string; content: string }>;
  audit: AuditMessages;
}
