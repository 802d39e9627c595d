import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { nameExhibitorPass, type PassesView, renameExhibitorPass, revokeExhibitorPass } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog.tsx'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { ATTENDEE_LIMITS, type AttendeeDraft, IDENTITIES, INDUSTRIES } from '../../../shared/rules/tickets.ts'
import { ActionStatus } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { languageName } from './language-tabs.tsx'
import { useAreaAction } from './messages.ts'

type Pass = PassesView['passes'][number]
/** The form open: a new person on a free pass, or another person on a named one. */
type Editing = { kind: 'name' } | { kind: 'rename'; pass: Pass } | null

const nameOf = (pass: Pass) => displayName({ first: pass.firstName, last: pass.lastName })

/**
 * The exhibitor's team passes (docs/product.md#team-passes): how many of the allowance are named, who
 * holds each and whether they came in. Administrators name a pass with the attendee form's fields and
 * messages, give it to someone else (the old e-ticket stops working) or revoke it (asked first); staff
 * read the names only.
 */
export function PassesSection({ exhibitorId, passes: loaded, active }: { exhibitorId: number; passes: PassesView; active: boolean }) {
  const { t } = useTranslation('exhibitor')
  const gateway = useGateway()
  const [passes, setPasses] = useState(loaded)
  const [editing, setEditing] = useState<Editing>(null)
  const [revoking, setRevoking] = useState<Pass | null>(null)
  const { busy, problem, notice, setNotice, run } = useAreaAction()
  const admin = passes.role === 'admin' && active
  const full = passes.named >= passes.allowance

  const revoke = () =>
    run(async () => {
      if (!revoking) return
      const pass = revoking
      setPasses(await gateway.call(revokeExhibitorPass, { exhibitorId, passId: pass.id }))
      setNotice(t('passes.revoked', { name: nameOf(pass) }))
    }).finally(() => setRevoking(null))

  return (
    <section id="passes" className={styles.card} aria-labelledby="passes-title">
      <h2 id="passes-title" className={styles.cardTitle}>
        {t('passes.title')}
      </h2>
      {passes.allowance === 0 ? (
        <p className={styles.muted}>{t('passes.none')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('passes.count', { named: passes.named, count: passes.allowance })}</p>
          <ActionStatus notice={notice} problem={problem} />
          {passes.passes.length ? (
            <ul className={styles.members} aria-label={t('passes.list')}>
              {passes.passes.map((pass) => (
                <li key={pass.id} className={styles.member}>
                  <div className={styles.memberWho}>
                    <p className={styles.memberName}>
                      <bdi>{nameOf(pass)}</bdi>
                    </p>
                    {pass.email ? <p className={`${styles.meta} ${styles.breakable}`}>{pass.email}</p> : null}
                  </div>
                  <span className={`${styles.badge} ${pass.checkedIn ? styles.badgeAdmin : ''}`}>
                    {pass.checkedIn ? t('passes.checkedIn') : t('passes.notCheckedIn')}
                  </span>
                  {admin ? (
                    <div className={styles.memberActions}>
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy}
                        aria-label={t('passes.renameNamed', { name: nameOf(pass) })}
                        onClick={() => setEditing({ kind: 'rename', pass })}
                      >
                        {t('passes.rename')}
                      </button>
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy}
                        aria-label={t('passes.revokeNamed', { name: nameOf(pass) })}
                        onClick={() => setRevoking(pass)}
                      >
                        {t('passes.revoke')}
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {admin && editing ? (
            <PassForm
              key={editing.kind === 'rename' ? editing.pass.id : 'new'}
              exhibitorId={exhibitorId}
              renaming={editing.kind === 'rename' ? editing.pass : null}
              onDone={(view, name) => {
                setPasses(view)
                setEditing(null)
                setNotice(t(editing.kind === 'rename' ? 'passes.renamed' : 'passes.named', { name }))
              }}
              onCancel={() => setEditing(null)}
            />
          ) : admin && !full ? (
            <button type="button" className={styles.primary} disabled={busy} onClick={() => setEditing({ kind: 'name' })}>
              {t('passes.name')}
            </button>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('passes.revokeTitle', { name: revoking ? nameOf(revoking) : '' })}
        text={t('passes.revokeText')}
        confirmLabel={t('passes.revokeConfirm')}
        cancelLabel={t('team.cancel')}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  )
}

const EMPTY: AttendeeDraft = { firstName: '', lastName: '', email: '', phone: { country: 'US', number: '' }, identity: '', industry: '' }
const TEXT_FIELDS = ['firstName', 'lastName', 'email'] as const

/** One person for a pass: the attendee form's fields, the platform's field messages (the tickets namespace's keys), and the mail's language. */
function PassForm({
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
  const [draft, setDraft] = useState<AttendeeDraft>(EMPTY)
  const [mailLocale, setMailLocale] = useState<Locale>(site.locale as Locale)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, problem, run } = useAreaAction()
  const id = (field: string) => `pass-${field}`
  const errorOf = (field: string) => (errors[`attendee.${field}`] ? tickets(errors[`attendee.${field}`] as string) : undefined)
  const change = (patch: Partial<AttendeeDraft>) => setDraft((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    void run(async () => {
      const attendee = { ...draft, identity: draft.identity as (typeof IDENTITIES)[number], industry: draft.industry as (typeof INDUSTRIES)[number] }
      try {
        const view = renaming
          ? await gateway.call(renameExhibitorPass, { exhibitorId, passId: renaming.id, attendee, mailLocale })
          : await gateway.call(nameExhibitorPass, { exhibitorId, attendee, mailLocale })
        onDone(view, displayName({ first: draft.firstName, last: draft.lastName }))
      } catch (error) {
        if (error instanceof GatewayError && Object.keys(error.fields).length) {
          setErrors(error.fields)
          const first = Object.keys(error.fields)[0]?.replace('attendee.', '')
          if (first) document.getElementById(id(first === 'phone.number' ? 'phone' : first))?.focus()
          return
        }
        throw error
      }
    })
  }

  return (
    <form className={styles.inviteForm} onSubmit={submit} noValidate aria-labelledby="pass-form-title">
      <h3 id="pass-form-title" className={styles.subsectionTitle}>
        {renaming ? t('passes.renameTitle', { name: nameOf(renaming) }) : t('passes.name')}
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
        error={errorOf('phone') ?? errorOf('phone.number')}
        onChange={(phone) => change({ phone })}
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
