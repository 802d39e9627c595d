import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { type ProfileView, saveExhibitorProfile, type WorkspaceView } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { numberFormat } from '../../i18n/intl.ts'
import { EXHIBITOR_KINDS, EXHIBITOR_LIMITS, type ExhibitorKind, type ProfileGap } from '../../../shared/rules/exhibitors.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { Country } from './area-load.ts'
import styles from './exhibitor-area.module.css'
import { LanguageTabs, languageName, languageTag, type TabState, textPanelId, textTabId } from './language-tabs.tsx'
import { useFailureMessage } from './messages.ts'

type Text = { name: string; summary: string; description: string }
type Texts = Record<Locale, Text>
interface Licence {
  key: number
  regulator: string
  number: string
}
interface Draft {
  kind: ExhibitorKind
  country: string
  website: string
  licences: Licence[]
  texts: Texts
}

const TEXT_FIELDS = ['name', 'summary', 'description'] as const
type TextField = (typeof TEXT_FIELDS)[number]

let licenceKeys = 0

function draftOf(profile: ProfileView): Draft {
  const texts = Object.fromEntries(
    LOCALES.map((locale) => {
      const text = profile.texts[locale]
      return [locale, { name: text?.name ?? '', summary: text?.summary ?? '', description: text?.description ?? '' }]
    }),
  ) as Texts
  return {
    kind: profile.kind,
    country: profile.country ?? '',
    website: profile.website ?? '',
    licences: profile.licences.map((licence) => ({ key: ++licenceKeys, ...licence })),
    texts,
  }
}

const written = (text: Text) => Boolean(text.name.trim() || text.summary.trim() || text.description.trim())

/** Where a field error's control is, by the platform's field path (`texts.en.name`, `licences.1.number`). */
export function controlIdOf(path: string): string {
  const [head, second, third] = path.split('.')
  if (head === 'texts' && second && third) return `profile-${second}-${third}`
  if (head === 'licences' && second !== undefined && third) return `profile-licence-${second}-${third}`
  if (head === 'licences') return 'profile-licences-add'
  if (head === 'kind') return `profile-kind-${EXHIBITOR_KINDS[0]}`
  return `profile-${head}`
}

/** An "incomplete" mark beside a field the profile still lacks. */
function GapMark({ gap, gaps }: { gap: ProfileGap; gaps: readonly ProfileGap[] }) {
  const { t } = useTranslation('exhibitor')
  return gaps.includes(gap) ? <span className={styles.gapMark}>{t('gaps.mark')}</span> : null
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={`${id}-error`} className={styles.fieldError}>
      <span aria-hidden="true">! </span>
      {message}
    </p>
  )
}

const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

/**
 * The company's profile as its administrators write it (docs/product.md#exhibitors): kind, country,
 * website, licences and the texts of every language. The platform checks it; its field errors show
 * beside their fields and, with the language they are in, in a summary at the top. A save carries the
 * version it was edited from, so a colleague's save in between is never overwritten.
 */
