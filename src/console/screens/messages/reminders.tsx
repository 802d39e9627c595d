import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useRevalidator } from 'react-router'
import { type ReminderRow, type ReminderSettings, saveReminders } from '../../../api/console-reminders.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import { DEFAULT_REMINDER_HOURS, offsetParts, REMINDER_LIMITS, type ReminderState } from '../../../../shared/rules/reminders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { FormEnd } from '../../ui/form-end.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormProblems, useFormCall } from '../../ui/use-form-call.ts'
import styles from './compose.module.css'
import { firstLanguages, LanguageTabs } from './language-tabs.tsx'
import { messagesPath } from './paths.ts'
import { Panel } from '../../ui/panel.tsx'

type Unit = 'days' | 'hours'
interface Row {
  key: number
  amount: string
  unit: Unit
}

const TONE: Record<ReminderState, string> = {
  scheduled: ui.badgeWarn ?? '',
  sending: ui.badgeWarn ?? '',
  sent: ui.badgeGood ?? '',
  missed: ui.badgeOff ?? '',
}

let nextKey = 0
const rowOf = (hours: number): Row => {
  const { amount, unit } = offsetParts(hours)
  nextKey += 1
  return { key: nextKey, amount: String(amount), unit }
}

/**
 * An exhibition's reminders before it opens (docs/product.md#reminders-before-the-exhibition): on or off,
 * up to five times before the opening (7 days and 1 day offered the first time), the organiser's
 * paragraph per language, and each reminder's time at the venue and progress.
 */
export function Reminders({ settings }: { settings: ReminderSettings }) {
  const { t } = useTranslation()
  const { language, client } = useConsoleShell()
  const revalidator = useRevalidator()
  const { exhibition } = settings
  const [enabled, setEnabled] = useState(settings.isNew || settings.enabled)
  const [rows, setRows] = useState<Row[]>(() =>
    (settings.isNew ? [...DEFAULT_REMINDER_HOURS] : settings.reminders.filter((row) => !row.removed).map((row) => row.offsetHours)).map(rowOf),
  )
  const written = Object.keys(settings.texts) as Locale[]
  const [languages, setLanguages] = useState<Locale[]>(() => [...new Set([...firstLanguages(language), ...written])])
  const [active, setActive] = useState<Locale>('en')
  const [texts, setTexts] = useState<Partial<Record<Locale, string>>>(() =>
    Object.fromEntries(Object.entries(settings.texts).map(([locale, text]) => [locale, text?.body ?? ''])),
  )
  const [status, setStatus] = useState('')

  const { busy, submit, fieldError, message } = useFormCall(
    async () => {
      const problems: Record<string, string> = {}
      const offsetHours = rows.map((row, index) => {
        const amount = Number(row.amount)
        if (!/^\d{1,4}$/.test(row.amount.trim())) problems[`offsetHours.${index}`] = 'errors.invalid'
        return row.unit === 'days' ? amount * 24 : amount
      })
      if (Object.keys(problems).length) throw new FormProblems(problems)
      setStatus('')
      return client.call(saveReminders, {
        exhibitionId: exhibition.id,
        enabled,
        offsetHours,
        texts: Object.fromEntries(Object.entries(texts).map(([locale, body]) => [locale, { body }])),
      })
    },
    async () => {
      setStatus(t('reminders.saved'))
      await revalidator.revalidate()
    },
  )
  const change = (key: number, part: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)))

  return (
    <ConsolePage
      title={t('reminders.title', { exhibition: exhibition.title })}
      lead={t('reminders.intro')}
      actions={
        <Link className={ui.button} to={messagesPath(exhibition.id)}>
          {t('messages.backToList')}
        </Link>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={ui.choice}>
          <input type="checkbox" name="enabled" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> {t('reminders.enabled')}
        </label>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('reminders.when')}</legend>
          <p className={ui.hint}>
            {t('reminders.whenHint')}{' '}
            {t('reminders.opening', { when: venueTime(exhibition.startsAt, exhibition.timeZone, language), zone: exhibition.timeZone })}
          </p>
          {rows.map((row, index) => (
            <Offset
              key={row.key}
              row={row}
              n={index + 1}
              error={fieldError(`offsetHours.${index}`)}
              onChange={(part) => change(row.key, part)}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            />
          ))}
          {fieldError('offsetHours') ? <p className={ui.fieldError}>{fieldError('offsetHours')}</p> : null}
          {rows.length < REMINDER_LIMITS.count ? (
            <div>
              <button type="button" className={ui.button} onClick={() => setRows((current) => [...current, rowOf(24)])}>
                {t('reminders.add')}
              </button>
            </div>
          ) : null}
        </fieldset>
        <LanguageTabs
          languages={languages}
          active={active}
          onSelect={setActive}
          onAdd={(locale) => {
            setLanguages((current) => [...current, locale])
            setActive(locale)
          }}
          hasError={(locale) => Boolean(fieldError(`texts.${locale}.body`))}
          available={LOCALES.filter((locale) => !languages.includes(locale))}
        >
          <TextAreaField
            label={t('reminders.extra')}
            hint={t('reminders.extraHint')}
            name={`body.${active}`}
            lang={active}
            rows={4}
            value={texts[active] ?? ''}
            onChange={(event) => setTexts((current) => ({ ...current, [active]: event.target.value }))}
            maxLength={REMINDER_LIMITS.body}
            error={fieldError(`texts.${active}.body`)}
          />
        </LanguageTabs>
        <FormEnd message={message} busy={busy} save={t('reminders.save')} />
      </form>
      <ReminderStatus settings={settings} />
    </ConsolePage>
  )
}

