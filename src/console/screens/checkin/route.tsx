import { Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation } from 'react-router'
import { checkinExhibitions } from '../../../api/console-checkin.ts'
import { isNameQuery } from '../../../../shared/rules/names.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf } from '../../i18n.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { Answer, doorTime, isGood } from './answer.tsx'
import styles from './checkin.module.css'
import { deviceId as readDeviceId, keepScreenOffline, storeChoice, storedChoice, storedGates } from './device.ts'
import { type DoorScan, gateCounts, listTickets, lookUp } from './door-model.ts'
import { type DoorChoice, DoorSetup } from './door-setup.tsx'
import { signal } from './feedback.ts'
import { Scanner } from './scanner.tsx'
import { useDoor } from './use-door.ts'
import type { BadgeStock } from '../../../../shared/rules/badges.ts'
import { useErrorText } from '../../ui/use-error-text.ts'
import { KIOSK_PATH } from '../../lib/kiosk.ts'
import { lazySection } from '../../../lib/lazy-section.tsx'
import { Panel } from '../../ui/panel.tsx'

/** The printed badge's view and the QR drawing it needs: not part of the door's first load. */
const BadgePrint = lazySection('checkin/badge-print', () => import('./badge-print.tsx').then((module) => module.default))
/**
 * Kiosk mode (docs/product.md#kiosk), the same door at its own address: loaded only there. It is
 * handed the door's own parts rather than importing them, so they stay one piece of the door's first
 * load (shared with a second lazy module they were split into chunks of their own, 0.5 KB more).
 */
const DOOR_PARTS = { BadgePrint, Scanner, useDoor, signal, deviceId: readDeviceId, keepScreenOffline, storedChoice }
export type DoorParts = typeof DOOR_PARTS
const Kiosk = lazySection('checkin/kiosk', () => import('./kiosk.tsx').then((module) => module.default))

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, checkinExhibitions, {})
}

export function Component() {
  return useLocation().pathname === KIOSK_PATH ? (
    <Suspense fallback={null}>
      <Kiosk door={DOOR_PARTS} />
    </Suspense>
  ) : (
    <Door />
  )
}

/** How many of the device's last scans are listed, each with its undo. */
const RECENT_SHOWN = 8

/**
 * The door (docs/product.md#checkin): choose exhibition and gate once, then scan. Every answer comes
 * from the device itself, so the door keeps working without network; the server's word arrives with
 * each sync. Made for a phone held in one hand.
 */
