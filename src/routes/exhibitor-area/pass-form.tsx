import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { nameExhibitorPass, type PassesView, renameExhibitorPass } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import { useVisitorCountry } from '../../lib/visitor-country.ts'
import { FIELDS, validateAttendees } from '../../lib/validate-attendees.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { ATTENDEE_LIMITS, type AttendeeDraft, IDENTITIES, INDUSTRIES } from '../../../shared/rules/tickets.ts'
import styles from './exhibitor-area.module.css'
import { languageName } from './language-tabs.tsx'
import { useAreaAction } from './messages.ts'

type Pass = PassesView['passes'][number]

const TEXT_FIELDS = ['firstName', 'lastName', 'email'] as const
const id = (field: string) => `pass-${field}`

/**
 * One person for a pass (docs/product.md#team-passes), loaded with the tickets namespace only when an
 * admin opens it: the attendee form's fields, checked in the browser by the same rules as the platform
 * (which decides) with the same messages, the focus on the first field with a problem; the phone's
 * country follows the visitor's until it is chosen or a number typed; and the mail's language.
 */
export default function PassForm({
  exhibitorId,
  renaming,
  onDone,
  onCancel,
}: {
  exhibitorId: number
  renaming: Pass | null
  onDone(view: PassesView, name: string): void
  onCancel(): void
}) {
  const { t } = useTranslation('exhibitor')
  const { t: tickets } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const country = useVisitorCountry()
  const [draft, setDraft] = useState<AttendeeDraft>(() => ({
    firstName: '',
    lastName: '',
    email: '',
    phone: { country, number: '' },
    identity: '',
    industry: '',
  }))
  const phoneChosen = useRef(false)
  const [mailLocale, setMailLocale] = useState<Locale>(site.locale as Locale)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [checked, setChecked] = useState(false)
  const { busy, problem, run } = useAreaAction()
  const errorOf = (field: string) => (errors[field] ? tickets(errors[field] as string) : undefined)
  const change = (patch: Partial<AttendeeDraft>) => setDraft((current) => ({ ...current, ...patch }))

  // The visitor's country arrives after the form opens: the phone follows it until chosen or typed.
  useEffect(() => {
    if (!phoneChosen.current) setDraft((current) => (current.phone.number ? current : { ...current, phone: { ...current.phone, country } }))
  }, [country])

  // After a first try, the messages follow the corrections as they are typed.
  useEffect(() => {
    if (!checked) return
    let current = true
    validateAttendees([draft]).then((next) => {
      if (current) setErrors(fieldsOf(next, '0.'))
    })
    return () => {
      current = false
    }
  }, [checked, draft])

  const focusFirst = (found: Record<string, string>) => {
    const first = FIELDS.find((field) => found[field])
    if (first) document.getElementById(id(first))?.focus()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const found = fieldsOf(await validateAttendees([draft]), '0.')
      setChecked(true)
      setErrors(found)
      if (Object.keys(found).length) {
        focusFirst(found)
        return
      }
      const attendee = { ...draft, identity: draft.identity as (typeof IDENTITIES)[number], industry: draft.industry as (typeof INDUSTRIES)[number] }
      try {
        const view = renaming
          ? await gateway.call(renameExhibitorPass, { exhibitorId, passId: renaming.id, attendee, mailLocale })
          : await gateway.call(nameExhibitorPass, { exhibitorId, attendee, mailLocale })
        onDone(view, displayName({ first: draft.firstName, last: draft.lastName }))
      } catch (error) {
        if (error instanceof GatewayError && Object.keys(error.fields).length) {
          const fromServer = fieldsOf(error.fields, 'attendee.')
          setErrors(fromServer)
          focusFirst(fromServer)
          return
        }
        throw error
      }
    })
  }

  return (
    <form className={styles.inviteForm} onSubmit={submit} noValidate aria-labelledby="pass-form-title">
      <h3 id="pass-form-title" className={styles.subsectionTitle}>
        {renaming ? t('passes.renameTitle', { name: displayName({ first: renaming.firstName, last: renaming.lastName }) }) : t('passes.name')}
      </h3>
      <p className={styles.hint}>{renaming ? t('passes.renameHint') : t('passes.nameHint')}</p>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
      {TEXT_FIELDS.map((field) => (
        <Field key={field} id={id(field)} label={tickets(`attendees.${field}`)} error={errorOf(field)}>
          <input
            id={id(field)}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete="off"
            className={`${styles.input} ${errorOf(field) ? styles.invalid : ''}`}
            value={draft[field]}
            maxLength={ATTENDEE_LIMITS[field] + 20}
            required
            onChange={(event) => change({ [field]: event.target.value })}
            aria-invalid={errorOf(field) ? true : undefined}
            aria-describedby={errorOf(field) ? `${id(field)}-error` : undefined}
          />
        </Field>
      ))}
      <PhoneField
        id={id('phone')}
        label={tickets('attendees.phone')}
        required
        value={draft.phone}
        error={errorOf('phone')}
        onChange={(phone) => {
          if (phone.country !== draft.phone.country) phoneChosen.current = true
          change({ phone })
        }}
      />
      {(['identity', 'industry'] as const).map((field) => (
        <Field key={field} id={id(field)} label={tickets(`attendees.${field}`)} error={errorOf(field)}>
          <select
            id={id(field)}
            className={styles.input}
            value={draft[field]}
            required
            onChange={(event) => change({ [field]: event.target.value })}
            aria-invalid={errorOf(field) ? true : undefined}
            aria-describedby={errorOf(field) ? `${id(field)}-error` : undefined}
          >
            <option value="">{tickets(`attendees.${field}Placeholder`)}</option>
            {(field === 'identity' ? IDENTITIES : INDUSTRIES).map((value) => (
              <option key={value} value={value}>
                {tickets(`${field}.${value}`)}
              </option>
            ))}
          </select>
        </Field>
      ))}
      <Field id={id('mail-locale')} label={t('passes.mailLocale')} error={undefined}>
        <select id={id('mail-locale')} className={styles.input} value={mailLocale} onChange={(event) => setMailLocale(event.target.value as Locale)}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {languageName(locale)}
            </option>
          ))}
        </select>
      </Field>
      <div className={styles.memberActions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {renaming ? t('passes.renameSend') : t('passes.nameSend')}
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
          {t('team.cancel')}
        </button>
      </div>
    </form>
  )
}

/** Field messages by field name: the browser's check (`0.email`) and the platform's (`attendee.phone.number`) alike. */
function fieldsOf(found: Record<string, string>, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [path, key] of Object.entries(found)) {
    if (!path.startsWith(prefix)) continue
    const field = path.slice(prefix.length).split('.')[0] as string
    fields[field] ??= key
  }
  return fields
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          <span aria-hidden="true">! </span>
          {error}
        </p>
      ) : null}
    </div>
  )
}
