import { useTranslation } from 'react-i18next'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import type { PhoneValue } from '../../lib/phone.ts'
import styles from './apply.module.css'
import type { FieldSpec } from './application-kinds.ts'
import { ChoiceField, SelectField, TextField } from './fields.tsx'
import type { ExhibitionChoice } from './form-parts.tsx'

/** What a field needs from its form: the values, their errors (translated) and the way to change them. */
export interface FormContext {
  prefix: string
  values: Record<string, unknown>
  exhibitions: ExhibitionChoice[]
  message(field: string): string | undefined
  set(name: string, value: unknown): void
  setPhone(value: PhoneValue): void
}

/** One entry of an application kind's field list, as controls. */
export function FormField({ spec, form }: { spec: FieldSpec; form: FormContext }) {
  const { t } = useTranslation('apply')
  const { prefix, values } = form
  if (spec.kind === 'group') {
    if (spec.shownWhen && !spec.shownWhen(values)) return null
    const children = spec.fields.map((field, index) => <FormField key={'name' in field ? field.name : index} spec={field} form={form} />)
    if (spec.layout === 'grid') return <div className={styles.grid}>{children}</div>
    return (
      <fieldset className={styles.customSize}>
        <legend className="visually-hidden">{t('fields.customSize')}</legend>
        {children}
      </fieldset>
    )
  }
  if (spec.kind === 'exhibition') {
    return (
      <SelectField
        id={`${prefix}-exhibitionId`}
        label={t('fields.exhibition')}
        placeholder={t('fields.exhibitionPlaceholder')}
        value={String(values.exhibitionId)}
        options={form.exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.label }))}
        onChange={(value) => form.set('exhibitionId', value)}
        error={form.message('exhibitionId')}
        required
      />
    )
  }
  if (spec.kind === 'phone') {
    return (
      <PhoneField
        id={`${prefix}-phone`}
        name={`${prefix}-phone`}
        label={spec.required ? t('fields.phone') : `${t('fields.phone')}${t('form.optional')}`}
        value={values.phone as PhoneValue}
        onChange={form.setPhone}
        error={form.message('phone')}
        required={spec.required}
      />
    )
  }
  const common = {
    id: `${prefix}-${spec.name}`,
    value: String(values[spec.name] ?? ''),
    onChange: (value: string) => form.set(spec.name, value),
    error: form.message(spec.name),
  }
  if (spec.kind === 'text') {
    const { label, hint, optional, name: _name, kind: _kind, ...input } = spec
    return <TextField {...common} {...input} label={t(label)} hint={hint ? t(hint) : undefined} optional={optional} required={!optional} />
  }
  const options = spec.options.map((value) => ({
    value,
    label: t(`${spec.optionKey}.${value}`),
    ...(spec.cards ? { hint: t(`${spec.optionKey}.${value}Hint`) } : {}),
  }))
  if (spec.kind === 'select') return <SelectField {...common} label={t(spec.label)} placeholder={t(spec.placeholder ?? '')} options={options} required />
  return <ChoiceField {...common} legend={t(spec.label)} layout={spec.cards ? 'cards' : 'inline'} options={options} required />
}
