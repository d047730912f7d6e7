import { Button } from '../../../lib/antd-mobile.ts';
import { Popup } from '../../../lib/antd-mobile-motion.ts';
import { useHeldFocus } from '../../../lib/hold-focus.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../auth.css';

export type AgreementDocument = 'privacy' | 'terms';

/** The privacy policy or the user agreement, read from the sign-in page. */
export default function AgreementPopup({
  document,
  onClose,
}: {
  document: AgreementDocument | null;
  onClose: () => void;
}) {
  useHeldFocus(document !== null, onClose);
  const { t } = useTranslation('auth');
  return (
    <Popup visible={document !== null} onMaskClick={onClose} bodyClassName="agreement-popup">
      {document ? (
        <article role="dialog" aria-modal="true" aria-labelledby="agreement-popup-title">
          <h2 id="agreement-popup-title" className="card__title">
            {t(document === 'privacy' ? 'login.privacyTitle' : 'login.termsTitle')}
          </h2>
          <p className="agreement-popup__text">{t(document === 'privacy' ? 'login.privacyText' : 'login.termsText')}</p>
          <Button block onClick={onClose}>
            {t('common:confirm')}
          </Button>
        </article>
      ) : null}
    </Popup>
  );
}
