import type { NamedEntryRecord } from '@jewel/contract/catalog-admin';
import type { NamedListKind } from '@jewel/contract/values/catalog-files';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { photoGuideOptions } from '../api/catalog-queries.ts';
import { emptyEntry, entryValues } from '../entry-model.ts';
import { guideValues } from '../photo-guide-model.ts';
import { EntryForm } from './entry-form.tsx';
import { PhotoGuideForm } from './photo-guide-form.tsx';

/**
 * The category's or material's sheet: a new one (`entry` null), or one of the list as it is; a
 * category's photo guide opens in its place (the category's form kept as typed meanwhile).
 */
export default function EntrySheetBody({
  kind,
  entry,
  onDone,
}: {
  kind: NamedListKind;
  entry: NamedEntryRecord | null;
  onDone: () => void;
}) {
  const [guideOpen, setGuideOpen] = useState<boolean | null>(null);
  const category = kind === 'categories' ? entry : null;
  // Back from the guide, the reader is where they left: on its row.
  const link = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (guideOpen === false) link.current?.focus();
  }, [guideOpen]);
  return (
    <>
      <div hidden={guideOpen === true}>
        <EntryForm
          kind={kind}
          id={entry?.id ?? null}
          initial={entry ? entryValues(entry) : emptyEntry()}
          retired={entry?.retired ?? false}
          onDone={onDone}
        />
        {category ? <PhotoGuideLink ref={link} categoryId={category.id} onOpen={() => setGuideOpen(true)} /> : null}
      </div>
      {category && guideOpen ? <PhotoGuide category={category} onBack={() => setGuideOpen(false)} /> : null}
    </>
  );
}

/** The category's photo guide as one row: how many shots, opening the guide's form. */
function PhotoGuideLink({
  ref,
  categoryId,
  onOpen,
}: {
  ref: React.Ref<HTMLButtonElement>;
  categoryId: number;
  onOpen: () => void;
}) {
  const { t } = useTranslation('catalog');
  const guide = useQuery(photoGuideOptions(categoryId));
  const count = guide.data?.shots.length;
  return (
    <button ref={ref} type="button" className="photo-guide-link" onClick={onOpen}>
      <span className="photo-guide-link__label">{t('guide.open')}</span>
      <span className="photo-guide-link__count">{count === undefined ? null : t('guide.shots', { count })}</span>
      <RightOutline aria-hidden />
    </button>
  );
}

function PhotoGuide({ category, onBack }: { category: NamedEntryRecord; onBack: () => void }) {
  const lang = useLanguageStore((state) => state.currentLang);
  const guide = useQuery(photoGuideOptions(category.id));
  if (guide.isPending) return <LoadingRows rows={6} />;
  if (guide.isError) return <LoadError onRetry={() => guide.refetch()} />;
  return (
    <PhotoGuideForm
      categoryId={category.id}
      categoryName={category.name[lang]}
      initial={guideValues(guide.data)}
      onBack={onBack}
    />
  );
}
