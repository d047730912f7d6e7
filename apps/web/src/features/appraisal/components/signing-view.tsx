import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorDomId, Field } from '../../../components/form/field.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { fixedTIn, loadTextsIn, type TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldId } from '../field-id.ts';
import { SignatureField, type SignatureHandle } from './signature-field.tsx';
import './signing-view.css';

/** What the seller signed: the drawing, and the declaration above it as shown, in its language. */
interface Signed {
  blob: Blob;
  lang: Lang;
  text: string;
}

/** The `buyback` texts of `lang`, once loaded (the app's own until then). */
function useBuybackTextsIn(lang: Lang): TFunction | null {
  const [texts, setTexts] = useState<{ lang: Lang; t: TFunction } | null>(null);
  useEffect(() => {
    let live = true;
    loadTextsIn(lang, 'buyback').then(() => {
      if (live) setTexts({ lang, t: fixedTIn(lang, 'buyback') });
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return texts?.lang === lang ? texts.t : null;
}

/**
 * The seller's signed declaration (古物営業法 §15(1), 施行規則 §15; issue 27 item 4): in the form, the
 * state of the signature and the button with which the clerk hands the phone over; on it, a
 * full-screen view for the seller — the declaration in the language they choose (the app's by
 * default) with their details, the item and its price, the signature pad under it — that hides
 * everything of the clerk's (the page, the document number, the menus), and ends with a "hand the
 * phone back" step. A signature stands only for the text it was drawn under: when the clerk
 * changes the price or the seller's details after, it is void and the seller signs again.
 */
export function SignedDeclaration({
  form,
  error,
  render,
  onSignedChange,
  ref,
}: {
  form: string;
  error?: string;
  /** The declaration in a language from the form as it stands; null until it can be (no price yet). */
  render: (lang: Lang) => string | null;
  onSignedChange: (signed: boolean) => void;
  ref: Ref<SignatureHandle>;
}) {
  const { t, lang: appLang } = useTranslation('buyback');
  const [open, setOpen] = useState(false);
  const [signed, setSigned] = useState<Signed | null>(null);
  const valid = signed !== null && render(signed.lang) === signed.text;
  const changed = useRef(onSignedChange);
  changed.current = onSignedChange;
  useEffect(() => {
    changed.current(valid);
  }, [valid]);

  useImperativeHandle(ref, () => ({
    toBlob: async () => (valid && signed ? signed.blob : null),
    clear: () => setSigned(null),
    declaration: () => (valid && signed ? { declaration_lang: signed.lang, declaration_text: signed.text } : null),
  }));

  const ready = render(appLang) !== null;
  const status = valid
    ? t('declaration.signedIn', { language: t(`common:language.${signed.lang}`) })
    : signed
      ? t('declaration.voided')
      : ready
        ? t('declaration.notSigned')
        : t('declaration.priceFirst');
  return (
    <Field name="signature" label={t('signature')} error={error} hint={t('declaration.hint')} stacked>
      <div className="buyback-declaration">
        <p className="buyback-declaration__status" data-testid="declaration-status" data-signed={valid}>
          {status}
        </p>
        {open ? null : (
          <Button
            id={fieldId(form, 'signature')}
            data-testid="signing-start"
            block
            color="primary"
            fill={valid ? 'outline' : 'solid'}
            disabled={!ready}
            aria-describedby={error ? errorDomId('signature') : undefined}
            onClick={() => setOpen(true)}
          >
            {valid ? t('declaration.signAgain') : t('declaration.handOver')}
          </Button>
        )}
      </div>
      {open ? (
        <SigningView
          form={form}
          initialLang={signed?.lang ?? appLang}
          render={render}
          onSigned={(next) => setSigned(next)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Field>
  );
}

/** The full-screen view the seller reads and signs on; the clerk's page is hidden under it. */
function SigningView({
  form,
  initialLang,
  render,
  onSigned,
  onClose,
}: {
  form: string;
  initialLang: Lang;
  render: (lang: Lang) => string | null;
  onSigned: (signed: Signed) => void;
  onClose: () => void;
}) {
  const { t: staffT } = useTranslation('buyback');
  const [lang, setLang] = useState<Lang>(initialLang);
  const [step, setStep] = useState<'sign' | 'handBack'>('sign');
  const [drawn, setDrawn] = useState(false);
  const pad = useRef<SignatureHandle>(null);
  const t = useBuybackTextsIn(lang) ?? staffT;
  const text = render(lang) ?? '';
  const top = useRef<HTMLDivElement>(null);

  // Only this view shows: the clerk's page (document number, menus, other customers) is hidden.
  useEffect(() => {
    document.body.classList.add('signing-open');
    return () => document.body.classList.remove('signing-open');
  }, []);
  // Each step starts at its top, read from the beginning (a screen reader too).
  useEffect(() => {
    if (step) top.current?.focus();
  }, [step]);

  const finish = async () => {
    const blob = await pad.current?.toBlob();
    if (!blob) return;
    onSigned({ blob, lang, text });
    setStep('handBack');
  };

  return createPortal(
    <div
      className="signing-view"
      role="dialog"
      aria-modal="true"
      aria-labelledby="signing-view-title"
      data-testid="signing-view"
      lang={lang}
    >
      <div className="signing-view__body" ref={top} tabIndex={-1}>
        {step === 'sign' ? (
          <>
            <h1 className="signing-view__title" id="signing-view-title">
              {t('declaration.readAndSign')}
            </h1>
            <fieldset className="signing-view__langs">
              <legend className="signing-view__legend">{t('declaration.language')}</legend>
              {LANGS.map((option) => (
                <button
                  key={option}
                  type="button"
                  lang={option}
                  className="signing-view__lang"
                  aria-pressed={option === lang}
                  onClick={() => setLang(option)}
                >
                  {staffT(`common:language.${option}`)}
                </button>
              ))}
            </fieldset>
            <div className="signing-view__declaration" data-testid="declaration-text">
              {text}
            </div>
            <SignatureField form={form} ref={pad} texts={t} onSignedChange={setDrawn} />
            <Button block size="large" color="primary" disabled={!drawn} onClick={finish} data-testid="signing-done">
              {t('declaration.done')}
            </Button>
            <Button block fill="none" onClick={onClose} data-testid="signing-back">
              {t('declaration.back')}
            </Button>
          </>
        ) : (
          <>
            <h1 className="signing-view__title" id="signing-view-title">
              {t('declaration.thanks')}
            </h1>
            <p className="signing-view__handback">{t('declaration.handBack')}</p>
            <Button block size="large" color="primary" onClick={onClose} data-testid="signing-hand-back">
              {staffT('declaration.staffContinue')}
            </Button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
