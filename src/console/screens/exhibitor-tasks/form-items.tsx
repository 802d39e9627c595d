import { useTranslation } from 'react-i18next'
import type { FormDraft, ItemDraft } from './form-draft.ts'
import { LANGUAGE_INFO, LOCALES, type Locale } from '../../../../shared/languages.ts'
import { FORM_LIMITS } from '../../../../shared/rules/exhibitor-tasks.ts'
import { CURRENCY_CODES } from '../../../../shared/rules/money.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'

const nameOf = (locale: Locale) => Object.values(LANGUAGE_INFO).find((info) => info.locale === locale)?.nativeName ?? locale

/**
 * A priced form's items (docs/product.md#exhibitor-forms): the currency, and per item its label and unit
 * (English first, the other languages folded away), its price typed as money and the most an exhibitor
 * may order. Loaded only when a task is a form, so the checklist screen stays within its budget.
 */
export function FormItems({ value, onChange, errorOf }: { value: FormDraft; onChange(next: FormDraft): void; errorOf(path: string): string | undefined }) {
  const { t } = useTranslation()
  const set = (index: number, change: Partial<ItemDraft>) =>
    onChange({ ...value, items: value.items.map((item, at) => (at === index ? { ...item, ...change } : item)) })
  const word = (index: number, field: 'labels' | 'units', locale: Locale, typed: string) =>
    set(index, { [field]: { ...value.items[index]?.[field], [locale]: typed } })
  return (
    <fieldset className={ui.fieldset}>
      <legend className={ui.legend}>{t('exhibitorTasks.form.items')}</legend>
      <SelectField
        label={t('exhibitorTasks.form.currency')}
        name="formCurrency"
        defaultValue={value.currency}
        options={CURRENCY_CODES.map((code) => [code, code])}
        error={errorOf('form.currency')}
        onChange={(currency) => onChange({ ...value, currency })}
      />
      {errorOf('form.items') ? (
        <p className={ui.muted} role="alert">
          {errorOf('form.items')}
        </p>
      ) : null}
      <ol>
        {value.items.map((item, index) => (
          <li key={item.key}>
            <TextField
              label={t('exhibitorTasks.form.label', { language: 'English' })}
              name={`item-${index}-label`}
              value={item.labels.en ?? ''}
              maxLength={FORM_LIMITS.label}
              required
              error={errorOf(`form.items.${index}.labels.en`)}
              onChange={(event) => word(index, 'labels', 'en', event.target.value)}
            />
            <TextField
              label={t('exhibitorTasks.form.unit', { language: 'English' })}
              name={`item-${index}-unit`}
              value={item.units.en ?? ''}
              maxLength={FORM_LIMITS.unit}
              onChange={(event) => word(index, 'units', 'en', event.target.value)}
            />
            <TextField
              label={t('exhibitorTasks.form.price', { currency: value.currency })}
              name={`item-${index}-price`}
              inputMode="decimal"
              value={item.price}
              required
              error={errorOf(`form.items.${index}.price`)}
              onChange={(event) => set(index, { price: event.target.value })}
            />
            <TextField
              label={t('exhibitorTasks.form.maxQuantity')}
              name={`item-${index}-max`}
              type="number"
              min={1}
              max={FORM_LIMITS.maxQuantity}
              value={item.maxQuantity}
              required
              error={errorOf(`form.items.${index}.maxQuantity`)}
              onChange={(event) => set(index, { maxQuantity: event.target.value })}
            />
            <details>
              <summary>{t('exhibitorTasks.form.languages')}</summary>
              {LOCALES.filter((locale) => locale !== 'en').map((locale) => (
                <div key={locale}>
                  <TextField
                    label={t('exhibitorTasks.form.label', { language: nameOf(locale) })}
                    name={`item-${index}-label-${locale}`}
                    lang={locale}
                    value={item.labels[locale] ?? ''}
                    maxLength={FORM_LIMITS.label}
                    onChange={(event) => word(index, 'labels', locale, event.target.value)}
                  />
                  <TextField
                    label={t('exhibitorTasks.form.unit', { language: nameOf(locale) })}
                    name={`item-${index}-unit-${locale}`}
                    lang={locale}
                    value={item.units[locale] ?? ''}
                    maxLength={FORM_LIMITS.unit}
                    onChange={(event) => word(index, 'units', locale, event.target.value)}
                  />
                </div>
              ))}
            </details>
            <button
              type="button"
              className={`${ui.button} ${ui.small}`}
              disabled={value.items.length === 1}
              onClick={() => onChange({ ...value, items: value.items.filter((_, at) => at !== index) })}
            >
              {t('exhibitorTasks.form.remove', { item: item.labels.en || index + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        disabled={value.items.length >= FORM_LIMITS.items}
        onClick={() =>
          onChange({
            ...value,
            items: [...value.items, { key: `new-${Date.now()}-${value.items.length}`, labels: {}, units: {}, price: '', maxQuantity: '1' }],
          })
        }
      >
        {t('exhibitorTasks.form.add')}
      </button>
    </fieldset>
  )
}
