import { type ReactNode, useId } from 'react';
import { Popup } from '../lib/antd-mobile.ts';
import { useHeldFocus } from '../lib/hold-focus.ts';

/**
 * A bottom sheet that is a dialog to assistive technology: named by its title, holding the
 * keyboard's focus while open (Escape closes it) and giving it back to the control that opened it.
 */
export function Sheet({
  open,
  onClose,
  title,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  className?: string;
  children: ReactNode;
}) {
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
      </div>
    </Popup>
  );
}
