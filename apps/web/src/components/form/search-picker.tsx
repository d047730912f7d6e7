import { CheckOutline, SearchOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { SearchBar } from '../../lib/antd-mobile.ts';
import { Popup } from '../../lib/antd-mobile-motion.ts';
import { useHeldFocus } from '../../lib/hold-focus.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { PickOption } from './picker-field.tsx';
import './search-picker.css';

interface SearchPickerProps<V extends number | string> {
  visible: boolean;
  /** The field's name: the popup's title. */
  label: string;
  options: PickOption<V>[];
  value: V | null;
  /** Offered first: choosing it clears the value ("unknown", "not in the catalog"). */
  noneLabel?: string;
  /** The options are still on their way: said instead of "nothing to choose from". */
  loading?: boolean;
  onPick: (value: V | null) => void;
  onClose: () => void;
}

/** Text as the search compares it: full-width letters and digits as ASCII, case ignored. */
const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/**
 * The options whose label, or one of whose keywords, holds the query (any case, any width); all
 * of them for an empty query.
 */
export function matchingOptions<T extends { label: string; keywords?: string[] }>(options: T[], query: string): T[] {
  const wanted = folded(query.trim());
  if (!wanted) return options;
  return options.filter((option) =>
    [option.label, ...(option.keywords ?? [])].some((text) => folded(text).includes(wanted)),
  );
}

/**
 * A bottom popup listing a long list (brands, catalog products, categories, materials) with a
 * search box that narrows it as the user types; one tap on an option chooses it and closes.
 * A dialog for the keyboard: Tab stays inside, Escape cancels, the focus goes back to the opener.
 */
export function SearchPicker<V extends number | string>({
  visible,
  label,
  options,
  value,
  noneLabel,
  loading,
  onPick,
  onClose,
}: SearchPickerProps<V>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const titleId = useId();
  const rows = matchingOptions(
    [...(noneLabel ? [{ value: null, label: noneLabel }] : []), ...options] as { value: V | null; label: string }[],
    query,
  );
  const empty = query.trim()
    ? t('common:form.noMatch', { query: query.trim() })
    : t(loading ? 'common:loading' : 'common:form.noOptions');
  const close = () => {
    setQuery('');
    onClose();
  };
  useHeldFocus(visible, close);

  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="search-picker" destroyOnClose>
      <div className="search-picker__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="search-picker__head">
          <button type="button" className="search-picker__cancel" onClick={close}>
            {t('common:cancel')}
          </button>
          <h2 className="search-picker__title" id={titleId}>
            {label}
          </h2>
        </div>
        <SearchBar
          className="search-picker__search"
          value={query}
          onChange={setQuery}
          placeholder={t('common:form.search')}
          clearable
        />
        {rows.length > 0 ? (
          <ul className="search-picker__list" aria-label={label}>
            {rows.map((option) => {
              const chosen = option.value === null ? value === null : String(option.value) === String(value);
              return (
                <li key={String(option.value)}>
                  <button
                    type="button"
                    className={`search-picker__option${chosen ? ' search-picker__option--chosen' : ''}`}
                    aria-current={chosen || undefined}
                    onClick={() => {
                      onPick(option.value);
                      close();
                    }}
                  >
                    <span>{option.label}</span>
                    {chosen ? <CheckOutline aria-hidden /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="search-picker__empty" role="status">
            <SearchOutline aria-hidden />
            <span>{empty}</span>
          </p>
        )}
      </div>
    </Popup>
  );
}
