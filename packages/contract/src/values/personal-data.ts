import type { RoleCode } from './roles.ts';

/**
 * The names of the fields whose values are personal data or secrets. They never reach a log:
 * wherever one of these names is a key of something the server logs, its value is censored
 * (`apps/server/src/plugins/app/logging.ts`, docs/decisions.md "Logs without personal data").
 *
 * A field added to the contract that names, reaches or identifies a person (identity documents,
 * birth dates, e-mail, messenger ids, photos of a person...) or that grants access is added here,
 * in the same change.
 */
export const PERSONAL_FIELDS = [
  // A customer (enrollments, inquiries).
  'customer_name',
  'customer_phone',
  'customer_address',
  'contact',
  // A user or a guest.
  'name',
  'mobile',
  'avatar',
  'gender',
  // What a list search matches: a customer's phone among others.
  'keyword',
  // Free text a person may be named in.
  'remark',
  'engraving',
  'note',
  // The generic names later identity fields are expected to take.
  'phone',
  'address',
  'id_number',
  // A customer record and a seller's identity check at buyback (docs/decisions.md "Buying lawfully").
  'occupation',
  'birth_date',
  'document_number',
  'document_pics',
  'signature',
  'seller_name',
  'seller_address',
  'seller_occupation',
  'seller_age',
  // Secrets: credentials, tokens, and a guest link's uuid (whoever has it may enter).
  'password',
  'old_password',
  'password_confirmation',
  'token',
  'refresh_token',
  'uuid',
] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** A customer's fields on an enrollment, as the commodity's detail carries them. */
export const CUSTOMER_FIELDS = ['customer_name', 'customer_phone', 'customer_address'] as const;

/**
 * Who sees a customer whole (PRODUCT.md "Beyond the SPEC"): recorders, who meet the customer and
 * call them back, staff or guest. Valuers, staff or guest, appraise without them: the server
 * sends them the name's initial only and no phone, address or contact, so none of it reaches a
 * valuer's browser, and does not let them search by a customer's phone.
 */
export function seesCustomerWhole(role: RoleCode): boolean {
  return role === 'recorder';
}

/** What a valuer sees of a customer's name: its first character and a fixed mask ("王**", "J**"). */
export function maskName(name: string): string {
  const [initial] = Array.from(name.trim());
  return initial ? `${initial}**` : '';
}

/**
 * A document number as staff see it: its last 4 characters after four asterisks, `****1234`
 * (issue 29 item 7). Asterisks are narrow in every font; the bullet `•` is a full-width dot in
 * the Chinese and Japanese fonts of the screens and the PDFs, `・・・・1234`. Empty without a hint.
 */
export const maskedNumber = (hint: string) => (hint ? `****${hint}` : '');
