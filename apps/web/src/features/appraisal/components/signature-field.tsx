import type { Lang } from '@jewel/contract/values/i18n';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { errorDomId, Field } from '../../../components/form/field.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldId } from '../field-id.ts';

/** What the page asks of the pad when it submits. */
export interface SignatureHandle {
  /** The drawing as a PNG, or null when nothing is drawn. */
  toBlob(): Promise<Blob | null>;
  clear(): void;
  /** The declaration signed under it, as shown (signing-view.tsx); null while unsigned. */
  declaration?(): { declaration_lang: Lang; declaration_text: string } | null;
}

/**
 * The seller signs on the phone's screen (issue 13: a canvas signature library, `signature_pad`):
 * a full-width canvas and a button that clears it. The page uploads the PNG as a private file
 * of kind `signature` when it submits.
 */
export function SignatureField({
  form,
  error,
  onSignedChange,
  ref,
  texts,
}: {
  form: string;
  error?: string;
  onSignedChange: (signed: boolean) => void;
  ref: Ref<SignatureHandle>;
  /** The `buyback` texts of the seller's language on the signing view; the app's by default. */
  texts?: TFunction;
}) {
  const { t: appT } = useTranslation('buyback');
  const t = texts ?? appT;
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onSignedChange);
  changed.current = onSignedChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#111', backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    // Sharp on high-density screens; a resize (rotation) keeps what was drawn.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(data);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    const ended = () => changed.current(!signature.isEmpty());
    signature.addEventListener('endStroke', ended);
    return () => {
      observer?.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toBlob: async () => {
      const signature = pad.current;
      const element = canvas.current;
      if (!signature || !element || signature.isEmpty()) return null;
      // Straight from the canvas: the app's content policy lets no `data:` URL be fetched.
      return new Promise<Blob | null>((resolve) => element.toBlob(resolve, 'image/png'));
    },
    clear: () => {
      pad.current?.clear();
      changed.current(false);
    },
  }));

  const id = fieldId(form, 'signature');
  return (
    <Field name="signature" label={t('signature')} error={error} hint={t('signatureHint')} stacked>
      <div className={`buyback-signature${error ? ' buyback-signature--invalid' : ''}`}>
        <canvas
          id={id}
          ref={canvas}
          className="buyback-signature__canvas"
          role="img"
          aria-label={t('signaturePad')}
          aria-describedby={error ? errorDomId('signature') : undefined}
        />
        <Button
          size="small"
          fill="outline"
          className="buyback-signature__clear"
          onClick={() => {
            pad.current?.clear();
            onSignedChange(false);
          }}
        >
          {t('clearSignature')}
        </Button>
      </div>
    </Field>
  );
}
