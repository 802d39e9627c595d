import { type ReactNode, type Ref, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigationType } from 'react-router'
import { type UserInfo, useSite } from '../../app-state.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import styles from './checkout.module.css'

export const CHECKOUT_STEPS = ['tickets', 'attendees', 'review', 'payment', 'done'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** The five steps of buying tickets; the current one is marked for screen readers too. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const { t } = useTranslation('tickets')
  const index = CHECKOUT_STEPS.indexOf(current)
  return (
    <nav aria-label={t('steps.label')} className={styles.stepsNav}>
      <ol className={styles.steps}>
        {CHECKOUT_STEPS.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo'
          return (
            <li key={step} className={`${styles.step} ${styles[state]}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.stepMark} aria-hidden="true">
                {state === 'done' ? '✓' : position + 1}
              </span>
              <span className={styles.stepName}>
                {state === 'done' ? (
                  <>
                    <span aria-hidden="true">{t(`steps.${step}`)}</span>
                    <span className="visually-hidden">{t('steps.doneStep', { step: t(`steps.${step}`) })}</span>
                  </>
                ) : (
                  t(`steps.${step}`)
                )}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

interface CheckoutPageProps {
  title: string
  /** The tab title when it differs from the heading. */
  metaTitle?: string
  step?: CheckoutStep
  lead?: ReactNode
  children: ReactNode
  aside?: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
}

/** The frame every ticket and order screen shares: personal, never indexed, one main landmark. */
export function CheckoutPage({ title, metaTitle, step, lead, children, aside, headingRef }: CheckoutPageProps) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  // A new step starts at its top (the router keeps the scroll position between screens); going
  // back and forth (POP) keeps what the browser restores.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per screen reached by a link or a step
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0 })
  }, [pathname])
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={metaTitle ?? title} description={t('meta.description', { brand: site.config.brandName })} noindex />
      <div className={`container ${styles.inner}`}>
        {step ? <CheckoutSteps current={step} /> : null}
        <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {lead ? <div className={styles.lead}>{lead}</div> : null}
        {aside ? (
          <div className={styles.columns}>
            <div className={styles.mainColumn}>{children}</div>
            <aside className={styles.aside}>{aside}</aside>
          </div>
        ) : (
          children
        )}
      </div>
    </main>
  )
}

/** Logged-out visitors: why to log in, and the login frame (the flow continues where it was). */
export function LoginGate({ text, onLoggedIn }: { text?: string; onLoggedIn?(user: UserInfo): void }) {
  const { t } = useTranslation('tickets')
  return (
    <section className={`${styles.card} ${styles.gate}`} aria-labelledby="tickets-login-title">
      <h2 id="tickets-login-title" className={styles.cardTitle}>
        {t('login.title')}
      </h2>
      <p className={styles.muted}>{text ?? t('login.text')}</p>
      <LoginButton className={styles.primary} {...(onLoggedIn ? { onLoggedIn } : {})}>
        {t('login.button')}
      </LoginButton>
    </section>
  )
}

/** Moves focus to an element once it appears (a result heading, an error summary). */
export function useFocusOnMount<T extends HTMLElement>(active = true) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (active) ref.current?.focus()
  }, [active])
  return ref
}

/** A translated sentence with the order number kept on one line (it has a hyphen a line may break at). */
export function keepNumber(text: string, number: string): ReactNode {
  const parts = text.split(number)
  if (parts.length === 1) return text
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          // The pieces of one sentence never move: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className={styles.nowrap} translate="no">
            {number}
          </span>,
          part,
        ],
  )
}

export { styles as checkoutStyles }
