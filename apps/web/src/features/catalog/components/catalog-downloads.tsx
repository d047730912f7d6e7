import { CATALOG_FILE_KINDS, type CatalogFileKind, catalogFileName } from '@jewel/contract/values/catalog-files';
import { DownlandOutline, FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { saveCatalogFile } from '../api/catalog-queries.ts';

/** Each list of the catalog as the file its import reads back, and its template. */
export function CatalogDownloads() {
  const { t } = useTranslation('catalog');
  /** The download running (`kind` or `kind-template`): its button spins. */
  const [running, setRunning] = useState<string | null>(null);
  const save = async (kind: CatalogFileKind, template: boolean) => {
    setRunning(`${kind}${template ? '-template' : ''}`);
    // A refusal is toasted by the API client.
    await saveCatalogFile(kind, template).catch(() => undefined);
    setRunning(null);
  };
  return (
    <section className="card catalog-files" aria-labelledby="catalog-files-title">
      <h2 className="card__title" id="catalog-files-title">
        {t('files.title')}
      </h2>
      <p className="muted catalog-hint">{t('files.hint')}</p>
      <ul className="catalog-files__list">
        {CATALOG_FILE_KINDS.map((kind) => {
          const list = t(`kinds.${kind}`);
          return (
            <li key={kind} className="catalog-files__row">
              <span className="catalog-files__name">
                {list}
                <span className="muted catalog-files__file">{catalogFileName(kind)}</span>
              </span>
              <span className="catalog-files__actions">
                <Button
                  size="small"
                  fill="outline"
                  aria-label={t('files.templateLabel', { list })}
                  loading={running === `${kind}-template`}
                  onClick={() => void save(kind, true)}
                >
                  <FileOutline aria-hidden /> {t('files.template')}
                </Button>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  aria-label={t('files.exportLabel', { list })}
                  loading={running === kind}
                  onClick={() => void save(kind, false)}
                >
                  <DownlandOutline aria-hidden /> {t('files.export')}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
