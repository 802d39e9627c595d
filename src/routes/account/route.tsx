import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { myProfile, type Profile, updateNick } from '../../api/accounts.ts'
import { ACCOUNT_LIMITS } from '../../../shared/rules/accounts.ts'
import { endSession } from '../../api/session.ts'
import type { WaitingWork } from '../../lib/sign-out-guards.ts'
import { SignOutRefusal } from '../../components/account-menu/sign-out-refusal.tsx'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { AccountApplications } from '../../components/account-applications/account-applications.tsx'
import { AccountOrders } from '../../components/account-orders/account-orders.tsx'
import { AccountWaitingList } from '../../components/account-waiting-list/account-waiting-list.tsx'
import { Avatar } from '../../components/account-menu/avatar.tsx'
import { currentUser, setCurrentUser, useCurrentUser } from '../../components/account-menu/user-store.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { useToast } from '../../components/toast/toast.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './account.module.css'
import { dateFormat } from '../../i18n/intl.ts'

interface AccountData {
  /** The logged-in user's profile; null for a visitor (or when it could not be read). */
  profile: Profile | null
}

export async function loader(args: LoaderFunctionArgs): Promise<AccountData> {
  const { gateway, site } = loaderContextOf(args)
  if (!currentUser(site)) return { profile: null }
  try {
    return { profile: await gateway.call(myProfile, {}, { signal: args.request.signal }) }
  } catch {
    return { profile: null }
  }
}

/**
 * My account (docs/product.md#routes info.html, docs/product.md#routes): profile, sign out, and the account sections of other
 * features. A visitor gets the login prompt. Personal: never cached, `noindex`.
 */