function Door() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const locale = htmlLangOf(language)
  const { exhibitions } = useLoaderData() as Awaited<ReturnType<typeof loader>>
  const [device, setDevice] = useState<string | null>(null)
  const [choice, setChoice] = useState<DoorChoice | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [gates, setGates] = useState<string[]>([])
  const [last, setLast] = useState<DoorScan | null>(null)
  const [printing, setPrinting] = useState<DoorScan | null>(null)
  const door = useDoor(choosing ? null : (choice?.exhibitionId ?? null), device ?? '')

  // The device's own memory exists only in the browser: read after hydrating.
  useEffect(() => {
    setDevice(readDeviceId())
    setChoice(storedChoice())
    setGates(storedGates())
    void keepScreenOffline().catch(() => undefined)
  }, [])

  const choose = (next: DoorChoice) => {
    storeChoice(next)
    setGates(storedGates())
    setChoice(next)
    setChoosing(false)
    setLast(null)
  }

  const answer = useCallback(
    async (input: { code: string } | { ticketKey: string }) => {
      if (!choice) return
      const scan = await door.scan(input, choice.gate)
      if (!scan) return
      setLast(scan)
      signal(isGood(scan.outcome))
    },
    [choice, door.scan],
  )

  const data = door.data
  const timeZone = data?.list.exhibition.timeZone ?? 'UTC'
  // The last answer as the server corrected it after a sync.
  const shown = last ? (data?.recent.find((scan) => scan.id === last.id) ?? last) : null
  const knownGates = useMemo(() => [...new Set([...gates, ...(data?.list.gates.map((gate) => gate.gate) ?? [])])], [gates, data])

  if (!device || !choice || choosing) {
    return (
      <ConsolePage title={t('checkin.title')} lead={t('checkin.lead')}>
        <DoorHead language={language} />
        <DoorSetup exhibitions={exhibitions} knownGates={knownGates} initial={choice} onChoose={choose} />
      </ConsolePage>
    )
  }

  const waiting = (data?.scans.length ?? 0) + (data?.undos.length ?? 0)
  const counts = data ? gateCounts(data) : []
  const title = data?.list.exhibition.title ?? exhibitions.find((exhibition) => exhibition.id === choice.exhibitionId)?.title ?? ''
  return (
    <ConsolePage title={t('checkin.title')}>
      <DoorHead language={language} />
      <section className={styles.doorBar} aria-label={t('checkin.door.label')}>
        <p className={styles.doorWhere}>
          <strong>{title}</strong> · {t('checkin.door.gate', { gate: choice.gate })}
        </p>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setChoosing(true)}>
          {t('checkin.door.change')}
        </button>
        <Link to={`${KIOSK_PATH}?start`} replace className={`${ui.button} ${ui.small}`}>
          {t('checkin.door.kiosk')}
        </Link>
        <p className={styles.network} role="status">
          <span className={door.online ? styles.online : styles.offline}>
            <span aria-hidden="true">{door.online ? '●' : '○'}</span> {door.online ? t('checkin.door.online') : t('checkin.door.offline')}
          </span>
          <span>{t('checkin.door.waiting', { count: waiting })}</span>
          {data ? <span className={ui.muted}>{t('checkin.door.syncedAt', { time: doorTime(data.list.serverTime, timeZone, locale) })}</span> : null}
        </p>
        <button type="button" className={`${ui.button} ${ui.small}`} disabled={door.syncing} onClick={() => void door.sync()}>
          {door.syncing ? t('checkin.door.syncing') : t('checkin.door.syncNow')}
        </button>
      </section>

      {door.problem ? <p className={ui.alert}>{t(`checkin.problem.${door.problem}`)}</p> : null}
      {door.learnt ? (
        <div className={styles.learnt} role="alert">
          {door.learnt.already.length ? (
            <p>
              {t('checkin.learnt.already', {
                count: door.learnt.already.length,
                gates: [...new Set(door.learnt.already.map((item) => item.gate))].join(', '),
              })}
            </p>
          ) : null}
          {door.learnt.refused.length ? <p>{t('checkin.learnt.refused', { count: door.learnt.refused.length })}</p> : null}
          <ul className={styles.learntNames}>
            {[...door.learnt.already, ...door.learnt.refused].map((item) => (
              <li key={item.scanId}>
                {'gate' in item
                  ? t('checkin.learnt.alreadyOne', { name: item.name, gate: item.gate })
                  : `${item.name}: ${t(`checkin.outcome.${item.outcome}`)}`}
              </li>
            ))}
          </ul>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={door.dismissLearnt}>
            {t('checkin.learnt.dismiss')}
          </button>
        </div>
      ) : null}

      {data ? (
        <>
          <Answer scan={shown} deviceId={device} timeZone={timeZone} locale={locale} />
          {shown && isGood(shown.outcome) && shown.name ? (
            <div className={styles.printAction}>
              <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setPrinting(shown)}>
                {t('checkin.print.action')}
              </button>
            </div>
          ) : null}
          {printing ? (
            <Suspense fallback={null}>
              <BadgePrint scan={printing} exhibition={title} stock={choice.stock ?? 'a6'} onClose={() => setPrinting(null)} />
            </Suspense>
          ) : null}
          <Scanner onCode={(code) => answer({ code })} />
          <ManualLookUp tickets={listTickets(data.list)} onCheckIn={(ticketKey) => void answer({ ticketKey })} />
          <RecentScans scans={data.recent.slice(0, RECENT_SHOWN)} timeZone={timeZone} locale={locale} onUndo={door.undo} />
          <Panel title={t('checkin.counts.title')}>
            <dl className={styles.counts}>
              {counts.map((count) => (
                <div key={count.gate}>
                  <dt>{count.gate}</dt>
                  <dd>{count.checkedIn}</dd>
                </div>
              ))}
              <div className={styles.total}>
                <dt>{t('checkin.counts.total')}</dt>
                <dd>
                  {t('checkin.counts.ofTickets', {
                    count: counts.reduce((sum, count) => sum + count.checkedIn, 0),
                    tickets: listTickets(data.list).filter((ticket) => ticket.state === 'valid').length,
                  })}
                </dd>
              </div>
            </dl>
          </Panel>
          <AllBadges exhibitionId={data.list.exhibition.id} stock={choice.stock ?? 'a6'} />
        </>
      ) : (
        <p className={ui.panel}>{door.loading ? t('checkin.door.loading') : null}</p>
      )}
    </ConsolePage>
  )
}

