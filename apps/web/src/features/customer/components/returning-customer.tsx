import type { CustomerListItem } from '@jewel/contract/customer';
import { CUSTOMER_LOOKUP_MIN_DIGITS } from '@jewel/contract/values/customer';
import { useQuery } from '@tanstack/react-query';
import { UserOutline } from 'antd-mobile-icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { customerLookupOptions } from '../api/customer-queries.ts';
import '../customer.css';

const LOOKUP_DEBOUNCE_MS = 300;
/** A name is searched from this many characters, while no phone is typed. */
const NAME_MIN_LENGTH = 2;

/** What the register form searches: the phone once it has enough digits, else the name. */
export function lookupKeyword(phone: string, name: string): string {
  if (phone.replace(/[^0-9]/g, '').length >= CUSTOMER_LOOKUP_MIN_DIGITS) return phone.trim();
  if (phone.trim() === '' && name.trim().length >= NAME_MIN_LENGTH) return name.trim();
  return '';
}

interface ReturningCustomerProps {
  phone: string;
  name: string;
  /** The customer linked, if any. */
  linked: { id: number; name: string; visits: number } | null;
  onPick: (customer: CustomerListItem) => void;
  onUnlink: () => void;
  disabled?: boolean;
}

/**
 * A returning customer on the register form (issue 13): as the recorder types a phone (3 digits
 * or more) or a name, matching customers are offered as buttons under the field; picking one fills
 * the form and links the record, shown as a chip with a way to unlink.
 */
export function ReturningCustomer({ phone, name, linked, onPick, onUnlink, disabled }: ReturningCustomerProps) {
  const { t } = useTranslation('customer');
  const titleId = useId();
  const wanted = lookupKeyword(phone, name);
  const [keyword, setKeyword] = useState(wanted);
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(wanted), LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const query = useQuery({ ...customerLookupOptions(keyword), enabled: keyword !== '' && !linked });

  if (linked) {
    return (
      <div className="customer-linked" data-testid="customer-linked">
        <span className="customer-linked__chip">
          <UserOutline aria-hidden />
          <span>{t('lookup.linked', { count: linked.visits })}</span>
        </span>
        <button type="button" className="customer-linked__unlink" onClick={onUnlink} disabled={disabled}>
          {t('lookup.unlink')}
        </button>
      </div>
    );
  }
  const items = keyword && wanted ? (query.data?.items ?? []) : [];
  return (
    <div className="customer-lookup" aria-live="polite">
      {items.length > 0 ? (
        <>
          <p id={titleId} className="customer-lookup__title">
            {t('lookup.found', { count: items.length })}
          </p>
          <ul className="customer-lookup__list" aria-labelledby={titleId}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="customer-lookup__option"
                  onClick={() => onPick(item)}
                  disabled={disabled}
                  aria-label={t('lookup.pick', { name: item.name, phone: item.phone, count: item.visits })}
                >
                  <span className="customer-lookup__name">{item.name}</span>
                  <span className="customer-lookup__phone figure">{item.phone}</span>
                  <span className="customer-lookup__visits muted">{t('visits', { count: item.visits })}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