export function Component() {
  const { t } = useTranslation('account')
  const site = useSite()
  const { profile } = useLoaderData() as AccountData
  const user = useCurrentUser()
  const revalidator = useRevalidator()

  // A login or logout on this page (header, prompt, another tab) reloads the profile.
  const shownFor = profile?.userId ?? null
  const userId = user?.userId ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: revalidate only when the user changes
  useEffect(() => {
    if (userId !== shownFor && revalidator.state === 'idle') void revalidator.revalidate()
  }, [userId])

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('page.title')} description={t('page.description')} noindex />
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.title}>{t('page.title')}</h1>
        {user && profile && profile.userId === user.userId ? (
          <>
            <ProfileCard profile={profile} />
            <div className={styles.sections}>
              {/* Account sections of other features, one line each, e.g. <AccountOrders /> from
                  src/components/account-orders/ and <AccountApplications /> from
                  src/components/account-applications/ (they fetch their own data and strings). */}
              <AccountOrders />
              <AccountWaitingList />
              <AccountApplications />
            </div>
            {/* docs/product.md#routes: info.html is the exhibitor's way in; anyone may be invited to a team, so every member sees it. */}
            <nav className={styles.exhibitor} aria-labelledby="account-exhibitor-link">
              <Link id="account-exhibitor-link" className={styles.exhibitorLink} to={`/${site.lang}/exhibitor.html`}>
                {t('exhibitor.link')}
                <span aria-hidden="true"> →</span>
              </Link>
              <p className={styles.muted}>{t('exhibitor.hint')}</p>
            </nav>
          </>
        ) : user ? (
          <section className={styles.card} aria-busy="true" aria-labelledby="account-loading">
            <p id="account-loading" className={styles.muted}>
              {revalidator.state === 'loading' ? t('common:common.loading') : t('profile.unavailable')}
            </p>
            {revalidator.state === 'idle' ? (
              <button type="button" className={styles.secondary} onClick={() => void revalidator.revalidate()}>
                {t('common:common.retry')}
              </button>
            ) : null}
          </section>
        ) : (
          <section className={`${styles.card} ${styles.prompt}`} aria-labelledby="login-prompt-title">
            <h2 id="login-prompt-title" className={styles.promptTitle}>
              {t('prompt.title')}
            </h2>
            <p className={styles.muted}>{t('prompt.text')}</p>
            <LoginButton className={styles.primary} />
          </section>
        )}
      </div>
    </main>
  )
}

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account')
  const site = useSite()
  const gateway = useGateway()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [nick, setNick] = useState(profile.nick)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [waiting, setWaiting] = useState<WaitingWork[]>([])
  const input = useRef<HTMLInputElement>(null)
  const nickId = useId()
  const since = dateFormat(site.htmlLang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(profile.memberSince))

  useEffect(() => setNick(profile.nick), [profile.nick])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const value = nick.replace(/\s+/g, ' ').trim()
    if (value.length < ACCOUNT_LIMITS.nickMin || value.length > ACCOUNT_LIMITS.nickMax) {
      setError(t('profile.nickLength', { min: ACCOUNT_LIMITS.nickMin, max: ACCOUNT_LIMITS.nickMax }))
      input.current?.focus()
      return
    }
    setSaving(true)
    setError(null)
    try {
      const saved = await gateway.call(updateNick, { nick: value })
      setCurrentUser({ userId: saved.userId, nick: saved.nick, avatar: saved.avatar })
      setNick(saved.nick)
      toast.show(t('profile.saved'), { tone: 'success' })
      void revalidator.revalidate()
    } catch (failure) {
      const gatewayError = failure instanceof GatewayError ? failure : null
      const key = gatewayError?.fields.nick ?? gatewayError?.code ?? 'errors.unexpected'
      setError(
        t(key, { min: ACCOUNT_LIMITS.nickMin, max: ACCOUNT_LIMITS.nickMax, ...(gatewayError?.body as { data?: Record<string, unknown> } | undefined)?.data }),
      )
      input.current?.focus()
      if (gatewayError?.errorCode === 401) setCurrentUser(null)
    } finally {
      setSaving(false)
    }
  }

  const signOut = async () => {
    setSigningOut(true)
    // Scans made offline on this device would be lost: refused while any wait (docs/product.md#leads-offline).
    const held = await import('../../lib/sign-out-guards.ts').then(({ workWaiting }) => workWaiting(profile.userId)).catch(() => null)
    if (held === null || held.length) {
      setSigningOut(false)
      if (held) setWaiting(held)
      else toast.show(t('menu.signOutFailed'), { tone: 'error', duration: 4000 })
      return
    }
    const done = await endSession()
    setSigningOut(false)
    if (!done) {
      toast.show(t('menu.signOutFailed'), { tone: 'error', duration: 4000 })
      return
    }
    setCurrentUser(null)
    toast.show(t('menu.signedOut'), { tone: 'success' })
  }

  return (
    <section className={styles.card} aria-labelledby="profile-title">
      <h2 id="profile-title" className="visually-hidden">
        {t('profile.title')}
      </h2>
      <div className={styles.identity}>
        <Avatar user={profile} size="large" />
        <div className={styles.who}>
          <p className={styles.nick}>{profile.nick}</p>
          <p className={styles.email}>
            <span>{profile.email}</span>{' '}
            <span className={profile.emailVerified ? styles.verified : styles.unverified}>
              {profile.emailVerified ? t('profile.verified') : t('profile.unverified')}
            </span>
          </p>
          <p className={styles.muted}>{t('profile.memberSince', { date: since })}</p>
        </div>
        <button type="button" className={styles.secondary} onClick={signOut} disabled={signingOut}>
          {t('menu.signOut')}
        </button>
        {waiting.length ? <SignOutRefusal waiting={waiting} /> : null}
      </div>
      <form className={styles.nickForm} onSubmit={save} noValidate>
        <label htmlFor={nickId} className={styles.label}>
          {t('profile.nick')}
        </label>
        <div className={styles.row}>
          <input
            ref={input}
            id={nickId}
            name="nick"
            className={styles.input}
            value={nick}
            onChange={(event) => setNick(event.target.value)}
            maxLength={ACCOUNT_LIMITS.nickMax + 10}
            autoComplete="nickname"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${nickId}-hint${error ? ` ${nickId}-error` : ''}`}
            required
          />
          <button type="submit" className={styles.primary} disabled={saving || nick.trim() === profile.nick}>
            {t('profile.save')}
          </button>
        </div>
        <p id={`${nickId}-hint`} className={styles.hint}>
          {t('profile.nickHint', { min: ACCOUNT_LIMITS.nickMin, max: ACCOUNT_LIMITS.nickMax })}
        </p>
        {error ? (
          <p id={`${nickId}-error`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  )
}