/** The installable web app's manifest (named in the member's language) and colour, for this screen only. */
function DoorHead({ language }: { language: string }) {
  return (
    <>
      <link rel="manifest" href={`/console-checkin.${language}.webmanifest`} />
      <meta name="theme-color" content="#0b1f3a" />
    </>
  )
}

function ManualLookUp({ tickets, onCheckIn }: { tickets: Parameters<typeof lookUp>[0]; onCheckIn: (ticketKey: string) => void }) {
  const { t } = useTranslation()
  const ids = useId()
  const [query, setQuery] = useState('')
  const found = lookUp(tickets, query)
  return (
    <section className={ui.panel} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={ui.panelTitle}>
        {t('checkin.lookup.title')}
      </h2>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${ids}-query`}>
          {t('checkin.lookup.query')}
        </label>
        <input id={`${ids}-query`} className={ui.input} type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
      </div>
      {isNameQuery(query) ? (
        found.length ? (
          <ul className={styles.results}>
            {found.map((ticket) => (
              <li key={ticket.key} className={styles.result}>
                <div>
                  <p className={styles.resultName}>{ticket.name}</p>
                  <p className={ui.hint}>
                    <span className={ui.mono}>{ticket.orderNumber}</span> ·{' '}
                    {ticket.company ? t('checkin.answer.exhibitor', { company: ticket.company }) : ticket.ticketType} ·{' '}
                    {ticket.state === 'valid' ? (ticket.checkin ? t('checkin.lookup.in') : t('checkin.lookup.notIn')) : t(`checkin.outcome.${ticket.state}`)}
                  </p>
                </div>
                <button
                  type="button"
                  className={`${ui.button} ${ui.primary}`}
                  aria-label={t('checkin.lookup.checkInName', { name: ticket.name })}
                  onClick={() => onCheckIn(ticket.key)}
                >
                  {t('checkin.lookup.checkIn')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.hint}>{t('checkin.lookup.none')}</p>
        )
      ) : null}
    </section>
  )
}

function RecentScans({ scans, timeZone, locale, onUndo }: { scans: DoorScan[]; timeZone: string; locale: string; onUndo: (scanId: string) => void }) {
  const { t } = useTranslation()
  if (!scans.length) return null
  return (
    <Panel title={t('checkin.recent.title')}>
      <ul className={styles.results}>
        {scans.map((scan) => (
          <li key={scan.id} className={styles.result}>
            <div>
              <p className={styles.resultName}>
                {t(`checkin.outcome.${scan.outcome}`)}
                {scan.name ? ` · ${scan.name}` : ''}
              </p>
              <p className={ui.hint}>
                {doorTime(scan.at, timeZone, locale)} · {scan.gate} ·{' '}
                {scan.undone ? t('checkin.recent.undone') : scan.synced ? t('checkin.recent.synced') : t('checkin.recent.waiting')}
              </p>
            </div>
            {scan.outcome === 'checkedIn' && !scan.undone ? (
              <button type="button" className={ui.button} aria-label={t('checkin.recent.undoName', { name: scan.name ?? '' })} onClick={() => onUndo(scan.id)}>
                {t('checkin.recent.undo')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** Every badge of the exhibition as one PDF on the door's stock, to print before the doors open (docs/product.md#badges). */
function AllBadges({ exhibitionId, stock }: { exhibitionId: number; stock: BadgeStock }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const ids = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run() {
    setBusy(true)
    setError(null)
    try {
      // Printing every badge is done once before the doors open: its code is not part of the door's first load.
      const { downloadBadges } = await import('../../lib/badge-download.ts')
      await downloadBadges({ exhibitionId, stock })
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={ui.panel} aria-labelledby={`${ids}-badges`}>
      <h2 id={`${ids}-badges`} className={ui.panelTitle}>
        {t('badges.title')}
      </h2>
      <p className={ui.hint}>
        {t('badges.lead')} {t('badges.stock')}: {t(`badges.${stock}`)}
      </p>
      <button type="button" className={ui.button} disabled={busy} aria-busy={busy} onClick={() => void run()}>
        {busy ? t('badges.downloading') : t('badges.download')}
      </button>
      {error ? (
        <p className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
