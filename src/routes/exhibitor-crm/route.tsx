import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { leadWebhook, replayLeadDelivery, rotateLeadWebhookSecret, setLeadWebhook, type WebhookDelivery, type WebhookView } from '../../api/lead-webhooks.ts'
import { useGateway } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { SIGNATURE_HEADER, WEBHOOK_LIMITS } from '../../../shared/rules/lead-webhooks.ts'
import { ToolBack, ToolChoose, ToolSignIn, useToolRefusal } from '../exhibitor-tool/parts.tsx'
import { type CrmLoad, loadCrm } from './load.ts'
import styles from './crm.module.css'

export const loader = loadCrm

/**
 * An exhibitor's CRM webhook (docs/product.md#lead-webhooks, `/{lang}/exhibitor/crm?id=`), its admins only:
 * the address and its switch, the signing secret shown once when made, how a receiver checks a request,
 * and the log of deliveries with "send again".
 */
export function Component() {
  const loaded = useLoaderData() as CrmLoad
  const { t } = useTranslation('crm')
  const name = 'exhibitor' in loaded && loaded.exhibitor ? loaded.exhibitor.name : null
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('intro')} noindex />
      <div className={`container ${styles.inner}`}>
        <ToolBack namespace="crm" styles={styles} exhibitorId={loaded.kind === 'webhook' ? loaded.view.exhibitorId : null} />
        <h1 className={styles.title}>{name ? `${t('heading')} · ${name}` : t('heading')}</h1>
        {loaded.kind === 'login' ? <ToolSignIn styles={styles} /> : null}
        {loaded.kind === 'choose' ? (
          loaded.items.length ? (
            <ToolChoose namespace="crm" styles={styles} items={loaded.items} page="exhibitor/crm" />
          ) : (
            <p className={styles.alert}>{t('adminsOnly')}</p>
          )
        ) : null}
        {loaded.kind === 'missing' ? <p className={styles.alert}>{t('errors.notFound')}</p> : null}
        {loaded.kind === 'adminsOnly' ? <p className={styles.alert}>{t('adminsOnly')}</p> : null}
        {loaded.kind === 'webhook' ? <Webhook key={loaded.view.exhibitorId} initial={loaded.view} /> : null}
      </div>
    </main>
  )
}

