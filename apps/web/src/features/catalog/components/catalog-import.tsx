import type { CatalogImportProblem, CatalogImportResult } from '@jewel/contract/catalog-admin';
import { CATALOG_IMPORT_MAX_BYTES } from '@jewel/contract/values/catalog-files';
import { CloseOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useImportCatalog } from '../api/catalog-queries.ts';
import { bytesOf, type ChosenFile, kindOfFileName, withFiles } from '../catalog-model.ts';

/** What the last import answered: its counts, or why nothing was imported. */
type Outcome = { result: CatalogImportResult } | { refused: string; problems: CatalogImportProblem[] };

/**
 * The catalog's CSV files chosen on the phone or the desk, read there and sent as text in one
 * import: all or nothing, each problem with its file and line in the reader's language.
 */
export function CatalogImport() {
  const { t } = useTranslation('catalog');
  const input = useRef<HTMLInputElement>(null);
  const run = useImportCatalog();
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const pick = async (files: File[]) => {
    if (input.current) input.current.value = '';
    const read: ChosenFile[] = [];
    for (const file of files) {
      const kind = kindOfFileName(file.name);
      if (kind === null) {
        toast(t('import.unknownName', { file: file.name }));
        continue;
      }
      if (file.size > CATALOG_IMPORT_MAX_BYTES) {
        toast(t('import.tooLarge'));
        continue;
      }
      read.push({ kind, name: file.name, text: await file.text() });
    }
    setOutcome(null);
    setChosen((before) => withFiles(before, read));
  };

  const send = async () => {
    if (bytesOf(chosen) > CATALOG_IMPORT_MAX_BYTES) {
      toast(t('import.tooLarge'));
      return;
    }
    setOutcome(null);
    try {
      const result = await run.mutateAsync(Object.fromEntries(chosen.map((file) => [file.kind, file.text])));
      setChosen([]);
      setOutcome({ result });
    } catch (error) {
      // Any other refusal (the network, the session) the API client has toasted.
      if (!isApiError(error, 'catalogImportRefused')) return;
      const { problems } = error.data as { problems: CatalogImportProblem[] };
      setOutcome({ refused: error.message, problems });
    }
  };

  return (
    <section className="card catalog-import" aria-labelledby="catalog-import-title">
      <h2 className="card__title" id="catalog-import-title">
        {t('import.title')}
      </h2>
      <p className="muted catalog-hint" id="catalog-import-hint">
        {t('import.hint')}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept=".csv,text/csv"
        className="sr-only"
        aria-describedby="catalog-import-hint"
        aria-label={t('import.choose')}
        data-testid="catalog-import-files"
        onChange={(event) => {
          void pick([...(event.target.files ?? [])]).catch(() => undefined);
        }}
      />
      <Button block fill="outline" onClick={() => input.current?.click()}>
        {t('import.choose')}
      </Button>
      {chosen.length > 0 ? (
        <ul className="catalog-import__chosen" aria-label={t('import.chosen')}>
          {chosen.map((file) => (
            <li key={file.kind} className="catalog-import__file">
              <span className="catalog-files__name">
                {t(`kinds.${file.kind}`)}
                <span className="muted catalog-files__file">{file.name}</span>
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('import.remove', { file: file.name })}
                onClick={() => setChosen((before) => before.filter((each) => each.kind !== file.kind))}
              >
                <CloseOutline aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen.length > 0 ? (
        <Button block color="primary" loading={run.isPending} onClick={() => void send()}>
          {t('import.submit')}
        </Button>
      ) : null}
      {outcome && 'result' in outcome ? (
        <p className="catalog-import__done" role="status">
          {t('import.done', {
            created: outcome.result.created,
            updated: outcome.result.updated,
            categories: outcome.result.categories,
            materials: outcome.result.materials,
            brands: outcome.result.brands,
            guides: outcome.result.photo_guides,
          })}
        </p>
      ) : null}
      {outcome && 'refused' in outcome ? (
        <div className="catalog-import__refused" role="alert" data-testid="catalog-import-problems">
          <p className="catalog-import__refused-title">{outcome.refused}</p>
          <ul>
            {outcome.problems.map((problem) => (
              <li key={`${problem.file}:${problem.line}:${problem.message}`}>
                {problem.line > 0
                  ? t('import.problem', { file: problem.file, line: problem.line, message: problem.message })
                  : t('import.fileProblem', { file: problem.file, message: problem.message })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
