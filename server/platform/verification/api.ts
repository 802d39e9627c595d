import type { Request, Response, Router } from 'express'
import type { ChannelVerdict, ScamAlert } from '../../../shared/contracts/verification.ts'
import { isUrlLanguage, type Locale, localeOf, type UrlLanguage } from '../../../shared/languages.ts'
import { ALERT_LIMITS, ALERTS_API_PATH, VERIFY_API_PATH } from '../../../shared/rules/verification.ts'
import { controlCharacterFields } from '../../../shared/rules/text.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts'
import { DomainError } from '../errors.ts'
import { loadStrings } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import { addressKey, type RateRule } from '../rate-limits.ts'
import { MAX_URL_LENGTH } from './normalise/query.ts'
import type { VerificationService } from './verification.service.ts'

/**
 * An answer may be kept this long by the asker (a browser, a partner's tool), never by a shared cache:
 * the value may be someone's phone number, and a channel the organiser retires must stop answering
 * "official" within half a minute (docs/product.md#verification-api).
 */
export const VERIFY_API_CACHE = 'private, max-age=30'

/**
 * The alerts are public and the same for everyone: a shared cache may keep them briefly, so a withdrawn
 * alert leaves within a minute (docs/product.md#scam-alerts).
 */
export const ALERTS_API_CACHE = 'public, max-age=60'
/** Reads of the alerts' JSON per address: a partner's tool polling each minute stays far below. */
export const ALERTS_API_LIMITS: RateRule[] = [
  { name: 'verify.alerts', points: 30, durationSeconds: 60 },
  { name: 'verify.alerts.day', points: 2000, durationSeconds: 86_400 },
]

const verifyStrings = loadStrings('verify')
const commonStrings = loadStrings('common')

/** A refusal's code (`verify:errors.*` or `errors.*`) in the asker's language. */
function messageOf(code: string, locale: Locale, params: Record<string, string | number>): string {
  return code.startsWith('verify:') ? verifyStrings(locale)(code, params) : commonStrings(locale)(code, params)
}

/** The kind the answer is about: the chat service when the value named one. */
function kindOf(verdict: ChannelVerdict): string {
  return verdict.query.type === 'chat' ? (verdict.query.service ?? 'chat') : verdict.query.type
}

/** The answer's own sentences, as the verification page words them, in the asker's language. */
function explanation(verdict: ChannelVerdict, locale: Locale, brand: string) {
  const t = verifyStrings(locale)
  const { type } = verdict.query
  const compared =
    type === 'chat'
      ? verdict.notices.includes('inviteLink')
        ? 'result.compared.invite'
        : 'result.compared.chat'
      : type === 'usdtTrc20' || type === 'usdtErc20'
        ? 'result.compared.usdt'
        : `result.compared.${type}`
  const exhibitor = verdict.exhibitor
  const lookalike = verdict.lookalike
  const alert = verdict.alert
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso))
  return {
    title: alert ? t('result.scam.title', { date: day(alert.publishedAt) }) : t(`result.${verdict.verdict}.title`),
    text: alert
      ? t('result.scam.text', { party: alert.impersonates?.name ?? brand, date: day(alert.firstSeen) })
      : verdict.verdict === 'exhibitor' && exhibitor
        ? t('result.exhibitor.textNoExhibition', { exhibitor: exhibitor.name, brand, date: exhibitor.validUntil })
        : verdict.verdict === 'demo'
          ? t('result.demo.text')
          : t(`result.${verdict.verdict}.text`, { brand }),
    compared: t(compared, { compared: verdict.query.compared ?? verdict.query.display }),
    lookalike: lookalike
      ? lookalike.owner
        ? t('result.lookalike.exhibitor', { resembles: lookalike.resembles ?? '', exhibitor: lookalike.owner.name })
        : lookalike.resembles
          ? t(`result.lookalike.${lookalike.reason}`, { resembles: lookalike.resembles })
          : t(`result.lookalike.${lookalike.reason}Generic`)
      : null,
    notices: verdict.notices.map((notice) => t(`result.notice.${notice}`, { value: verdict.query.display })),
    next:
      verdict.verdict === 'scam'
        ? t('result.scam.next')
        : verdict.verdict === 'unofficial'
          ? t('result.next')
          : verdict.verdict === 'official'
            ? t('result.official.reminder')
            : null,
  }
}

/** An alert for other sites: the public one with its kind's word and a link to the alerts page. */
function alertEntry(alert: ScamAlert, lang: UrlLanguage, origin: string) {
  return { ...alert, link: `${origin}/${lang}/verify/alerts.html?q=${encodeURIComponent(alert.display)}` }
}

/** What a lookup's answer knows of its asker's request: the language asked for, and how to refuse in it. */
interface Asked {
  lang: UrlLanguage
  locale: Locale
  refuse(status: number, code: string, field: string | null, params?: Record<string, string | number>): void
}

/**
 * A public JSON lookup other sites call from any origin (the verification check and the scam alerts):
 * CORS and its preflight, GET or HEAD only, a known `lang`, and every refusal as a JSON error in the
 * asker's language; a database away is 503 with Retry-After, a rate limit 429 with its own.
 */
