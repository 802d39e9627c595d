import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserInfo } from '../../app-state.ts'
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

/** docs/product.md#login logged out: a login button opens the login frame. */
export function LoginButton({ className, children, onLoggedIn }: LoginButtonProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const prefetch = () => void loadFrame().catch(() => {})
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className ?? styles.loginButton}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        {children ?? t('nav.login')}
      </button>
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