function Webhook({ initial }: { initial: WebhookView }) {
  const { t } = useTranslation('crm')
  const gateway = useGateway()
  const refusal = useToolRefusal('crm')
  const exhibitorId = initial.exhibitorId
  const [view, setView] = useState(initial)
  const [url, setUrl] = useState(initial.webhook?.url ?? '')
  const [enabled, setEnabled] = useState(initial.webhook?.enabled ?? true)
  const [secret, setSecret] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [urlProblem, setUrlProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const secretRef = useRef<HTMLInputElement>(null)
  const urlHint = useId()
  const urlError = useId()

  const act = async (action: () => Promise<void>) => {
    if (pending) return
    setPending(true)
    setProblem(null)
    setStatus(null)
    try {
      await action()
    } catch (error) {
      const field = error instanceof GatewayError ? error.fields.url : undefined
      if (field) setUrlProblem(t(field))
      else setProblem(refusal(error))
    } finally {
      setPending(false)
    }
  }

  const showSecret = (made: string) => {
    setSecret(made)
    // The secret is read once: focus goes to it, so it is announced and ready to copy.
    requestAnimationFrame(() => secretRef.current?.select())
  }

  const save = () =>
    act(async () => {
      setUrlProblem(null)
      const answer = await gateway.call(setLeadWebhook, { exhibitorId, url: url.trim(), enabled })
      setView(answer.view)
      if (answer.secret) showSecret(answer.secret)
      setStatus(enabled ? t('settings.saved') : t('settings.off'))
    })

  const rotate = () =>
    act(async () => {
      const answer = await gateway.call(rotateLeadWebhookSecret, { exhibitorId })
      setConfirming(false)
      setView(answer.view)
      showSecret(answer.secret)
    })

  const replay = (delivery: WebhookDelivery) =>
    act(async () => {
      setView(await gateway.call(replayLeadDelivery, { exhibitorId, deliveryId: delivery.id }))
      setStatus(t('log.replayed'))
    })

  const refresh = () => act(async () => setView(await gateway.call(leadWebhook, { exhibitorId })))

  return (
    <>
      <p className={styles.lead}>{t('intro')}</p>
      <section className={styles.card} aria-labelledby="crm-settings">
        <h2 id="crm-settings" className={styles.cardTitle}>
          {t('settings.title')}
        </h2>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <label className={styles.label} htmlFor="crm-url">
            {t('settings.url')}
          </label>
          <p id={urlHint} className={styles.hint}>
            {t('settings.urlHint')}
          </p>
          <input
            id="crm-url"
            className={styles.input}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            maxLength={WEBHOOK_LIMITS.url}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={urlProblem ? `${urlHint} ${urlError}` : urlHint}
            placeholder="https://"
          />
          {urlProblem ? (
            <p id={urlError} className={styles.fieldError}>
              {urlProblem}
            </p>
          ) : null}
          <label className={styles.check}>
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            {t('settings.enabled')}
          </label>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={pending}>
              {t('settings.save')}
            </button>
          </div>
        </form>
        <div aria-live="polite">{status ? <p className={styles.status}>{status}</p> : null}</div>
        <div aria-live="assertive">{problem ? <p className={styles.alert}>{problem}</p> : null}</div>
      </section>

      {view.webhook ? (
        <section className={styles.card} aria-labelledby="crm-secret">
          <h2 id="crm-secret" className={styles.cardTitle}>
            {t('secret.title')}
          </h2>
          {secret ? (
            <div className={styles.secret} role="status">
              <p className={styles.secretOnce}>{t('secret.once')}</p>
              <label className={styles.label} htmlFor="crm-secret-value">
                {t('secret.label')}
              </label>
              <div className={styles.copyRow}>
                <input id="crm-secret-value" ref={secretRef} className={`${styles.input} ${styles.mono}`} readOnly value={secret} />
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    void navigator.clipboard?.writeText(secret).then(() => setStatus(t('secret.copied')))
                  }}
                >
                  {t('secret.copy')}
                </button>
              </div>
            </div>
          ) : null}
          <p className={styles.muted}>{t('secret.setAt', { at: view.webhook.secretSetAtVenue })}</p>
          {confirming ? (
            <div className={styles.confirm}>
              <p className={styles.muted}>{t('secret.rotateConfirm')}</p>
              <div className={styles.actions}>
                <button type="button" className={styles.primary} disabled={pending} onClick={() => void rotate()}>
                  {t('secret.rotateYes')}
                </button>
                <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
                  {t('secret.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
                {t('secret.rotate')}
              </button>
            </div>
          )}
          <h3 className={styles.subTitle}>{t('verify.title')}</h3>
          <p className={styles.muted}>{t('verify.text', { header: SIGNATURE_HEADER })}</p>
        </section>
      ) : null}

      {view.webhook ? (
        <section className={styles.card} aria-labelledby="crm-log">
          <div className={styles.logHead}>
            <h2 id="crm-log" className={styles.cardTitle}>
              {t('log.title')}
            </h2>
            <button type="button" className={styles.secondary} disabled={pending} onClick={() => void refresh()}>
              {t('log.refresh')}
            </button>
          </div>
          {view.deliveries.length ? (
            <ul className={styles.log}>
              {view.deliveries.map((delivery) => (
                <Delivery key={delivery.id} delivery={delivery} pending={pending} onReplay={() => void replay(delivery)} />
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('log.empty')}</p>
          )}
        </section>
      ) : null}
    </>
  )
}

function Delivery({ delivery, pending, onReplay }: { delivery: WebhookDelivery; pending: boolean; onReplay: () => void }) {
  const { t } = useTranslation('crm')
  const event = delivery.event.split('.')[1] as 'created' | 'updated' | 'anonymised'
  return (
    <li className={styles.delivery}>
      <p className={styles.deliveryHead}>
        <span className={`${styles.badge} ${styles[delivery.status]}`}>{t(`statuses.${delivery.status}`)}</span>
        <span id={`crm-delivery-${delivery.id}`} className={styles.event}>
          {t(`events.${event}`, { id: delivery.leadId })}
        </span>
      </p>
      <p className={styles.meta}>
        <span>{delivery.occurredAtVenue}</span>
        <span>{t('log.attempts', { count: delivery.attempts })}</span>
        {delivery.lastStatus !== null ? <span>{t('log.httpStatus', { status: delivery.lastStatus })}</span> : null}
        {delivery.lastError ? <span>{t(`deliveryErrors.${delivery.lastError}`)}</span> : null}
        {delivery.nextAttemptAtVenue ? <span>{t('log.next', { at: delivery.nextAttemptAtVenue })}</span> : null}
      </p>
      {delivery.answer ? <p className={`${styles.answer} ${styles.mono}`}>{delivery.answer}</p> : null}
      {delivery.status !== 'pending' ? (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={pending} onClick={onReplay} aria-describedby={`crm-delivery-${delivery.id}`}>
            {t('log.replay')}
          </button>
        </div>
      ) : null}
    </li>
  )
}
