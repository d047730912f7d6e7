import { paths } from '@jewel/contract/values/web-paths';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type InquiryDraft, InquiryForm } from '../../features/inquiry/components/inquiry-form.tsx';
import { holdEntry, releaseEntry } from '../../lib/outbox.ts';
import { findOwnEntry } from '../../lib/outbox-store.ts';
import '../../features/inquiry/inquiry.css';

/**
 * Register a price inquiry; afterwards the list shows it waiting for an estimate. Offline it
 * waits in the outbox; `?outbox=<key>` opens one from there: refused, to fix it, or still
 * waiting, to change it (held back from sending while it is open here).
 */
export default function InquiryRegisterRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const entry = findOwnEntry(search.get('outbox') ?? '');
  const initial =
    entry?.route === 'inquiryCreate'
      ? { values: entry.form as InquiryDraft, key: entry.key, refusal: entry.refusal }
      : undefined;
  const waiting = initial && !initial.refusal ? initial.key : null;
  useEffect(() => {
    if (waiting === null) return;
    if (!holdEntry(waiting)) {
      navigate(paths.outbox, { replace: true });
      return;
    }
    return () => releaseEntry(waiting);
  }, [waiting, navigate]);
  return (
    <InquiryForm
      key={initial?.key ?? 'new'}
      initial={initial}
      onDone={() => navigate(paths.inquiryList, { replace: true })}
      onQueued={() => navigate(paths.outbox, { replace: true })}
    />
  );
}
