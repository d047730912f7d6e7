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
  // Secrets: credentials, tokens, and a guest link's uuid (whoever has it may enter).
  'password',
  'old_password',
  'password_confirmation',
  'token',
  'refresh_token',
  'uuid',
] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];
