import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useMatches } from 'react-router'
import { useSite } from '../../app-state.ts'
import { LANGUAGE_INFO, type UrlLanguage } from '../../../shared/languages.ts'
import { useLanguageOptions } from '../../root.tsx'
import type { ScreenHandle } from '../../routes/route-kit.ts'
import { CheckIcon, ChevronDownIcon, GlobeIcon, MenuIcon, MoreIcon, SearchIcon, UserIcon } from '../icons/icons.tsx'
import { Logo } from '../logo/logo.tsx'
import { SidePanel } from '../side-panel/side-panel.tsx'
import { MenuControl } from './menu-control.tsx'
import { useOpenedOnce } from '../../lib/use-opened-once.ts'
import { useHydrated } from './use-hydrated.ts'
import { activeTabKey, languageSwitchHref, NAV_TABS, SHELL_ANCHORS, tabHref } from './nav-tabs.ts'
import styles from './header.module.css'

// useLayoutEffect warns during server rendering; measuring only makes sense in the browser anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

export interface HeaderProps {
  /** The desktop search box (a later issue fills it); its place is kept either way. */
  searchSlot?: ReactNode
  /** What the mobile search icon opens. */
  onMobileSearch?: () => void
  /** The login area of the mobile menu panel and the desktop header. */
  accountSlot?: ReactNode
}

