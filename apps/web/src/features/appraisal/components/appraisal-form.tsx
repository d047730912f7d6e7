import { IS_REAL } from '@jewel/contract/values/information';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AppraisalOptions, Option } from '../api/appraisal-queries.ts';
import {
  APPRAISAL_FIELDS,
  type AppraisalField,
  type AppraisalFormValues,
  amountText,
  type Currency,
  checkAppraisal,
  computeMetal,
  type FieldProblem,
  finenessText,
  LIMITS,
  type MetalCalcResult,
} from '../appraisal-model.ts';
import { fieldId } from '../field-id.ts';
import { MetalCalculator } from './metal-calculator.tsx';
import { CurrencyField, MoneyField } from './money-fields.tsx';
import '../appraisal.css';
import { problemTexts, refusalTexts } from '../problem-texts.ts';

export interface MaterialOption {
  id: number;
  name: string;
  purity: number | null;
}

const DRAFT_PREFIX = 'jewel-appraisal-draft:';

/** What the valuer typed, kept on the device until sent: a reload or a dead battery loses nothing (UI.md). */
function readDraft(key: string | undefined, initial: AppraisalFormValues): AppraisalFormValues {
  if (!key) return initial;
  try {
    const stored = JSON.parse(localStorage.getItem(DRAFT_PREFIX + key) ?? 'null') as AppraisalFormValues | null;
    return stored ? { ...initial, ...stored, metal: { ...initial.metal, ...stored.metal } } : initial;
  } catch {
    return initial;
  }
}

export function clearAppraisalDraft(key: string) {
  try {
    localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage unavailable: there is no draft either.
  }
}

/** The state level's dictionary label is "A – very good, light wear": the code, then the words. */
function splitLevel(label: string): { code: string; words: string } {
  const [code, ...rest] = label.split(/\s+[–-]\s+/);
  return { code: code ?? label, words: rest.join(' – ') };
}

/**
 * The appraisal verdict of PRODUCT.md "Appraisal flow", the same for the first appraisal, the
 * reconsideration and the comprehensive assessment: authenticity (with a reason and a note
 * unless genuine), state level, product status, identified material, the metal calculator, the
 * price estimate with its currency, the expected sale price and the report. Checked as the
 * contract checks it; a refusal of the server is shown under the field it names. The submit
 * button lives in the page's sticky footer (`form={id}`).
 */
