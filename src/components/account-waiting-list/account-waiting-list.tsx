import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { leaveWaitingList, myWaitingList, type WaitingEntry } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { dateFormat } from '../../i18n/intl.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import { checkoutPath } from '../../../shared/checkout-steps.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useToast } from '../toast/toast.tsx'
import styles from '../account-section/account-section.module.css'

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: WaitingEntry[] }

/**
 * "My waiting lists" on the account page (docs/product.md#waiting-list): each place held, with the
 * place in line and the quantity, or the offer with its deadline at the venue and the link to buy the
 * seats held; leaving from here too. Personal, so fetched in the browser with its own strings (the
 * `tickets` namespace); an account waiting for nothing sees no section.
 */
export function AccountWaitingList() {
  const gateway = useGateway()
  const stringsReady = useNamespace('tickets')
  const [state, setState] = useState<State>({ kind: 'loading' })

  const load = useCallback(() => {
    gateway.call(myWaitingList, {}).then(
      (result) => setState({ kind: 'ready', entries: result.entries }),
      () => setState({ kind: 'failed' }),
    )
  }, [gateway])
  useEffect(load, [load])

  if (!stringsReady || state.kind === 'loading' || (state.kind === 'ready' && state.entries.length === 0)) return null
  return <WaitingEntries state={state} onChange={load} />
}

function WaitingEntries({ state, onChange }: { state: Exclude<State, { kind: 'loading' }>; onChange(): void }) {
  const { t } = useTranslation('tickets')
  return (
    <section className={styles.section} aria-labelledby="account-waiting-title">
      <div className={styles.head}>
        <h2 id="account-waiting-title" className={styles.title}>
          {t('waitingList.account.title')}
        </h2>
      </div>
      {state.kind === 'failed' ? (
        <div className={styles.note} role="alert">
          <p>{t('waitingList.account.failed')}</p>
          <button type="button" className={styles.retry} onClick={onChange}>
            {t('account.retry')}
          </button>
        </div>
      ) : (
        <ul className={styles.list}>
          {state.entries.map((entry) => (
            <Entry key={entry.ticketTypeId} entry={entry} onLeft={onChange} />
          ))}
        </ul>
      )}
    </section>
  )
}

function Entry({ entry, onLeft }: { entry: WaitingEntry; onLeft(): void }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const toast = useToast()
  const [leaving, setLeaving] = useState(false)
  const until = entry.offerUntil
    ? dateFormat(site.htmlLang, { dateStyle: 'long', timeStyle: 'short', timeZone: entry.timeZone }).format(new Date(entry.offerUntil))
    : ''
  const leave = async () => {
    if (leaving) return
    setLeaving(true)
    try {
      await gateway.call(leaveWaitingList, { ticketTypeId: entry.ticketTypeId })
      toast.show(t('waitingList.left'), { tone: 'success' })
      onLeft()
    } catch (error) {
      toast.show(t(error instanceof GatewayError ? error.code : 'errors.unexpected'), { tone: 'error', duration: 4000 })
      setLeaving(false)
    }
  }
  const headingId = `waiting-entry-${entry.ticketTypeId}`
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.exhibition}>
        <Link to={checkoutPath(site.lang, 'selection', { exhibitionId: entry.exhibitionId })}>{entry.exhibitionTitle}</Link>
      </h3>
      <p className={styles.meta}>{entry.typeName}</p>
      {entry.state === 'offered' ? (
        <>
          <p className={styles.meta}>{t('waitingList.offered', { count: entry.offeredQuantity ?? entry.quantity, until })}</p>
          {entry.offerToken ? (
            <Link className={styles.action} to={`${checkoutPath(site.lang, 'selection', { exhibitionId: entry.exhibitionId })}&offer=${entry.offerToken}`}>
              {t('waitingList.mail.buy')}
            </Link>
          ) : (
            <p className={styles.meta}>{t('waitingList.account.linkComing')}</p>
          )}
        </>
      ) : (
        <p className={styles.meta}>{t('waitingList.place', { place: entry.place, count: entry.quantity })}</p>
      )}
      <button type="button" className={styles.retry} onClick={leave} aria-disabled={leaving || undefined}>
        {entry.state === 'offered' ? t('waitingList.decline') : t('waitingList.leave')}
      </button>
    </li>
  )
}
