import type { BuybackPrep } from '@jewel/contract/buyback';
import { ageOn } from '@jewel/contract/values/buyback';
import { renderDeclaration } from '@jewel/contract/values/declaration';
import type { Lang } from '@jewel/contract/values/i18n';
import { parseAmount } from './appraisal-model.ts';
import { type IdentityValues, identityBody } from './buyback-model.ts';

/**
 * The declaration the seller signs (issue 27 item 4; docs/decisions.md "The signed declaration"):
 * rendered here with the contract's renderer from what the buyback will send, as the server
 * renders it again from what it writes in the ledger (seller: the new check, else the reused
 * one, else the customer's record; the age on the shop's day). Null until there is a price.
 */
export function declarationText(
  lang: Lang,
  values: IdentityValues & { price: string; currency: string },
  prep: BuybackPrep,
  needed: boolean,
): string | null {
  const price = parseAmount(values.price);
  if (price === null) return null;
  const body = identityBody(values, needed);
  const reused =
    body.identity_check_id === null
      ? undefined
      : prep.recent_checks.find((check) => check.id === body.identity_check_id);
  const seller = body.identity ?? reused ?? prep.customer;
  const birthDate = body.identity?.birth_date ?? reused?.birth_date ?? prep.customer.birth_date;
  return renderDeclaration(lang, {
    name: seller.name,
    address: seller.address,
    occupation: seller.occupation,
    age: birthDate ? ageOn(birthDate, prep.today) : null,
    items: [{ item: prep.item[lang] ?? '', price, currency: values.currency }],
  });
}