const venueTime = (iso: string, timeZone: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone })

interface OffsetProps {
  row: Row
  n: number
  error: string | undefined
  onChange(part: Partial<Row>): void
  onRemove(): void
}

/** One reminder's time before the opening: a whole number of days or hours. */
function Offset({ row, n, error, onChange, onRemove }: OffsetProps) {
  const { t } = useTranslation()
  return (
    <fieldset className={ui.fieldset}>
      <legend className={ui.legend}>{t('reminders.row', { n })}</legend>
      <div className={styles.row}>
        <TextField
          label={t('reminders.amount')}
          name={`amount-${row.key}`}
          inputMode="numeric"
          size={5}
          value={row.amount}
          onChange={(event) => onChange({ amount: event.target.value })}
          error={error}
        />
        <SelectField
          label={t('reminders.unit')}
          name={`unit-${row.key}`}
          defaultValue={row.unit}
          options={[
            ['days', t('reminders.units.days')],
            ['hours', t('reminders.units.hours')],
          ]}
          onChange={(value) => onChange({ unit: value as Unit })}
        />
        <button type="button" className={ui.button} onClick={onRemove}>
          {t('reminders.remove', { n })}
        </button>
      </div>
    </fieldset>
  )
}

/** Each reminder set (and each removed one that mailed someone): when it goes at the venue, its state and progress. */
function ReminderStatus({ settings }: { settings: ReminderSettings }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const { exhibition } = settings
  const offset = (row: ReminderRow) => {
    const { amount, unit } = offsetParts(row.offsetHours)
    const text = t(`reminders.${unit}`, { count: amount })
    return row.removed ? t('reminders.removed', { offset: text }) : text
  }
  return (
    <Panel title={t('reminders.status')}>
      {settings.reminders.length === 0 ? (
        <p className={ui.muted}>{t('reminders.none')}</p>
      ) : (
        <TableFrame label={t('reminders.status')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('reminders.before')}</th>
                <th scope="col">{t('reminders.goesAt', { zone: exhibition.timeZone })}</th>
                <th scope="col">{t('reminders.state')}</th>
                <th scope="col">{t('reminders.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {settings.reminders.map((row) => (
                <tr key={row.offsetHours}>
                  <td>{offset(row)}</td>
                  <td className={ui.nowrap}>{venueTime(row.dueAt, exhibition.timeZone, language)}</td>
                  <td>
                    <span className={`${ui.badge} ${TONE[row.state]}`}>{t(`reminders.states.${row.state}`)}</span>
                  </td>
                  <td>{t('reminders.counts', row.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </Panel>
  )
}
