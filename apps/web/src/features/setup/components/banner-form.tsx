import type { BannerInput } from '@jewel/contract/shop';
import { LANGS } from '@jewel/contract/values/i18n';
import { type ChangeEvent, useRef, useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { refusalAtField, useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { UPLOAD_MAX_MB, uploadChosenPicture } from '../../../lib/picture-upload.ts';
import { Switch } from '../../../lib/switch.tsx';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveBanner } from '../api/shop-queries.ts';

/**
 * A dashboard banner's form (issue 28 item 6): a title in every language, a line in those it has
 * one in, its picture (uploaded at once), where a tap leads, shown or hidden. `onDone` closes the sheet.
 */
export function BannerForm({ id, initial, onDone }: { id: number | null; initial: BannerInput; onDone: () => void }) {
  const { t } = useTranslation('shop');
  const save = useSaveBanner();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (entered: BannerInput) => ({
      ...Object.fromEntries(
        LANGS.map((lang) => [`title.${lang}`, entered.title[lang].trim() ? undefined : t('errors:cannotBeEmpty')]),
      ),
      image: entered.image ? undefined : t('banners.imageNeeded'),
    }),
    // The server's refusal goes under the field it names (`title.ja` under the Japanese title).
    refusal: refusalAtField,
  });
  const submit = handleSubmit(async (entered) => {
    await save.mutateAsync({ id, body: entered });
    successToast(t('banners.saved'));
    onDone();
  });
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const url = await uploadChosenPicture(event.target, t('images.tooLarge', { mb: UPLOAD_MAX_MB }), setUploading);
    if (url) set('image', url);
  };
  const languages = (name: 'title' | 'text', required: boolean) =>
    LANGS.map((lang) => {
      const path = `${name}.${lang}`;
      return (
        <Field
          key={path}
          name={path}
          label={t(`banners.${name}In`, { language: t(`common:language.${lang}`) })}
          required={required}
          error={errors[path]}
          htmlFor={fieldDomId(path)}
        >
          <Input
            id={fieldDomId(path)}
            value={values[name][lang]}
            maxLength={name === 'title' ? 60 : 120}
            autoComplete="off"
            onChange={(value) => set(name, { ...values[name], [lang]: value }, path)}
            {...invalidProps(path, errors[path])}
          />
        </Field>
      );
    });

  return (
    <form
      className="form-boxed banner-form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <Field name="image" label={t('banners.image')} required error={errors.image} group>
        <div className="banner-form__image" aria-busy={uploading}>
          {values.image ? <img src={values.image} alt={t('banners.imageAlt')} /> : null}
        </div>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="banner-image"
          onChange={(e) => void pick(e)}
        />
        <Button size="small" fill="outline" color="primary" loading={uploading} onClick={() => file.current?.click()}>
          {values.image ? t('images.replace') : t('images.choose')}
        </Button>
      </Field>
      {languages('title', true)}
      {languages('text', false)}
      <Field
        name="link"
        label={t('banners.link')}
        error={errors.link}
        htmlFor={fieldDomId('link')}
        hint={t('banners.linkHint')}
      >
        <Input
          id={fieldDomId('link')}
          value={values.link}
          maxLength={200}
          placeholder={t('banners.linkPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          onChange={(value) => set('link', value)}
          {...invalidProps('link', errors.link)}
        />
      </Field>
      <Field name="active" label={t('banners.active')} hint={t('banners.activeHint')}>
        <Switch checked={values.active} onChange={(on) => set('active', on)} aria-label={t('banners.active')} />
      </Field>
      <div className="banner-form__actions">
        <Button type="submit" color="primary" size="large" block loading={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
