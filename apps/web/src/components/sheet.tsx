import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import { Popup } from '../lib/antd-mobile-motion.ts';
import { useHeldFocus } from '../lib/hold-focus.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * A bottom sheet that is a dialog to assistive technology: named by its title, holding the
 * keyboard's focus while open (Escape closes it) and giving it back to the control that opened it.
 * Every sheet has a close button in its top corner for a thumb: last in the focus order, so that
 * the first field still takes the focus when it opens. A sheet that ends in its own Cancel (a
 * choice sheet) says `cancelled` and goes without.
 */
export function Sheet({
  open,
  onClose,
  title,
  className,
  children,
  cancelled = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  className?: string;
  children: ReactNode;
  /** It ends in its own Cancel button: no close button in the corner. */
  cancelled?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  useHeldFocus(open, onClose);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div
        className={className ? `sheet ${className}` : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        {children}
        {cancelled ? null : (
          <button type="button" className="sheet__close" aria-label={t('common:close')} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        )}
      </div>
    </Popup>
  );
}
