import type { Lang } from '@jewel/contract/values/i18n';
import { DownlandOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { Button } from '../lib/antd-mobile.ts';
import type { DownloadedFile } from '../lib/api-client.ts';
import { DocumentLanguageChip, useDocumentLanguage, useDownload } from './document-download.tsx';
import './export-card.css';

export interface ExportChoice {
  key: string;
  /** The button's text ("CSV"). */
  label: string;
  /** What the button downloads, said whole to assistive technology ("The ledger of … as CSV"). */
  ariaLabel?: string;
  fetchFile: (lang: Lang) => Promise<DownloadedFile>;
}

/**
 * A card that exports a page's records as files: its title, the language of the files (the app's
 * until another is chosen), an optional hint and a button per file kind, each showing its download
 * under way. The ledger's, the suspicious reports', the audit trail's.
 */
export function ExportCard({
  title,
  languageLabel,
  hint,
  choices,
  doneText,
  testId,
}: {
  title: string;
  languageLabel: string;
  hint?: string;
  choices: ExportChoice[];
  /** The toast once saved: "Saved {name}". */
  doneText: (fileName: string) => string;
  testId?: string;
}) {
  const titleId = useId();
  const [lang, setLang] = useDocumentLanguage();
  const { busy, run } = useDownload<string>();
  return (
    <section className="card export-card" aria-labelledby={titleId} data-testid={testId}>
      <div className="export-card__head">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        <DocumentLanguageChip className="export-card__language" label={languageLabel} value={lang} onChange={setLang} />
      </div>
      {hint ? <p className="muted">{hint}</p> : null}
      <div className="export-card__actions">
        {choices.map((choice) => (
          <Button
            key={choice.key}
            block
            color="primary"
            fill="outline"
            loading={busy === choice.key}
            disabled={busy !== null && busy !== choice.key}
            aria-label={choice.ariaLabel}
            onClick={() => run(choice.key, () => choice.fetchFile(lang), doneText)}
          >
            <DownlandOutline aria-hidden /> {choice.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
