import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import { exportLeads, type LeadListView, type LeadSyncAnswer, type LeadView, qualifyLead, scanLead } from '../../api/leads.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { useCurrentUser, useReloadWhenUserChanges } from '../../components/account-menu/user-store.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loadResources } from '../../i18n/resources.ts'
import type { Locale } from '../../../shared/languages.ts'
import { type QueuedLead, waitingScans } from '../../lib/leads-offline/queue.ts'
import { LEAD_MESSAGES } from '../../../shared/rules/leads.ts'
import { wallClock } from '../../../shared/zoned-time.ts'
import { ToolBack, ToolChoose, ToolSignIn, useToolRefusal } from '../exhibitor-tool/parts.tsx'
import { Camera } from './camera.tsx'
import { LeadCard, type Qualification } from './lead-card.tsx'
import { type LeadsLoad, loadLeads } from './load.ts'
import { QuestionsSection } from './questions-section.tsx'
import { TeamLeads } from './team-leads.tsx'
import { unreachable, useLeadQueue } from './use-lead-queue.ts'
import { useTeamList } from './use-team-list.ts'
import styles from './leads.module.css'

export const loader = loadLeads

/**
 * An exhibitor team's leads (docs/product.md#leads, `/{lang}/exhibitor/leads?id=`): the camera and the
 * typed order code, the last scan to rate and note at once, and the team's list with its exports.
 */
export function Component() {
  const loaded = useLoaderData() as LeadsLoad
  const { t } = useTranslation('leads')
  useReloadWhenUserChanges()
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('intro')} noindex />
      <div className={`container ${styles.inner}`}>
        <ToolBack namespace="leads" styles={styles} />
        <h1 className={styles.title}>{loaded.kind === 'leads' && loaded.exhibitor ? `${t('heading')} · ${loaded.exhibitor.name}` : t('heading')}</h1>
        {loaded.kind === 'login' ? <ToolSignIn styles={styles} /> : null}
        {loaded.kind === 'choose' ? <ToolChoose namespace="leads" styles={styles} items={loaded.items} page="exhibitor/leads" /> : null}
        {loaded.kind === 'missing' ? <p className={styles.alert}>{t('errors.notFound')}</p> : null}
        {loaded.kind === 'leads' ? <Leads key={loaded.exhibitorId} exhibitorId={loaded.exhibitorId} initial={loaded.list} /> : null}
      </div>
    </main>
  )
}

function download(file: { fileName: string; mediaType: string; base64: string }) {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mediaType }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.click()
  URL.revokeObjectURL(url)
}

