import { useTranslation } from 'react-i18next'
import { type CatalogTicketType, saveTicketType } from '../../../api/console-catalog.ts'
import { CATALOG_LIMITS } from '../../../../shared/rules/console-catalog.ts'
import { MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import styles from './catalog.module.css'
import { MoneyFields } from './currency-field.tsx'
import { moneyOf } from '../../ui/money-value.ts'
import { orNull, textOf, useFormCall } from '../../ui/use-form-call.ts'
import { FormEnd } from '../../ui/form-end.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { BADGE_ROLES } from '../../../../shared/rules/badges.ts'

interface Props {
  exhibitionId: number
  type: CatalogTicketType | null
  /** A new type's currency: the exhibition's other types'. */
  defaultCurrency: string
  onClose(): void
  onSaved(): void
}

/** A ticket type's settings; its name in every language written (English required). The price is typed as money ("299.00"). */
export function TicketTypeForm({ exhibitionId, type, defaultCurrency, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, fieldError, field, message } = useFormCall(
    (form) =>
      client.call(saveTicketType, {
        exhibitionId,
        ...(type ? { id: type.id } : {}),
        key: textOf(form, 'key'),
        priceMinor: moneyOf(form, 'price', textOf(form, 'currency'), 'priceMinor'),
        currency: textOf(form, 'currency'),
        capacity: Number(textOf(form, 'capacity')),
        maxPerOrder: Number(textOf(form, 'maxPerOrder')),
        salesStartAt: orNull(textOf(form, 'salesStartAt')),
        salesEndAt: orNull(textOf(form, 'salesEndAt')),
        active: form.get('active') === 'on',
        sort: Number(textOf(form, 'sort') || '0'),
        badgeRole: textOf(form, 'badgeRole') as CatalogTicketType['badgeRole'],
        texts: Object.fromEntries(
          LOCALES.map((locale) => [locale, { name: textOf(form, `name.${locale}`), description: type?.texts[locale]?.description ?? '' }]),
        ),
      }),
    onSaved,
    { words: 'catalog', values: type },
  )
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="type-form-title">
      <h3 id="type-form-title">{type ? t('catalog.editType') : t('catalog.addType')}</h3>
      <div className={styles.grid}>
        <TextField label={t('catalog.typeKey')} name="key" defaultValue={type?.key} required error={fieldError('key')} />
        <MoneyFields
          label={t('catalog.price')}
          name="price"
          minor={type?.priceMinor}
          currency={type?.currency ?? defaultCurrency}
          required
          error={fieldError('priceMinor')}
        />
        <TextField
          {...field('capacity')}
          inputMode="numeric"
          required
          hint={type ? t('catalog.capacityHint', { reserved: type.sold + type.held }) : undefined}
        />
        <TextField {...field('maxPerOrder')} type="number" min={1} max={MAX_TICKETS_PER_ORDER} defaultValue={type?.maxPerOrder ?? MAX_TICKETS_PER_ORDER} />
        <SelectField
          {...field('badgeRole')}
          defaultValue={type?.badgeRole ?? 'visitor'}
          options={BADGE_ROLES.map((role) => [role, t(`badges.roles.${role}`)])}
          hint={t('catalog.badgeRoleHint')}
        />
        <TextField {...field('sort')} type="number" min={0} defaultValue={type?.sort ?? 0} />
        <TextField {...field('salesStartAt')} type="datetime-local" />
        <TextField {...field('salesEndAt')} type="datetime-local" />
      </div>
      <label className={ui.choice}>
        <input type="checkbox" name="active" defaultChecked={type?.active ?? true} /> {t('catalog.activeLabel')}
      </label>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('catalog.typeNames')}</legend>
        <div className={styles.grid}>
          {LOCALES.map((locale) => (
            <TextField
              key={locale}
              label={locale}
              name={`name.${locale}`}
              defaultValue={type?.texts[locale]?.name ?? ''}
              maxLength={CATALOG_LIMITS.typeName}
              hint={type?.texts[locale]?.name ? undefined : t('catalog.missing')}
              error={fieldError(`texts.${locale}.name`)}
            />
          ))}
        </div>
      </fieldset>
      <FormEnd message={message} busy={busy} save={t('catalog.save')} cancel={t('catalog.cancel')} onCancel={onClose} />
    </form>
  )
}
