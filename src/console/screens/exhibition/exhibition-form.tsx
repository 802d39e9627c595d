import { useTranslation } from 'react-i18next'
import { type CatalogExhibition, saveExhibition } from '../../../api/console.ts'
import { CATALOG_LIMITS } from '../../../../shared/rules/console-catalog.ts'
import { EXHIBITION_TYPES, REGIONS } from '../../../../shared/rules/exhibitions.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import styles from './catalog.module.css'
import { SelectField } from '../../ui/select-field.tsx'
import { TextsGrid } from './texts-grid.tsx'
import { orNull, textOf, useFormCall } from '../../ui/use-form-call.ts'

const textsOf = (form: FormData) =>
  Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        title: textOf(form, `${locale}.title`),
        summary: textOf(form, `${locale}.summary`),
        venueName: textOf(form, `${locale}.venueName`),
        city: textOf(form, `${locale}.city`),
      },
    ]),
  )

/** The exhibition's facts on the venue's clock, and its name, summary and venue in the 12 languages. */
export function ExhibitionForm({ exhibition, onSaved }: { exhibition: CatalogExhibition | null; onSaved(next: CatalogExhibition): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, fieldError, message } = useFormCall(
    async (form) =>
      (
        await client.call(saveExhibition, {
          ...(exhibition ? { id: exhibition.id } : {}),
          slug: textOf(form, 'slug'),
          kind: textOf(form, 'kind') as CatalogExhibition['kind'],
          timeZone: textOf(form, 'timeZone'),
          startsAt: textOf(form, 'startsAt'),
          endsAt: textOf(form, 'endsAt'),
          salesOpenAt: orNull(textOf(form, 'salesOpenAt')),
          salesCloseAt: orNull(textOf(form, 'salesCloseAt')),
          city: textOf(form, 'city'),
          countryCode: textOf(form, 'countryCode'),
          region: textOf(form, 'region') as CatalogExhibition['region'],
          texts: textsOf(form),
        })
      ).exhibition,
    onSaved,
  )
  const value = exhibition
  return (
    <section className={ui.panel} aria-labelledby="exhibition-form-title">
      <h2 id="exhibition-form-title" className={ui.panelTitle}>
        {t('catalog.facts')}
      </h2>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          <TextField
            label={t('catalog.slug')}
            name="slug"
            defaultValue={value?.slug}
            maxLength={CATALOG_LIMITS.slug}
            required
            hint={t('catalog.slugHint')}
            error={fieldError('slug')}
          />
          <SelectField
            label={t('catalog.kind')}
            name="kind"
            defaultValue={value?.kind ?? 'exhibition'}
            options={EXHIBITION_TYPES.map((kind) => [kind, t(`catalog.kinds.${kind}`)])}
          />
          <TextField label={t('catalog.city')} name="city" defaultValue={value?.city} maxLength={CATALOG_LIMITS.city} required error={fieldError('city')} />
          <TextField
            label={t('catalog.countryCode')}
            name="countryCode"
            defaultValue={value?.countryCode}
            maxLength={2}
            required
            error={fieldError('countryCode')}
          />
          <SelectField
            label={t('catalog.region')}
            name="region"
            defaultValue={value?.region ?? 'asia'}
            options={REGIONS.map((region) => [region, t(`catalog.regions.${region}`)])}
          />
          <TextField
            label={t('catalog.timeZone')}
            name="timeZone"
            defaultValue={value?.timeZone}
            required
            hint={t('catalog.timeZoneHint')}
            error={fieldError('timeZone')}
          />
          <TextField
            label={t('catalog.startsAt')}
            name="startsAt"
            type="datetime-local"
            defaultValue={value?.startsAt}
            required
            error={fieldError('startsAt')}
          />
          <TextField label={t('catalog.endsAt')} name="endsAt" type="datetime-local" defaultValue={value?.endsAt} required error={fieldError('endsAt')} />
          <TextField
            label={t('catalog.salesOpenAt')}
            name="salesOpenAt"
            type="datetime-local"
            defaultValue={value?.salesOpenAt ?? ''}
            hint={t('catalog.salesOpenHint')}
            error={fieldError('salesOpenAt')}
          />
          <TextField
            label={t('catalog.salesCloseAt')}
            name="salesCloseAt"
            type="datetime-local"
            defaultValue={value?.salesCloseAt ?? ''}
            hint={t('catalog.salesCloseHint')}
            error={fieldError('salesCloseAt')}
          />
        </div>
        <p className={ui.hint}>{t('catalog.venueClock')}</p>
        <TextsGrid texts={value?.texts ?? {}} fieldError={fieldError} />
        {message ? (
          <p className={ui.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {t(exhibition ? 'catalog.save' : 'catalog.create')}
          </button>
        </div>
      </form>
    </section>
  )
}
