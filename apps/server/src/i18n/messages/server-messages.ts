import type { NotificationType } from '@jewel/contract/user';
import type { ErrorName } from '@jewel/contract/values/error-codes';

/** The names of the server's other texts (the envelope's "OK", role and guest names). */
export type TextName = 'ok' | 'roleRecorder' | 'roleValuers' | 'guestName' | 'demoWatermark' | 'licenceNo' | 'appName';

/**
 * Every server-side text in one language. Each language file is typed with it, so a language
 * that misses an error code, a text or a notification type (or has one too many) fails to compile.
 */
export interface ServerMessages {
  /** Each error code's message. */
  errors: Record<ErrorName, string>;
  /** Other server-side texts. */
  texts: Record<TextName, string>;
  /** Title and text of each notification type; `{placeholders}` come from the row's params. */
  notifications: Record<NotificationType, { title: string; content: string }>;
}
