import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { exportLeads, type LeadListView, type LeadView, leadList, qualifyLead, scanLead } from '../../api/leads.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { useCurrentUser } from '../../components/account-menu/user-store.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { LEAD_RATINGS } from '../../../shared/rules/leads.ts'
import { Camera } from './camera.tsx'
import { LeadCard, LeadWho, type Qualification } from './lead-card.tsx'
import { type LeadsLoad, loadLeads } from './load.ts'
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
        <Back />
        <h1 className={styles.title}>{loaded.kind === 'leads' && loaded.exhibitor ? `${t('heading')} · ${loaded.exhibitor.name}` : t('heading')}</h1>
        {loaded.kind === 'login' ? <SignIn /> : null}
        {loaded.kind === 'choose' ? <Choose items={loaded.items} /> : null}
        {loaded.kind === 'missing' ? <p className={styles.alert}>{t('errors.notFound')}</p> : null}
        {loaded.kind === 'leads' ? <Leads key={loaded.exhibitorId} exhibitorId={loaded.exhibitorId} initial={loaded.list} /> : null}
      </div>
    </main>
  )
}

/** Signing in (or out) from the prompt loads the page again for whoever is signed in now. */
function useReloadWhenUserChanges(): void {
  const userId = useCurrentUser()?.userId ?? null
  const revalidator = useRevalidator()
  const shown = useRef(userId)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the user changes
  useEffect(() => {
    if (userId === shown.current) return
    shown.current = userId
    void revalidator.revalidate()
  }, [userId])
}

function Back() {
  const { t } = useTranslation('leads')
  const site = useSite()
  return (
    <p className={styles.back}>
      <Link to={`/${site.lang}/exhibitor.html`}>
        <span aria-hidden="true">←</span>
        {t('back')}
      </Link>
    </p>
  )
}

function SignIn() {
  const { t } = useTranslation('exhibitor')
  return (
    <section className={styles.card}>
      <p className={styles.muted}>{t('login.text')}</p>
      <LoginButton className={styles.primary}>{t('login.button')}</LoginButton>
    </section>
  )
}

