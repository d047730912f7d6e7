import { paths } from '@jewel/contract/values/web-paths';
import { useNavigate, useSearchParams } from 'react-router';
import { type InquiryDraft, InquiryForm } from '../../features/inquiry/components/inquiry-form.tsx';
import { findOwnEntry } from '../../lib/outbox-store.ts';
import '../../features/inquiry/inquiry.css';

/**
 * Register a price inquiry; afterwards the list shows it waiting for an estimate. Offline it
 * waits in the outbox; `?outbox=<key>` opens one the server refused, to fix it.
 */
export default function InquiryRegisterRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const entry = findOwnEntry(search.get('outbox') ?? '');
  const initial =
    entry?.route === 'inquiryCreate' && entry.refusal
      ? { values: entry.form as InquiryDraft, key: entry.key, refusal: entry.refusal }
      : undefined;
  return (
    <InquiryForm
      key={initial?.key ?? 'new'}
      initial={initial}
      onDone={() => navigate(paths.inquiryList, { replace: true })}
      onQueued={() => navigate(paths.outbox, { replace: true })}
    />
  );
}