export function Header({ searchSlot, onMobileSearch, accountSlot }: HeaderProps) {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const matches = useMatches()
  const h5 = matches.some((match) => (match.handle as ScreenHandle | undefined)?.h5)
  const active = activeTabKey(location.pathname)
  const scrolled = useScrolled()
  const [panel, setPanel] = useState<'menu' | 'language' | null>(null)

  // A navigation closes any open panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => setPanel(null), [location.pathname])

  return (
    <header className={`${styles.header} ${scrolled ? styles.scrolled : ''}`} data-scrolled={scrolled ? 'true' : 'false'}>
      {/* Desktop: the tools sit in a row above the tabs, so that every tab keeps room on a laptop;
          that row scrolls away and the tabs stay (the header sticks at minus its height). */}
      <div className={styles.utility}>
        <div className={styles.desktopTools}>
          <div className={styles.searchSlot}>{searchSlot}</div>
          <Link to={`/${site.lang}/info.html`} className={styles.exhibitorLink}>
            {t('nav.exhibitor')}
          </Link>
          {accountSlot}
          <LanguageDropdown />
        </div>
      </div>
      <div className={styles.bar}>
        <Link to={`/${site.lang}`} className={styles.logoLink} aria-label={t('nav.homeOf', { brand: site.config.brandName })}>
          <Logo brandName={site.config.brandName} />
        </Link>

        <DesktopTabs active={active} />

        <div className={styles.mobileTools}>
          {!h5 && onMobileSearch ? (
            <MenuControl href={`/${site.lang}/search.html`} className={styles.iconButton} onOpen={onMobileSearch} label={t('nav.search')}>
              <SearchIcon />
            </MenuControl>
          ) : null}
          {!h5 ? (
            <Link to={`/${site.lang}/info.html`} className={styles.iconButton} aria-label={t('nav.account')}>
              <UserIcon />
            </Link>
          ) : null}
          <MenuControl
            href={`#${SHELL_ANCHORS.languages}`}
            className={styles.iconButton}
            onOpen={() => setPanel('language')}
            label={t('nav.language')}
            popup="dialog"
            expanded={panel === 'language'}
          >
            <GlobeIcon />
          </MenuControl>
          <MenuControl
            href={`#${SHELL_ANCHORS.menu}`}
            className={styles.iconButton}
            onOpen={() => setPanel('menu')}
            label={t('nav.menu')}
            popup="dialog"
            expanded={panel === 'menu'}
          >
            <MenuIcon />
          </MenuControl>
        </div>
      </div>

      <SidePanel open={panel === 'language'} onClose={() => setPanel(null)} title={t('nav.language')} id="language-panel">
        <LanguageList className={styles.panelLanguages} />
      </SidePanel>
      <SidePanel open={panel === 'menu'} onClose={() => setPanel(null)} title={t('nav.menu')} id="menu-panel">
        <nav aria-label={t('nav.main')}>
          <ul className={styles.panelTabs}>
            {NAV_TABS.map((tab) => (
              <li key={tab.key}>
                <Link to={tabHref(site.lang, tab)} className={styles.panelTab} aria-current={active === tab.key ? 'page' : undefined}>
                  {t(`nav.tabs.${tab.key}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={`/${site.lang}/info.html`} className={styles.panelTab}>
                {t('nav.exhibitor')}
              </Link>
            </li>
          </ul>
        </nav>
        <div className={styles.panelLogin}>{accountSlot ?? <DefaultLoginArea />}</div>
      </SidePanel>
    </header>
  )
}

/** The login area until the accounts feature supplies its own: a way to the account page. */
function DefaultLoginArea() {
  const { t } = useTranslation()
  const site = useSite()
  if (site.user) {
    return (
      <Link to={`/${site.lang}/info.html`} className={styles.loginButton}>
        {site.user.nick}
      </Link>
    )
  }
  return (
    <Link to={`/${site.lang}/info.html`} className={styles.loginButton}>
      {t('nav.login')}
    </Link>
  )
}

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return scrolled
}

/**
 * Tabs that do not fit wrap onto a second line that the fixed-height list clips; after measuring,
 * those move into the "more" list (docs/product.md#header). Server HTML is already laid out, so nothing shifts.
 */
function DesktopTabs({ active }: { active: ReturnType<typeof activeTabKey> }) {
  const { t } = useTranslation()
  const site = useSite()
  const list = useRef<HTMLUListElement>(null)
  const [hidden, setHidden] = useState<number>(0)
  const [moreOpen, setMoreOpen] = useState(false)
  const menuId = useId()

  useBrowserLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const measure = () => {
      const items = [...element.children] as HTMLElement[]
      const firstTop = items[0]?.offsetTop ?? 0
      setHidden(items.filter((item) => item.offsetTop > firstTop + 4).length)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useDismiss(moreOpen, () => setMoreOpen(false), `[data-menu="${menuId}"]`)

  const overflow = hidden > 0 ? NAV_TABS.slice(NAV_TABS.length - hidden) : []
  return (
    <nav className={styles.tabsNav} aria-label={t('nav.main')}>
      <ul ref={list} className={styles.tabs}>
        {NAV_TABS.map((tab, index) => {
          const isHidden = index >= NAV_TABS.length - hidden
          return (
            <li key={tab.key} className={styles.tabItem} inert={isHidden} aria-hidden={isHidden || undefined}>
              <Link to={tabHref(site.lang, tab)} className={styles.tab} aria-current={active === tab.key ? 'page' : undefined}>
                {t(`nav.tabs.${tab.key}`)}
              </Link>
            </li>
          )
        })}
      </ul>
      {overflow.length ? (
        <div className={styles.more} data-menu={menuId}>
          <button
            type="button"
            className={`${styles.tab} ${styles.moreButton} ${overflow.some((tab) => tab.key === active) ? styles.moreActive : ''}`}
            aria-expanded={moreOpen}
            aria-controls={`${menuId}-list`}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <MoreIcon size={20} />
            <span className="visually-hidden">{t('nav.more')}</span>
          </button>
          <ul id={`${menuId}-list`} className={styles.dropdown} hidden={!moreOpen}>
            {overflow.map((tab) => (
              <li key={tab.key}>
                <Link
                  to={tabHref(site.lang, tab)}
                  className={styles.dropdownItem}
                  aria-current={active === tab.key ? 'page' : undefined}
                  onClick={() => setMoreOpen(false)}
                >
                  {t(`nav.tabs.${tab.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  )
}

/** Closes a disclosure on Escape or a click outside the element matching `selector`. */
function useDismiss(open: boolean, close: () => void, selector: string) {
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!(event.target as Element | null)?.closest(selector)) close()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close()
        ;(document.querySelector(`${selector} button`) as HTMLElement | null)?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, close, selector])
}

function LanguageDropdown() {
  const { t } = useTranslation()
  const site = useSite()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const listDrawn = useOpenedOnce(open)
  useDismiss(open, () => setOpen(false), `[data-menu="${menuId}"]`)
  return (
    <div className={styles.language} data-menu={menuId}>
      <MenuControl
        href={`#${SHELL_ANCHORS.languages}`}
        className={styles.languageButton}
        popup="true"
        expanded={open}
        controls={`${menuId}-list`}
        onOpen={() => setOpen((value) => !value)}
      >
        <img src={`/flags/3x2/${LANGUAGE_INFO[site.lang].flagCountry}.svg`} alt="" width="21" height="14" className={styles.flag} />
        <span>{LANGUAGE_INFO[site.lang].nativeName}</span>
        <span className="visually-hidden">{t('nav.changeLanguage')}</span>
        <ChevronDownIcon size={16} />
      </MenuControl>
      {/* Drawn on first opening, like the side panels: without script the button leads to the footer's list. */}
      <div id={`${menuId}-list`} className={`${styles.dropdown} ${styles.languageDropdown}`} hidden={!open}>
        {listDrawn ? <LanguageList /> : null}
      </div>
    </div>
  )
}

/** Plain links: switching language is a full reload of the same route with the query kept (docs/product.md#header). */
function LanguageList({ className }: { className?: string }) {
  const site = useSite()
  const location = useLocation()
  const options = useLanguageOptions()
  // The server renders a page by its path and the query it reads (the page cache drops the rest), so
  // the first links lack the visitor's other parameters; hydration does not patch attributes, so the
  // list is drawn again once in the browser to keep the whole query.
  const hydrated = useHydrated()
  return (
    <ul key={hydrated ? 'browser' : 'server'} className={className ?? styles.languageList}>
      {options.map((option) => {
        const code = option.LanguageCode as UrlLanguage
        const current = code === site.lang
        const htmlLang = LANGUAGE_INFO[code]?.htmlLang ?? code
        return (
          <li key={code}>
            <a
              className={styles.dropdownItem}
              href={languageSwitchHref(location.pathname, location.search, code)}
              hrefLang={htmlLang}
              lang={htmlLang}
              aria-current={current ? 'true' : undefined}
            >
              {/* Lazy: the list is closed on arrival, and eleven flags would compete with the page's first paint. */}
              <img src={option.Flag} alt="" width="21" height="14" loading="lazy" decoding="async" className={styles.flag} />
              <span className={styles.languageName}>{option.Language}</span>
              {current ? <CheckIcon size={18} /> : null}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
