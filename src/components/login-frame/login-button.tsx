import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { type UserInfo, useSite } from '../../app-state.ts'
import styles from './login-button.module.css'

// The frame's code loads when a visitor first reaches for the button, not with every page.
const loadFrame = () => import('./login-frame.tsx')
const LoginFrame = lazy(() => loadFrame().then((module) => ({ default: module.LoginFrame })))

interface LoginButtonProps {
  className?: string
  children?: ReactNode
  /** After a successful login through the frame (the user is already in the page state). */
  onLoggedIn?(user: UserInfo): void
}

/**
 * docs/product.md#login logged out: a login button opens the login frame. It is a link to the login
 * page itself, back to this page afterwards: without scripts (or before hydration) that page's plain
 * forms log the visitor in; with scripts the click opens the frame instead.
 */
export function LoginButton({ className, children, onLoggedIn }: LoginButtonProps) {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLAnchorElement>(null)
  const prefetch = () => void loadFrame().catch(() => {})
  const openFrame = () => {
    setWanted(true)
    setOpen(true)
  }
  const loginPage = new URL('/login', site.config.loginOrigin)
  loginPage.searchParams.set('lang', site.lang)
  loginPage.searchParams.set('return', `${site.config.publicOrigin}${location.pathname}${location.search}`)
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a button where scripts run (Space too), and the login page's address for when they do not */}
      <a
        ref={button}
        href={loginPage.href}
        role="button"
        className={`${className ?? styles.loginButton} ${styles.asButton}`}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          event.preventDefault()
          openFrame()
        }}
        onKeyDown={(event) => {
          if (event.key !== ' ') return
          event.preventDefault()
          openFrame()
        }}
      >
        {children ?? t('nav.login')}
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <LoginFrame
            open={open}
            onClose={() => {
              setOpen(false)
              // Back to where the visitor was (the button may have been replaced by the user menu).
              if (button.current?.isConnected) button.current.focus()
            }}
            {...(onLoggedIn ? { onLoggedIn } : {})}
          />
        </Suspense>
      ) : null}
    </>
  )
}
