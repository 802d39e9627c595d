import { useTranslation } from 'react-i18next'
import { type CatalogExhibition, saveExhibition } from '../../../api/console-catalog.ts'
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
import { Panel } from '../../ui/panel.tsx'

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

/** Empty is no share; anything else goes as a number for the platform to judge (NaN is refused there with its message). */
const percentOf = (text: string) => (text === '' ? null : Number(text))

/** The exhibition's facts on the venue's clock, and its name, summary and venue in the 12 languages. */
export function ExhibitionForm({ exhibition, onSaved }: { exhibition: CatalogExhibition | null; onSaved(next: CatalogExhibition): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, fieldError, field, message } = useFormCall(
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
          attendeeChangesUntil: orNull(textOf(form, 'attendeeChangesUntil')),
          selfCancel: textOf(form, 'selfCancel') === 'yes',
          refundFullUntil: orNull(textOf(form, 'refundFullUntil')),
          refundPartialUntil: orNull(textOf(form, 'refundPartialUntil')),
          refundPartialPercent: percentOf(textOf(form, 'refundPartialPercent')),
        })
      ).exhibition,
    onSaved,
    { words: 'catalog', values: exhibition },
  )
  return (
    <Panel title={t('catalog.facts')}>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          <TextField {...field('slug')} maxLength={CATALOG_LIMITS.slug} required hint={t('catalog.slugHint')} />
          <SelectField
            {...field('kind')}
            defaultValue={exhibition?.kind ?? 'exhibition'}
            options={EXHIBITION_TYPES.map((kind) => [kind, t(`catalog.kinds.${kind}`)])}
          />
          <TextField {...field('city')} maxLength={CATALOG_LIMITS.city} required />
          <TextField {...field('countryCode')} maxLength={2} required />
          <SelectField
            {...field('region')}
            defaultValue={exhibition?.region ?? 'asia'}
            options={REGIONS.map((region) => [region, t(`catalog.regions.${region}`)])}
          />
          <TextField {...field('timeZone')} required hint={t('catalog.timeZoneHint')} />
          <TextField {...field('startsAt')} type="datetime-local" required />
          <TextField {...field('endsAt')} type="datetime-local" required />
          <TextField {...field('salesOpenAt')} type="datetime-local" hint={t('catalog.salesOpenHint')} />
          <TextField {...field('salesCloseAt')} type="datetime-local" hint={t('catalog.salesCloseHint')} />
        </div>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('catalog.attendeePolicy')}</legend>
          <div className={styles.grid}>
            <TextField {...field('attendeeChangesUntil')} type="datetime-local" hint={t('catalog.attendeeChangesHint')} />
            <SelectField
              {...field('selfCancel')}
              defaultValue={exhibition?.selfCancel ? 'yes' : 'no'}
              options={[
                ['no', t('catalog.selfCancelNo')],
                ['yes', t('catalog.selfCancelYes')],
              ]}
            />
            <TextField {...field('refundFullUntil')} type="datetime-local" hint={t('catalog.refundFullHint')} />
            <TextField {...field('refundPartialUntil')} type="datetime-local" hint={t('catalog.refundPartialHint')} />
            <TextField {...field('refundPartialPercent')} inputMode="numeric" hint={t('catalog.refundPercentHint')} />
          </div>
        </fieldset>
        <p className={ui.hint}>{t('catalog.venueClock')}</p>
        <TextsGrid texts={exhibition?.texts ?? {}} fieldError={fieldError} />
        {/* Not FormEnd: this screen loads that only with its lazy forms, and it is near its budget. */}
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
    </Panel>
  )
}