const two = (value: number) => String(value).padStart(2, '0')
/** A time on the venue's clock, digits only, as the server writes `scannedAtVenue`. */
function venueTime(iso: string, timeZone: string): string {
  const clock = wallClock(new Date(iso), timeZone)
  return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}`
}

/** A scan still on the phone, as the lead card shows it: who it is comes with the sync. */
function asLead(entry: QueuedLead): LeadView {
  return {
    id: 0,
    shares: [],
    firstName: null,
    lastName: null,
    company: null,
    jobTitle: null,
    email: null,
    phone: null,
    scannedBy: null,
    scannedAt: entry.scannedAt,
    scannedAtVenue: '',
    lastScannedAt: entry.lastScannedAt,
    scans: entry.scans,
    rating: entry.qualified?.rating ?? null,
    tags: entry.qualified?.tags ?? [],
    notes: entry.qualified?.notes ?? '',
    answers: [],
  }
}

type Current = { kind: 'lead'; lead: LeadView; repeated: boolean | null } | { kind: 'queued'; id: string; repeated: boolean }

/**
 * The scanner keeps working without network (docs/product.md#leads-offline): its page and files stay on
 * the phone, and so do the pieces a sign-out loads only when asked (its check, the refusal and its
 * words), so that signing out offline is refused with the reason rather than failing on a missing file.
 */
function useScannerKeptOffline(lang: string, locale: Locale): void {
  useEffect(() => {
    void Promise.all([
      import('../../lib/sign-out-guards.ts'),
      import('../../lib/leads-offline/guard.ts'),
      import('../../components/account-menu/sign-out-refusal.tsx'),
      loadResources(locale, ['account']),
    ])
      .then(() => import('../../lib/leads-offline/worker.ts'))
      .then(({ keepScannerOffline }) => keepScannerOffline(lang))
      .catch(() => undefined)
  }, [lang, locale])
}

function Leads({ exhibitorId, initial }: { exhibitorId: number; initial: LeadListView }) {
  const { t } = useTranslation('leads')
  const gateway = useGateway()
  const refusal = useToolRefusal('leads')
  const site = useSite()
  const accountId = useCurrentUser()?.userId ?? null
  const team = useTeamList(exhibitorId, initial)
  const { list } = team
  const [current, setCurrent] = useState<Current | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [orderCode, setOrderCode] = useState('')
  const [typedName, setTypedName] = useState('')
  const [position, setPosition] = useState('')
  const reload = () => team.reload()
  // The page's latest state for the queue's callbacks, which outlive a render.
  const latest = useRef({ reload, current })
  latest.current = { reload, current }

  useScannerKeptOffline(site.lang, site.locale)
  const offline = useLeadQueue({
    accountId,
    exhibitorId,
    list: initial,
    onFront: async () => {
      await latest.current.reload()
    },
    onSynced: async (items: LeadSyncAnswer['items']) => {
      const fresh = await latest.current.reload()
      // The card of a scan that was waiting becomes the lead the server made of it, with what the visitor shares.
      const shown = latest.current.current
      if (shown?.kind !== 'queued') return
      const leadId = items.find((item) => item.id === shown.id)?.leadId
      const lead = leadId ? fresh.items.find((item) => item.id === leadId) : undefined
      if (lead) setCurrent({ kind: 'lead', lead, repeated: shown.repeated })
    },
  })

  const act = async (action: () => Promise<unknown>) => {
    if (pending) return
    setPending(true)
    setProblem(null)
    try {
      await action()
    } catch (error) {
      setProblem(refusal(error))
    } finally {
      setPending(false)
    }
  }

  /** A code the server cannot take now: checked on the phone and kept until it can. */
  const keepOnPhone = async (code: string) => {
    const kept = await offline.queue(code)
    if (!kept) return
    if ('refused' in kept) {
      setCurrent(null)
      setProblem(t(LEAD_MESSAGES[kept.refused]))
      return
    }
    setCurrent({ kind: 'queued', id: kept.entry.id, repeated: kept.repeated })
    setStatus(kept.repeated ? t('offline.queuedAgain', { count: kept.entry.scans }) : t('offline.queued'))
  }

  const scanned = async (payload: { code: string } | { orderCode: string; position?: number } | { name: string }) =>
    act(async () => {
      const typed = !('code' in payload)
      // Known to be cut off: a badge waits on the phone at once instead of after a failed call.
      if (!typed && (offline.offline || navigator.onLine === false)) return keepOnPhone(payload.code)
      try {
        const answer = await gateway.call(scanLead, { exhibitorId, ...payload })
        setCurrent({ kind: 'lead', ...answer })
        setStatus(answer.repeated ? t('last.repeated', { count: answer.lead.scans }) : t('last.added'))
        await reload()
      } catch (error) {
        if (!unreachable(error)) throw error
        // An order code names no ticket the phone can check: only the server can judge it.
        if (typed) setProblem(t('offline.typedNeedsNetwork'))
        else await keepOnPhone(payload.code)
      }
    })

  const save = (values: Qualification) =>
    act(async () => {
      if (!current) return
      if (current.kind === 'queued') {
        offline.qualify(current.id, values)
        setStatus(t('offline.savedOnPhone'))
        return
      }
      const answer = await gateway.call(qualifyLead, { exhibitorId, leadId: current.lead.id, ...values })
      setCurrent({ kind: 'lead', lead: answer.lead, repeated: current.repeated })
      setStatus(t('qualify.saved'))
      await reload()
    })

  const exported = (format: 'csv' | 'xlsx') => act(async () => download(await gateway.call(exportLeads, { exhibitorId, format })))

  const waiting = offline.waiting
  const shownQueued = current?.kind === 'queued' ? waiting.find((entry) => entry.id === current.id) : undefined
  const refusedReasons = [...new Set(offline.refused)].map((outcome) => t(LEAD_MESSAGES[outcome === 'added' || outcome === 'repeated' ? 'badCode' : outcome]))

  // Why capture is off, in the exhibitor's words: the organiser's switch, or a booth package without it.
  const offText = t(list.captureOff === 'package' ? 'packageOff' : 'captureOff')
  if (!list.captureOn && !list.total && !waiting.length) return <p className={styles.alert}>{offText}</p>
  return (
    <>
      <p className={styles.lead}>{t('intro')}</p>
      {offline.offline ? (
        <p className={styles.offline} role="status">
          {t('offline.banner')}
        </p>
      ) : null}
      {list.captureOn ? (
        <section className={styles.card} aria-label={t('scan.start')}>
          <Camera onCode={(code) => scanned({ code })} />
          <form
            className={styles.typed}
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (orderCode.trim()) void scanned({ orderCode: orderCode.trim(), position: position ? Number(position) : undefined })
              else if (typedName.trim()) void scanned({ name: typedName.trim() })
            }}
          >
            <fieldset className={styles.fieldset}>
              <legend className={styles.label}>{t('typed.legend')}</legend>
              <label className={styles.label} htmlFor="lead-order-code">
                {t('typed.orderCode')}
              </label>
              <input
                id="lead-order-code"
                className={styles.input}
                value={orderCode}
                onChange={(event) => setOrderCode(event.target.value)}
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={80}
              />
              <label className={styles.label} htmlFor="lead-position">
                {t('typed.position')}
              </label>
              <select id="lead-position" className={styles.input} value={position} onChange={(event) => setPosition(event.target.value)}>
                <option value="">–</option>
                {[1, 2, 3, 4, 5].map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
              <label className={styles.label} htmlFor="lead-name">
                {t('typed.name')}
              </label>
              <input
                id="lead-name"
                className={styles.input}
                value={typedName}
                onChange={(event) => setTypedName(event.target.value)}
                autoComplete="off"
                aria-describedby="lead-name-hint"
                maxLength={80}
              />
              <p id="lead-name-hint" className={styles.meta}>
                {t('typed.nameHint')}
              </p>
              <button type="submit" className={styles.secondary} aria-disabled={pending ? true : undefined}>
                {t('typed.submit')}
              </button>
            </fieldset>
          </form>
        </section>
      ) : (
        <p className={styles.alert}>{offText}</p>
      )}
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
      {offline.refused.length ? (
        <div className={styles.alert} role="alert">
          <p>{t('offline.refused', { count: offline.refused.length, reasons: refusedReasons.join(' ') })}</p>
          <button type="button" className={styles.secondary} onClick={offline.dismissRefused}>
            {t('offline.dismiss')}
          </button>
        </div>
      ) : null}
      {offline.blocked && waiting.length ? (
        <div className={styles.alert} role="alert">
          <p>{refusal(offline.blocked)}</p>
          <button type="button" className={styles.secondary} onClick={offline.discard}>
            {t('offline.discard', { count: waitingScans(waiting) })}
          </button>
        </div>
      ) : null}
      {current?.kind === 'lead' ? (
        <LeadCard
          key={`${current.lead.id}:${current.lead.scans}`}
          lead={current.lead}
          questions={list.questions}
          heading={t('last.heading')}
          status={status}
          pending={pending}
          onSave={(values) => void save(values)}
        />
      ) : null}
      {shownQueued ? (
        <LeadCard
          key={`queued:${shownQueued.id}:${shownQueued.scans}`}
          lead={asLead(shownQueued)}
          waiting
          questions={[]}
          heading={t('last.heading')}
          status={status}
          pending={pending}
          onSave={(values) => void save(values)}
        />
      ) : null}
      {waiting.length ? (
        <section className={styles.card} aria-labelledby="leads-waiting-title">
          <h2 id="leads-waiting-title" className={styles.cardTitle}>
            {t('offline.heading')}
          </h2>
          <p className={styles.meta}>{t('offline.waiting', { count: waitingScans(waiting) })}</p>
          <ul className={styles.items} data-testid="lead-queue">
            {waiting.map((entry) => (
              <li key={entry.id} className={styles.item}>
                <p className={styles.name}>{t('offline.scannedAt', { when: venueTime(entry.scannedAt, list.timeZone) })}</p>
                <p className={styles.meta}>
                  {entry.qualified?.rating ? (
                    <span className={`${styles.badge} ${styles[entry.qualified.rating]}`}>{t(`ratings.${entry.qualified.rating}`)}</span>
                  ) : null}
                  {entry.qualified?.tags.map((tag) => (
                    <span key={tag} className={styles.tag}>
                      {tag}
                    </span>
                  ))}
                  {t('list.scans', { count: entry.scans })}
                </p>
                {entry.qualified?.notes ? <p className={styles.notes}>{entry.qualified.notes}</p> : null}
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setStatus(null)
                    setCurrent({ kind: 'queued', id: entry.id, repeated: false })
                  }}
                >
                  {t('qualify.edit')}
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => void offline.sync()}>
              {t('offline.sendNow')}
            </button>
          </div>
        </section>
      ) : null}
      <TeamLeads
        team={team}
        act={act}
        onEdit={(lead) => {
          setStatus(null)
          setCurrent({ kind: 'lead', lead, repeated: null })
        }}
        onExport={(format) => void exported(format)}
      />
      <QuestionsSection
        exhibitorId={exhibitorId}
        role={list.role}
        questions={list.questions}
        onChange={(questions) => {
          team.setQuestions(questions)
          // A changed or removed question may have taken answers with it.
          void act(reload)
        }}
      />
    </>
  )
}
