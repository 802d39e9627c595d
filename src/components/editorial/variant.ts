import { useMatches } from 'react-router'
import type { ScreenHandle } from '../../routes/route-kit.ts'

/**
 * Where a news screen is shown: on the site itself, in the app's web view (`exhibition/h5/...`, the
 * mobile header without search and user icons) or in a pop-up or embed (`exhibition/pop/...`, the
 * news layout). Links between news screens stay within their variant.
 */
export type NewsVariant = 'site' | 'h5' | 'pop'

export function useNewsVariant(): NewsVariant {
  const matches = useMatches()
  if (matches.some((match) => match.id === 'layout-news')) return 'pop'
  return matches.some((match) => (match.handle as ScreenHandle | undefined)?.h5) ? 'h5' : 'site'
}

/** `/{lang}/exhibition/` with the variant's segment: the prefix of article addresses. */
export function articlePrefix(lang: string, variant: NewsVariant): string {
  return `/${lang}/exhibition/${variant === 'site' ? '' : `${variant}/`}`
}

/** The news list of a variant: news.html on the site, the bare variant path otherwise. */
export function newsListPath(lang: string, variant: NewsVariant): string {
  return variant === 'site' ? `/${lang}/exhibition/news.html` : `/${lang}/exhibition/${variant}`
}
