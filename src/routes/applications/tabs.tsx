import { type KeyboardEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import styles from './apply.module.css'

export const TABS = ['exhibitor', 'attendee'] as const
export type Tab = (typeof TABS)[number]

export function tabOf(value: string | null): Tab {
  return value === 'attendee' ? 'attendee' : 'exhibitor'
}

export const tabId = (tab: Tab) => `apply-tab-${tab}`
export const panelId = (tab: Tab) => `apply-panel-${tab}`

/**
 * The WAI-ARIA tabs pattern (automatic activation): one tab stop, arrow keys, Home and End move and
 * select. Each tab is also a link to `?tab=...`, so a tab can be shared, and works before the
 * page's script has loaded.
 */
export function ApplyTabs({ active }: { active: Tab }) {
  const { t } = useTranslation('apply')
  const location = useLocation()
  const navigate = useNavigate()
  const refs = useRef<Record<Tab, HTMLAnchorElement | null>>({ exhibitor: null, attendee: null })

  const searchFor = (tab: Tab) => {
    const params = new URLSearchParams(location.search)
    params.set('tab', tab)
    return `?${params.toString()}`
  }
  const select = (tab: Tab) => {
    navigate({ search: searchFor(tab) }, { replace: true, preventScrollReset: true })
    refs.current[tab]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = TABS.indexOf(active)
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    select(next)
  }

  return (
    <div role="tablist" aria-label={t('tabs.label')} className={styles.tablist}>
      {TABS.map((tab) => {
        const selected = tab === active
        return (
          <Link
            key={tab}
            ref={(element) => {
              refs.current[tab] = element
            }}
            to={{ search: searchFor(tab) }}
            replace
            preventScrollReset
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            className={`${styles.tab} ${selected ? styles.tabSelected : ''}`}
            onKeyDown={onKeyDown}
          >
            <span className={styles.tabLabel}>{t(`tabs.${tab}`)}</span>
            <span className={styles.tabHint}>{t(`tabs.${tab}Hint`)}</span>
          </Link>
        )
      })}
    </div>
  )
}
