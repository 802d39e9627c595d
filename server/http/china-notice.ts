import { COOKIES } from '../../shared/contracts/cookies.ts'
import type { GeoAnswer } from '../geo/geo.ts'

/**
 * docs/product.md#china-notice: the China notice shows to visitors in China who do not hold the pass cookie. Asked by the
 * request context (what the page renders) and by the page cache (which copy a visitor gets), so the
 * two can never disagree.
 */
export function showsChinaNotice(geo: GeoAnswer, cookies: Readonly<Record<string, unknown>> | undefined): boolean {
  return geo.known && geo.alpha2 === 'CN' && !cookies?.[COOKIES.chinaPass]
}
