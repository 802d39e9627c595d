import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import styles from './toast.module.css'

/** docs/product.md#limits: toasts last 1500 ms by default and sit 30% from the top. */
export const TOAST_DEFAULT_MS = 1500

export interface ToastOptions {
  /** How long it stays, in ms (default 1500). Errors a visitor must read may ask for longer. */
  duration?: number
  tone?: 'info' | 'success' | 'error'
  /** The control that caused it: the toast moves so it never covers it (phones). */
  anchor?: HTMLElement | null
}

interface ToastState {
  id: number
  message: string
  tone: NonNullable<ToastOptions['tone']>
  duration: number
  anchor: HTMLElement | null
}

interface ToastApi {
  show(message: string, options?: ToastOptions): void
}

const ToastContext = createContext<ToastApi | null>(null)

/** The one toast service of the site: every short message goes through it. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast outside ToastProvider')
  return api
}

const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null)
  const [position, setPosition] = useState<'middle' | 'high' | 'low'>('middle')
  const counter = useRef(0)
  const element = useRef<HTMLDivElement>(null)

  const show = useCallback((message: string, options: ToastOptions = {}) => {
    counter.current += 1
    setPosition('middle')
    setToast({ id: counter.current, message, tone: options.tone ?? 'info', duration: options.duration ?? TOAST_DEFAULT_MS, anchor: options.anchor ?? null })
  }, [])

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), toast.duration)
    return () => clearTimeout(timer)
  }, [toast])

  // Never cover the control that caused it: if the 30% position overlaps it, move above or below.
  useBrowserLayoutEffect(() => {
    if (!toast?.anchor || !element.current) return
    const box = element.current.getBoundingClientRect()
    const anchor = toast.anchor.getBoundingClientRect()
    const overlaps = box.bottom > anchor.top && box.top < anchor.bottom && box.right > anchor.left && box.left < anchor.right
    if (overlaps) setPosition(anchor.top > window.innerHeight / 2 ? 'high' : 'low')
  }, [toast])

  const api = useMemo(() => ({ show }), [show])
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always present so screen readers announce what is put in it (a polite live region). */}
      <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
        {toast ? (
          <div key={toast.id} ref={element} className={`${styles.toast} ${styles[toast.tone]} ${styles[position]}`} data-testid="toast" data-tone={toast.tone}>
            {toast.message}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  )
}