export function ProfileEditor({ workspace, countries, onSaved }: { workspace: WorkspaceView; countries: Country[]; onSaved(workspace: WorkspaceView): void }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const revalidator = useRevalidator()
  const messageOf = useFailureMessage()
  const { profile } = workspace
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile))
  const [tab, setTab] = useState<Locale>('en')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<{ message: string; changed: boolean } | null>(null)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)
  const [focusWanted, setFocusWanted] = useState<string | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const gaps = profile.gaps

  // A control in another tab is focused once its tab is open.
  useEffect(() => {
    if (!focusWanted) return
    document.getElementById(focusWanted)?.focus()
    setFocusWanted(null)
  }, [focusWanted])

  const change = (update: (current: Draft) => Draft) => {
    setDraft(update)
    setSaved(false)
  }
  const setText = (locale: Locale, field: TextField, value: string) =>
    change((current) => ({ ...current, texts: { ...current.texts, [locale]: { ...current.texts[locale], [field]: value } } }))
  const setLicence = (key: number, field: 'regulator' | 'number', value: string) =>
    change((current) => ({ ...current, licences: current.licences.map((licence) => (licence.key === key ? { ...licence, [field]: value } : licence)) }))

  const errorIn = (path: string) => (errors[path] ? t(errors[path]) : undefined)
  const tabStates = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.keys(errors).some((path) => path.startsWith(`texts.${locale}.`)) ? 'error' : written(draft.texts[locale]) ? 'written' : 'empty',
    ]),
  ) as Record<Locale, TabState>

  const labelOf = (path: string): string => {
    const [head, second, third] = path.split('.')
    if (head === 'texts' && second && third) return `${languageName(second as Locale)}: ${t(`profile.${third}`)}`
    if (head === 'licences' && second !== undefined && third)
      return `${t('profile.licenceNumbered', { number: Number(second) + 1 })}: ${t(third === 'regulator' ? 'profile.regulator' : 'profile.licenceNumber')}`
    if (head === 'licences') return t('profile.licences')
    if (head === 'country' || head === 'website' || head === 'kind') return t(`profile.${head}`)
    return t('profile.title')
  }

  const goTo = (path: string) => {
    const [head, second] = path.split('.')
    if (head === 'texts' && second && (LOCALES as readonly string[]).includes(second)) setTab(second as Locale)
    setFocusWanted(controlIdOf(path))
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    setSaving(true)
    setSaved(false)
    setFailure(null)
    const texts = Object.fromEntries(LOCALES.filter((locale) => locale === 'en' || written(draft.texts[locale])).map((locale) => [locale, draft.texts[locale]]))
    try {
      const result = await gateway.call(saveExhibitorProfile, {
        exhibitorId: workspace.exhibitor.id,
        version: profile.version,
        kind: draft.kind,
        country: draft.country,
        website: draft.website,
        licences: draft.licences.map(({ regulator, number }) => ({ regulator, number })),
        texts,
      })
      setErrors({})
      setDraft(draftOf(result.profile))
      setSaved(true)
      onSaved(result)
    } catch (error) {
      const fields = error instanceof GatewayError ? error.fields : {}
      setErrors(fields)
      const changed = error instanceof GatewayError && error.code === 'exhibitor:errors.changed'
      if (Object.keys(fields).length) {
        // The open tab's errors show beside their fields; the summary names them all and the other tabs'.
        setFailure({ message: t('profile.checkFields'), changed: false })
      } else {
        setFailure({ message: messageOf(error), changed })
      }
      requestAnimationFrame(() => summary.current?.focus())
    } finally {
      setSaving(false)
    }
  }

  const errorList = Object.entries(errors)

  return (
    <form className={styles.form} onSubmit={save} noValidate aria-labelledby="profile-title">
      <div ref={summary} tabIndex={-1} className={styles.summaryFocus}>
        {failure ? (
          <div className={styles.alert} role="alert">
            <p className={styles.alertTitle}>{failure.message}</p>
            {errorList.length ? (
              <ul className={styles.errorList}>
                {errorList.map(([path, key]) => (
                  <li key={path}>
                    <a
                      href={`#${controlIdOf(path)}`}
                      onClick={(event) => {
                        event.preventDefault()
                        goTo(path)
                      }}
                    >
                      {labelOf(path)}
                    </a>
                    {`: ${t(key)}`}
                  </li>
                ))}
              </ul>
            ) : null}
            {failure.changed ? (
              <button type="button" className={styles.secondary} onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
                {t('profile.reload')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('profile.kind')}</legend>
        <div className={styles.choices}>
          {EXHIBITOR_KINDS.map((kind) => (
            <label key={kind} className={`${styles.choice} ${draft.kind === kind ? styles.choiceChecked : ''}`}>
              <input
                type="radio"
                name="kind"
                id={`profile-kind-${kind}`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => change((current) => ({ ...current, kind }))}
              />
              <span>{t(`kinds.${kind}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id="profile-kind-broker" message={errorIn('kind')} />
      </fieldset>

      <div className={styles.grid}>
        <Field id="profile-country" label={t('profile.country')} mark={<GapMark gap="country" gaps={gaps} />} error={errorIn('country')}>
          <select
            id="profile-country"
            className={`${styles.input} ${errorIn('country') ? styles.invalid : ''}`}
            value={draft.country}
            onChange={(event) => change((current) => ({ ...current, country: event.target.value }))}
            aria-invalid={errorIn('country') ? true : undefined}
            aria-describedby={describedBy('profile-country', false, errorIn('country'))}
          >
            <option value="">{t('profile.countryNone')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="profile-website"
          label={t('profile.website')}
          hint={t('profile.websiteHint')}
          mark={<GapMark gap="website" gaps={gaps} />}
          error={errorIn('website')}
        >
          <input
            id="profile-website"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            className={`${styles.input} ${errorIn('website') ? styles.invalid : ''}`}
            value={draft.website}
            maxLength={EXHIBITOR_LIMITS.website + 20}
            onChange={(event) => change((current) => ({ ...current, website: event.target.value }))}
            aria-invalid={errorIn('website') ? true : undefined}
            aria-describedby={describedBy('profile-website', true, errorIn('website'))}
          />
        </Field>
      </div>

      <fieldset className={styles.fieldset} aria-describedby="profile-licences-hint">
        <legend className={styles.legend}>
          {t('profile.licences')}
          <GapMark gap="licences" gaps={gaps} />
        </legend>
        <p id="profile-licences-hint" className={`${styles.hint} ${draft.kind === 'broker' ? styles.hintStrong : ''}`}>
          {draft.kind === 'broker' ? t('profile.licencesBroker') : t('profile.licencesHint')}
          {/* Chinese and Japanese sentences follow each other without a space. */}
          {/^(zh|ja)/.test(site.htmlLang) ? '' : ' '}
          {t('profile.licencesLimit', { max: EXHIBITOR_LIMITS.licences })}
        </p>
        {draft.licences.length ? (
          <ol className={styles.licences}>
            {draft.licences.map((licence, index) => {
              const regulatorId = `profile-licence-${index}-regulator`
              const numberId = `profile-licence-${index}-number`
              const regulatorError = errorIn(`licences.${index}.regulator`)
              const numberError = errorIn(`licences.${index}.number`)
              const numbered = t('profile.licenceNumbered', { number: index + 1 })
              return (
                <li key={licence.key} className={styles.licence}>
                  <p className={styles.licenceTitle}>{numbered}</p>
                  <div className={styles.licenceFields}>
                    <Field id={regulatorId} label={t('profile.regulator')} hint={index === 0 ? t('profile.regulatorHint') : undefined} error={regulatorError}>
                      <input
                        id={regulatorId}
                        className={`${styles.input} ${regulatorError ? styles.invalid : ''}`}
                        value={licence.regulator}
                        maxLength={EXHIBITOR_LIMITS.regulator + 10}
                        onChange={(event) => setLicence(licence.key, 'regulator', event.target.value)}
                        aria-invalid={regulatorError ? true : undefined}
                        aria-describedby={describedBy(regulatorId, index === 0, regulatorError)}
                      />
                    </Field>
                    <Field id={numberId} label={t('profile.licenceNumber')} error={numberError}>
                      <input
                        id={numberId}
                        className={`${styles.input} ${numberError ? styles.invalid : ''}`}
                        value={licence.number}
                        maxLength={EXHIBITOR_LIMITS.licenceNumber + 10}
                        onChange={(event) => setLicence(licence.key, 'number', event.target.value)}
                        aria-invalid={numberError ? true : undefined}
                        aria-describedby={describedBy(numberId, false, numberError)}
                      />
                    </Field>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t('profile.removeLicenceNamed', { licence: numbered })}
                      onClick={() => change((current) => ({ ...current, licences: current.licences.filter((entry) => entry.key !== licence.key) }))}
                    >
                      {t('profile.removeLicence')}
                    </button>
                  </div>
                </li>
              )
            })}
          </ol>
        ) : (
          <p className={styles.muted}>{t('profile.noLicences')}</p>
        )}
        <button
          type="button"
          id="profile-licences-add"
          className={styles.secondary}
          disabled={draft.licences.length >= EXHIBITOR_LIMITS.licences}
          aria-describedby={errorIn('licences') ? 'profile-licences-add-error' : undefined}
          onClick={() => {
            change((current) => ({ ...current, licences: [...current.licences, { key: ++licenceKeys, regulator: '', number: '' }] }))
            setFocusWanted(`profile-licence-${draft.licences.length}-regulator`)
          }}
        >
          {t('profile.addLicence')}
        </button>
        <FieldError id="profile-licences-add" message={errorIn('licences')} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('profile.texts')}</legend>
        <p className={styles.hint}>{t('profile.textsHint')}</p>
        <LanguageTabs prefix="profile-texts" active={tab} states={tabStates} onSelect={setTab} />
        <div role="tabpanel" id={textPanelId('profile-texts')} aria-labelledby={textTabId('profile-texts', tab)} className={styles.tabPanel}>
          <TextFields
            locale={tab}
            text={draft.texts[tab]}
            gaps={tab === 'en' ? gaps : []}
            errorIn={errorIn}
            onChange={(field, value) => setText(tab, field, value)}
          />
        </div>
      </fieldset>

      <div className={styles.formActions}>
        <button type="submit" className={styles.primary} disabled={saving} aria-busy={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </button>
        <p className={styles.savedStatus} role="status">
          {saved ? (
            <>
              <span aria-hidden="true">✓ </span>
              {t('profile.saved')}
            </>
          ) : null}
        </p>
      </div>
    </form>
  )
}

function TextFields({
  locale,
  text,
  gaps,
  errorIn,
  onChange,
}: {
  locale: Locale
  text: Text
  gaps: readonly ProfileGap[]
  errorIn(path: string): string | undefined
  onChange(field: TextField, value: string): void
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const number = numberFormat(site.htmlLang)
  const tag = languageTag(locale)
  const ids = { name: `profile-${locale}-name`, summary: `profile-${locale}-summary`, description: `profile-${locale}-description` }
  const error = { name: errorIn(`texts.${locale}.name`), summary: errorIn(`texts.${locale}.summary`), description: errorIn(`texts.${locale}.description`) }
  const required = locale === 'en'
  return (
    <div className={styles.textFields}>
      <p className={styles.tabPanelTitle} lang={tag}>
        {languageName(locale)}
      </p>
      <Field
        id={ids.name}
        label={t('profile.name')}
        required={required}
        hint={required ? t('profile.nameHintEnglish') : t('profile.nameHint')}
        error={error.name}
      >
        <input
          id={ids.name}
          lang={tag}
          className={`${styles.input} ${error.name ? styles.invalid : ''}`}
          value={text.name}
          maxLength={EXHIBITOR_LIMITS.name + 10}
          autoComplete="organization"
          onChange={(event) => onChange('name', event.target.value)}
          aria-required={required ? true : undefined}
          aria-invalid={error.name ? true : undefined}
          aria-describedby={describedBy(ids.name, true, error.name)}
        />
      </Field>
      <Field
        id={ids.summary}
        label={t('profile.summary')}
        hint={t('profile.summaryHint', { max: number.format(EXHIBITOR_LIMITS.summary) })}
        mark={<GapMark gap="summary" gaps={gaps} />}
        error={error.summary}
      >
        <input
          id={ids.summary}
          lang={tag}
          className={`${styles.input} ${error.summary ? styles.invalid : ''}`}
          value={text.summary}
          maxLength={EXHIBITOR_LIMITS.summary + 10}
          onChange={(event) => onChange('summary', event.target.value)}
          aria-invalid={error.summary ? true : undefined}
          aria-describedby={describedBy(ids.summary, true, error.summary)}
        />
      </Field>
      <Field
        id={ids.description}
        label={t('profile.description')}
        hint={t('profile.descriptionHint', { max: number.format(EXHIBITOR_LIMITS.description) })}
        mark={<GapMark gap="description" gaps={gaps} />}
        error={error.description}
      >
        <textarea
          id={ids.description}
          lang={tag}
          rows={8}
          className={`${styles.input} ${styles.textarea} ${error.description ? styles.invalid : ''}`}
          value={text.description}
          maxLength={EXHIBITOR_LIMITS.description + 100}
          onChange={(event) => onChange('description', event.target.value)}
          aria-invalid={error.description ? true : undefined}
          aria-describedby={describedBy(ids.description, true, error.description)}
        />
      </Field>
    </div>
  )
}

/** A label, its "incomplete" mark and hint, the control and its error, tied together by ids. */
function Field({
  id,
  label,
  hint,
  mark,
  required,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string | undefined
  mark?: ReactNode
  required?: boolean
  error: string | undefined
  children: ReactNode
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.requiredMark} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
        {mark}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} message={error} />
    </div>
  )
}
