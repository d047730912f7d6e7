import type { NamedEntryRecord } from '@jewel/contract/catalog-admin';
import type { NamedListKind } from '@jewel/contract/values/catalog-files';
import { emptyEntry, entryValues } from '../entry-model.ts';
import { EntryForm } from './entry-form.tsx';

/** The category's or material's sheet: a new one (`entry` null), or one of the list as it is. */
export default function EntrySheetBody({
  kind,
  entry,
  onDone,
}: {
  kind: NamedListKind;
  entry: NamedEntryRecord | null;
  onDone: () => void;
}) {
  return (
    <EntryForm
      kind={kind}
      id={entry?.id ?? null}
      initial={entry ? entryValues(entry) : emptyEntry()}
      retired={entry?.retired ?? false}
      onDone={onDone}
    />
  );
}
