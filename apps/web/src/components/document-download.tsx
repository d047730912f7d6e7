import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { useState } from 'react';
import { type DownloadedFile, saveFile } from '../lib/api-client.ts';
import { successToast } from '../lib/toast.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { useLanguageStore } from '../stores/language-store.ts';
import { ChoiceChip } from './choice-chip.tsx';

/**
 * A download (an export, a certificate, a sheet of tags): fetches the file, saves it on the phone
 * and says so in a toast; a failure was already said by the client. `busy` names the download
 * under way.
 */
export function useDownload<Key extends string = 'file'>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const run = async (key: Key, fetchFile: () => Promise<DownloadedFile>, doneText: (fileName: string) => string) => {
    setBusy(key);
    try {
      const file = await fetchFile();
      saveFile(file);
      successToast(doneText(file.fileName));
    } catch {
      // The client said why in a toast.
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** The language a document is printed in: the app's until another is chosen. */
export function useDocumentLanguage() {
  const appLang = useLanguageStore((state) => state.currentLang);
  const [lang, setLang] = useState<Lang>(appLang);
  return [lang, (next: Lang | null) => setLang(next ?? appLang)] as const;
}

/** A chip to choose a document's language, with its label written beside it. */
export function DocumentLanguageChip({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: Lang;
  onChange: (next: Lang | null) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={className}>
      <span className="muted" aria-hidden>
        {label}
      </span>
      <ChoiceChip
        label={label}
        choices={LANGS.map((code) => ({ value: code, label: t(`common:language.${code}`) }))}
        allLabel={null}
        value={value}
        onChange={(next) => onChange(next as Lang | null)}
      />
    </span>
  );
}
