import { matchPath } from 'react-router'
import { languageChoiceHref } from '../../../shared/contracts/cookies.ts'

export interface NavTab {
  key: 'home' | 'brandExhibition' | 'video' | 'news' | 'about' | 'bulletin'
  /** Path after /{lang}/ */
  path: string
  /** Route patterns on which the tab is active (docs/product.md#header). */
  activeOn: string[]
}

/** docs/product.md#header: the header tabs, in this order. */
export const NAV_TABS: NavTab[] = [
  { key: 'home', path: '', activeOn: ['/:lang'] },
  { key: 'brandExhibition', path: 'brandExhibition.html', activeOn: ['/:lang/brandExhibition.html', '/:lang/backDetail/:id'] },
  { key: 'video', path: 'video.html', activeOn: ['/:lang/video.html'] },
  {
    key: 'news',
    path: 'exhibition/news.html',
    activeOn: ['/:lang/exhibition/news.html', '/:lang/exhibition/:id', '/:lang/exhibition/h5/:id', '/:lang/exhibition/pop/:id'],
  },
  { key: 'about', path: 'about.html', activeOn: ['/:lang/about.html'] },
  { key: 'bulletin', path: 'bulletin.html', activeOn: ['/:lang/bulletin.html'] },
]

/**
 * Footer sections the header's menu and language controls link to: without JavaScript those
 * controls are plain links to them, and scripts turn them into buttons that open side panels.
 */
export const SHELL_ANCHORS = { menu: 'site-menu', languages: 'languages' } as const

export function activeTabKey(pathname: string): NavTab['key'] | null {
  for (const tab of NAV_TABS) {
    if (tab.activeOn.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return tab.key
  }
  return null
}

export function tabHref(lang: string, tab: NavTab): string {
  return tab.path ? `/${lang}/${tab.path}` : `/${lang}`
}

/**
 * docs/product.md#header: changing language reloads the same route with the new language and keeps the query,
 * through the server route that remembers the pick (a shared /en/... link never changes it).
 */
export function languageSwitchHref(pathname: string, search: string, target: string): string {
  const rest = pathname.replace(/^\/[^/]+/, '')
  return languageChoiceHref(`/${target}${rest}${search}`)
}