export function AppraisalForm({
  id,
  initial,
  options,
  materials,
  onSubmit,
  children,
  draftKey,
}: {
  id: string;
  initial: AppraisalFormValues;
  /** Where the draft is kept (commodity, round and step); none, no draft. */
  draftKey?: string;
  options: AppraisalOptions;
  materials: MaterialOption[];
  /** Confirms and sends; throws the ApiError of a refusal (already toasted). */
  onSubmit: (values: AppraisalFormValues) => Promise<void>;
  /** Shown above the form (a note, buttons that prefill it). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('appraisal');
  const problemText = (field: AppraisalField, problem: FieldProblem, currency: Currency) => {
    const max = field === 'report' ? LIMITS.report : field === 'not_genuine_note' ? LIMITS.note : LIMITS.money;
    return t(`errors.${problem}`, { max, digits: currency === 'JPY' ? 0 : 2 });
  };
  const { values, setValues, errors, clearErrors, ...form } = useForm({
    initial: () => readDraft(draftKey, initial),
    check: (entered: AppraisalFormValues) =>
      problemTexts(APPRAISAL_FIELDS, checkAppraisal(entered), (field, problem) =>
        problemText(field, problem, entered.currency),
      ),
    refusal: (error, entered) =>
      refusalTexts(error, APPRAISAL_FIELDS, (field, problem) => problemText(field, problem, entered.currency)),
  });
  const [calculatorOpen, setCalculatorOpen] = useState(Boolean(values.metal.spot_price_per_g));

  const untouched = useRef(values);

  useEffect(() => {
    if (!draftKey || values === untouched.current) return;
    try {
      localStorage.setItem(DRAFT_PREFIX + draftKey, JSON.stringify(values));
    } catch {
      // Full or unavailable storage: the form still works, only without a draft.
    }
  }, [draftKey, values]);

  const material = materials.find((candidate) => candidate.id === values.identified_material_id) ?? null;
  const isMetal = material?.purity != null;
  const notGenuine = values.is_real !== null && values.is_real !== IS_REAL.genuine;
  const level = options.stateLevel.find((option) => option.value === values.state_level);

  // A changed value takes its error away, and those it caused elsewhere (the range, the reason).
  const alsoClears: Partial<Record<keyof AppraisalFormValues, AppraisalField[]>> = {
    is_real: ['not_genuine_reason'],
    price_low: ['price_high'],
    currency: ['price_high', 'price_low', 'expected_sale_price'],
    metal: ['metal_calc'],
  };
  const set = <K extends keyof AppraisalFormValues>(name: K, value: AppraisalFormValues[K]) =>
    form.set(name, value, ...(alsoClears[name] ?? []));

  const submit = form.handleSubmit(onSubmit, () => document.getElementById(id));

  const chooseMaterial = (materialId: number) => {
    const next = materials.find((candidate) => candidate.id === materialId) ?? null;
    setValues((current) => ({
      ...current,
      identified_material_id: next ? next.id : null,
      // A metal's purity fills the calculator; the valuer may still change it.
      metal: next?.purity != null ? { ...current.metal, fineness: finenessText(next.purity) } : current.metal,
    }));
  };

  const useMetal = (result: MetalCalcResult) => {
    const text = amountText(result.value, result.currency);
    setValues((current) => ({ ...current, currency: result.currency, price_low: text, price_high: text }));
    clearErrors('price_low', 'price_high', 'metal_calc');
  };

  const materialOptions: Option<number>[] = [
    { value: 0, label: t('form.materialUnknown') },
    ...materials.map((candidate) => ({ value: candidate.id, label: candidate.name })),
  ];
  const metal = computeMetal(values.metal);

  return (
    <form id={id} className="appraisal-form" noValidate onSubmit={submit}>
      {children}

      <section className="card appraisal-section" aria-labelledby={`${id}-verdict-title`}>
        <h2 className="card__title" id={`${id}-verdict-title`}>
          {t('form.verdictSection')}
        </h2>
        <Field name="is_real" label={t('form.isReal')} error={errors.is_real} group>
          <Selector
            className="appraisal-selector appraisal-selector--verdict"
            columns={3}
            showCheckMark={false}
            options={options.isReal.map((option) => ({ label: option.label, value: option.value }))}
            value={values.is_real === null ? [] : [values.is_real]}
            onChange={([value]) => set('is_real', value ?? values.is_real)}
          />
        </Field>
        {notGenuine ? (
          <>
            <Field
              name="not_genuine_reason"
              htmlFor={fieldId(id, 'not_genuine_reason')}
              label={t('form.reason')}
              error={errors.not_genuine_reason}
            >
              <PickerField
                id={fieldId(id, 'not_genuine_reason')}
                label={t('form.reason')}
                options={options.notGenuineReason}
                value={values.not_genuine_reason}
                placeholder={t('form.reasonPlaceholder')}
                onChange={(value) => value !== null && set('not_genuine_reason', value)}
                invalid={Boolean(errors.not_genuine_reason)}
              />
            </Field>
            <Field
              name="not_genuine_note"
              htmlFor={fieldId(id, 'not_genuine_note')}
              label={t('form.reasonNote')}
              error={errors.not_genuine_note}
            >
              <TextArea
                id={fieldId(id, 'not_genuine_note')}
                value={values.not_genuine_note}
                onChange={(value) => set('not_genuine_note', value)}
                placeholder={t('form.reasonNotePlaceholder')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={LIMITS.note}
                showCount
              />
            </Field>
          </>
        ) : null}
      </section>

      <section className="card appraisal-section" aria-labelledby={`${id}-condition-title`}>
        <h2 className="card__title" id={`${id}-condition-title`}>
          {t('form.conditionSection')}
        </h2>
        <Field
          name="state_level"
          label={t('form.stateLevel')}
          error={errors.state_level}
          hint={level ? splitLevel(level.label).words : t('form.stateLevelHint')}
          group
        >
          <Selector
            className="appraisal-selector appraisal-selector--level"
            columns={4}
            showCheckMark={false}
            options={options.stateLevel.map((option) => ({
              label: splitLevel(option.label).code,
              value: option.value,
            }))}
            value={values.state_level === null ? [] : [values.state_level]}
            onChange={([value]) => set('state_level', value ?? values.state_level)}
          />
        </Field>
        <Field name="product_status" label={t('form.productStatus')} error={errors.product_status} group>
          <Selector
            className="appraisal-selector"
            columns={2}
            showCheckMark={false}
            options={options.productStatus.map((option) => ({ label: option.label, value: option.value }))}
            value={values.product_status === null ? [] : [values.product_status]}
            onChange={([value]) => set('product_status', value ?? values.product_status)}
          />
        </Field>
        <Field
          name="identified_material_id"
          htmlFor={fieldId(id, 'identified_material_id')}
          label={t('form.material')}
          error={errors.identified_material_id}
          hint={isMetal ? t('form.materialPurity', { fineness: finenessText(material?.purity) }) : undefined}
        >
          <PickerField
            id={fieldId(id, 'identified_material_id')}
            label={t('form.material')}
            searchable
            options={materialOptions}
            value={values.identified_material_id ?? 0}
            placeholder={t('form.choose')}
            onChange={(value) => value !== null && chooseMaterial(value)}
          />
        </Field>
      </section>

      {isMetal || calculatorOpen ? (
        <MetalCalculator
          form={id}
          value={values.metal}
          currencies={options.currency}
          onChange={(next) => set('metal', next)}
          onUse={useMetal}
          error={errors.metal_calc}
        />
      ) : (
        <button type="button" className="link-button appraisal-metal__open" onClick={() => setCalculatorOpen(true)}>
          {t('metal.open')}
        </button>
      )}

      <section className="card appraisal-section" aria-labelledby={`${id}-price-title`}>
        <h2 className="card__title" id={`${id}-price-title`}>
          {t('form.priceSection')}
        </h2>
        <CurrencyField
          form={id}
          options={options.currency}
          value={values.currency}
          error={errors.currency}
          onChange={(currency) => set('currency', currency)}
        />
        <div className="appraisal-range">
          <MoneyField
            form={id}
            name="price_low"
            label={t('form.priceLow')}
            value={values.price_low}
            currency={values.currency}
            error={errors.price_low}
            onChange={(value) => set('price_low', value)}
          />
          <MoneyField
            form={id}
            name="price_high"
            label={t('form.priceHigh')}
            value={values.price_high}
            currency={values.currency}
            error={errors.price_high}
            onChange={(value) => set('price_high', value)}
          />
        </div>
        {metal && values.price_low === amountText(metal.value, metal.currency) ? (
          <p className="muted appraisal-metal__used">
            {t('metal.used', { value: formatMoney(metal.value, metal.currency) })}
          </p>
        ) : null}
        <MoneyField
          form={id}
          name="expected_sale_price"
          label={
            <>
              {t('form.expectedSalePrice')} <span className="appraisal-optional">{t('form.optional')}</span>
            </>
          }
          value={values.expected_sale_price}
          currency={values.currency}
          error={errors.expected_sale_price}
          onChange={(value) => set('expected_sale_price', value)}
        />
      </section>

      <section className="card appraisal-section" aria-labelledby={`${id}-report-title`}>
        <h2 className="card__title" id={`${id}-report-title`}>
          {t('form.reportSection')}
        </h2>
        <Field name="report" htmlFor={fieldId(id, 'report')} label={t('form.report')} error={errors.report}>
          <TextArea
            id={fieldId(id, 'report')}
            value={values.report}
            onChange={(value) => set('report', value)}
            placeholder={t('form.reportPlaceholder')}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={LIMITS.report}
            showCount
          />
        </Field>
      </section>
    </form>
  );
}