function Choose({ items }: { items: Extract<LeadsLoad, { kind: 'choose' }>['items'] }) {
  const { t } = useTranslation('leads')
  const site = useSite()
  return (
    <section className={styles.card}>
      <p className={styles.muted}>{t('chooseExhibitor')}</p>
      <ul className={styles.choose}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/${site.lang}/exhibitor/leads?id=${item.id}`}>
              {item.name} · {item.exhibition.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A refusal as the member reads it: the leads namespace's own keys, else the common ones. */
function useRefusal() {
  const { t } = useTranslation('leads')
  return (error: unknown) => {
    if (!(error instanceof GatewayError)) return t('common:errors.unexpected')
    return error.code.includes(':') ? t(error.code) : t(`common:${error.code}`)
  }
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

function Leads({ exhibitorId, initial }: { exhibitorId: number; initial: LeadListView }) {
  const { t } = useTranslation('leads')
  const gateway = useGateway()
  const refusal = useRefusal()
  const [list, setList] = useState(initial)
  const [current, setCurrent] = useState<{ lead: LeadView; repeated: boolean | null } | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [orderCode, setOrderCode] = useState('')
  const [position, setPosition] = useState('')
  const [search, setSearch] = useState('')
  const [rating, setRating] = useState('')

  const reload = async (filters = { search, rating }) => {
    setList(
      await gateway.call(leadList, {
        exhibitorId,
        search: filters.search || undefined,
        rating: (filters.rating || undefined) as (typeof LEAD_RATINGS)[number] | 'none' | undefined,
      }),
    )
  }

  const act = async (action: () => Promise<void>) => {
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

  const scanned = async (payload: { code: string } | { orderCode: string; position?: number }) =>
    act(async () => {
      const answer = await gateway.call(scanLead, { exhibitorId, ...payload })
      setCurrent(answer)
      setStatus(answer.repeated ? t('last.repeated', { count: answer.lead.scans }) : t('last.added'))
      await reload()
    })

  const save = (values: Qualification) =>
    act(async () => {
      if (!current) return
      const answer = await gateway.call(qualifyLead, { exhibitorId, leadId: current.lead.id, ...values })
      setCurrent({ lead: answer.lead, repeated: current.repeated })
      setStatus(t('qualify.saved'))
      await reload()
    })

  const exported = (format: 'csv' | 'xlsx') => act(async () => download(await gateway.call(exportLeads, { exhibitorId, format })))

  // Why capture is off, in the exhibitor's words: the organiser's switch, or a booth package without it.
  const offText = t(list.captureOff === 'package' ? 'packageOff' : 'captureOff')
  if (!list.captureOn && !list.total) return <p className={styles.alert}>{offText}</p>
  return (
    <>
      <p className={styles.lead}>{t('intro')}</p>
      {list.captureOn ? (
        <section className={styles.card} aria-label={t('scan.start')}>
          <Camera onCode={(code) => scanned({ code })} />
          <form
            className={styles.typed}
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (orderCode.trim()) void scanned({ orderCode: orderCode.trim(), position: position ? Number(position) : undefined })
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
      {current ? (
        <LeadCard
          key={`${current.lead.id}:${current.lead.scans}`}
          lead={current.lead}
          heading={t('last.heading')}
          status={status}
          pending={pending}
          onSave={(values) => void save(values)}
        />
      ) : null}
      <section className={styles.card} aria-labelledby="leads-list-title">
        <h2 id="leads-list-title" className={styles.cardTitle}>
          {t('list.heading')}
        </h2>
        <p className={styles.meta}>{t('list.summary', { count: list.total, scans: list.scans })}</p>
        <form
          className={styles.filters}
          onSubmit={(event) => {
            event.preventDefault()
            void act(() => reload())
          }}
        >
          <label className={styles.label} htmlFor="leads-search">
            {t('list.search')}
          </label>
          <input id="leads-search" type="search" className={styles.input} value={search} onChange={(event) => setSearch(event.target.value)} maxLength={80} />
          <label className={styles.label} htmlFor="leads-rating">
            {t('list.rating')}
          </label>
          <select
            id="leads-rating"
            className={styles.input}
            value={rating}
            onChange={(event) => {
              setRating(event.target.value)
              void act(() => reload({ search, rating: event.target.value }))
            }}
          >
            <option value="">{t('list.all')}</option>
            {LEAD_RATINGS.map((value) => (
              <option key={value} value={value}>
                {t(`ratings.${value}`)}
              </option>
            ))}
            <option value="none">{t('list.none')}</option>
          </select>
        </form>
        {list.items.length ? (
          <ul className={styles.items} data-testid="lead-list">
            {list.items.map((lead) => (
              <li key={lead.id} className={styles.item}>
                <LeadWho lead={lead} />
                <p className={styles.meta}>
                  {lead.rating ? <span className={`${styles.badge} ${styles[lead.rating]}`}>{t(`ratings.${lead.rating}`)}</span> : null}
                  {lead.tags.map((tag) => (
                    <span key={tag} className={styles.tag}>
                      {tag}
                    </span>
                  ))}
                </p>
                {lead.notes ? <p className={styles.notes}>{lead.notes}</p> : null}
                <p className={styles.meta}>
                  {t('list.scannedBy', { who: lead.scannedBy ?? t('list.someone'), when: lead.scannedAtVenue })} · {t('list.scans', { count: lead.scans })}
                </p>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setStatus(null)
                    setCurrent({ lead, repeated: null })
                  }}
                >
                  {t('qualify.edit')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('list.empty')}</p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => void exported('csv')}>
            {t('download.csv')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => void exported('xlsx')}>
            {t('download.xlsx')}
          </button>
        </div>
      </section>
    </>
  )
}