function mountLookup(
  router: Router,
  platform: Platform,
  path: string,
  name: string,
  answer: (req: Request, res: Response, asked: Asked) => Promise<void> | void,
): void {
  router.options(path, (_req: Request, res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
    res.setHeader('Access-Control-Max-Age', '86400')
    res.status(204).end()
  })
  router.all(path, async (req: Request, res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After')
    const lang = typeof req.query.lang === 'string' ? req.query.lang.toLowerCase() : 'en'
    const locale = isUrlLanguage(lang) ? localeOf(lang) : 'en'
    const refuse = (status: number, code: string, field: string | null, params: Record<string, string | number> = {}) => {
      res.setHeader('Cache-Control', 'no-store')
      res.status(status).json({ error: { code, message: messageOf(code, locale, params), fields: field ? { [field]: code } : {} } })
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, OPTIONS')
      return refuse(405, 'errors.methodNotAllowed', null)
    }
    if (!isUrlLanguage(lang)) return refuse(400, 'errors.invalid', 'lang')
    try {
      await answer(req, res, { lang, locale, refuse })
    } catch (error) {
      if (error instanceof DomainError) {
        if (error.errorCode === 429) res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        const field = error.fields ? (Object.keys(error.fields)[0] ?? null) : null
        return refuse(error.errorCode, error.code, field, error.params)
      }
      if (isDatabaseUnavailable(error)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        return refuse(503, 'errors.unavailable', null)
      }
      platform.logger.error({ err: error }, `${name} failed`)
      return refuse(500, 'errors.unexpected', null)
    }
  })
}

/**
 * GET /api/verify/alerts?q=...&before=...&lang=... (docs/product.md#scam-alerts): the live scam alerts as
 * JSON, newest first, one keyset page, from any origin; the same list as the alerts page.
 */
export function mountAlertsApi(router: Router, platform: Platform, service: VerificationService): void {
  mountLookup(router, platform, ALERTS_API_PATH, 'alerts API', async (req, res, { lang, locale, refuse }) => {
    const { q = '', before } = req.query
    if (typeof q !== 'string') return refuse(400, 'errors.invalid', 'q')
    if (q.length > ALERT_LIMITS.search) return refuse(400, 'errors.tooLong', 'q')
    if (Object.keys(controlCharacterFields({ q })).length) return refuse(400, 'errors.controlCharacters', 'q')
    if (before !== undefined && (typeof before !== 'string' || !/^\d{1,15}\.\d{1,10}$/.test(before))) return refuse(400, 'errors.invalid', 'before')
    for (const rule of ALERTS_API_LIMITS) await platform.rateLimits.consume(rule, addressKey(res.locals.context.ip))
    const page = await service.scamAlerts({ q, before }, locale)
    const origin = platform.config.PUBLIC_ORIGIN
    const more = page.next ? new URLSearchParams({ ...(q ? { q } : {}), before: page.next, lang }) : null
    res.setHeader('Cache-Control', ALERTS_API_CACHE)
    res.json({
      lang,
      items: page.items.map((alert) => alertEntry(alert, lang, origin)),
      next: page.next,
      nextUrl: more ? `${origin}${ALERTS_API_PATH}?${more}` : null,
    })
  })
}

/**
 * GET /api/verify?value=...&lang=... (docs/product.md#verification-api): the verification check for
 * other sites and partners' tools, as JSON, from any origin. The same service as the page: the same
 * normalisation, answer floor and per-address limit; a national phone number is not read as the
 * caller's country (it asks for the country code), so an answer depends on the value alone.
 */
export function mountVerifyApi(router: Router, platform: Platform, service: VerificationService): void {
  mountLookup(router, platform, VERIFY_API_PATH, 'verification API', async (req, res, { lang, locale, refuse }) => {
    const value = req.query.value
    if (value === undefined || value === '') return refuse(400, 'verify:errors.empty', 'value')
    // "?value=a&value=b" or "?value[x]=…" is no single value.
    if (typeof value !== 'string') return refuse(400, 'errors.invalid', 'value')
    if (value.length > MAX_URL_LENGTH) return refuse(400, 'verify:errors.tooLong', 'value')
    if (Object.keys(controlCharacterFields({ value })).length) return refuse(400, 'errors.controlCharacters', 'value')
    const verdict = await service.verifyChannel(value, { ip: res.locals.context.ip, countryCode: '', locale, assumeCountry: false })
    res.setHeader('Cache-Control', VERIFY_API_CACHE)
    const current = verdict.matches[0]
    res.json({
      kind: kindOf(verdict),
      normalised: verdict.query.display,
      compared: verdict.query.compared ?? verdict.query.display,
      verdict: verdict.verdict,
      since: current?.since ?? verdict.exhibitor?.channels[0]?.since ?? null,
      until: verdict.exhibitor?.validUntil ?? verdict.formerly[0]?.until ?? null,
      official: verdict.matches,
      formerly: verdict.formerly,
      exhibitor: verdict.exhibitor,
      lookalike: verdict.lookalike,
      notices: verdict.notices,
      officialOfKind: verdict.sameKind,
      alert: verdict.alert,
      lang,
      explanation: explanation(verdict, locale, platform.config.BRAND_NAME),
    })
  })
}
