import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import express, { type Request, type Response, type Router } from 'express'
import { z } from 'zod'
import { ERROR_CODES } from '../../../../../shared/contracts/define.ts'
import { localeOf } from '../../../../../shared/languages.ts'
import { BADGE_STOCK_NAMES, BADGES_PATH, type BadgeStock, badgeFileName } from '../../../../../shared/rules/badges.ts'
import { mayDownloadBadges } from '../../../../../shared/rules/console-access.ts'
import { displayName } from '../../../../../shared/rules/names.ts'
import { fromConsolePage, parseCookies } from '../../../gateway.ts'
import { countryName } from '../../../kit/country-names.ts'
import { consoleStrings } from '../../../kit/strings.ts'
import type { Platform } from '../../../platform.ts'
import { actorOf } from '../../../staff-actor.ts'
import { type Badge, type BadgeSheet, badgePdf } from '../../badge-pdf.ts'
import { formatDateRange, htmlLangOf } from '../../format.ts'
import { type BadgeExhibitionRow, type BadgeFilter, badgeExhibition, badgePage, countBadges, typeOfExhibition } from './badges.repo.ts'

/** Badges read from the database per query while the PDF streams: small enough that memory stays flat. */
const PAGE = 200

const request = z.object({
  exhibitionId: z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid'),
  ticketTypeId: z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').optional(),
  ticketId: z.uuid({ error: 'errors.invalid' }).optional(),
  stock: z.enum(BADGE_STOCK_NAMES as [BadgeStock, ...BadgeStock[]], { error: 'console:errors.badgeStock' }),
})

/**
 * POST /gateway/console/badges (docs/product.md#badges): one ticket's badge, or every badge of an
 * exhibition (of one ticket type if asked), as one PDF in the member's console language. The console
 * gateway's checks apply (its header and Origin, a live staff session, check-in or order access, the
 * member's exhibitions). Personal data leaves the system here, so the download is audited, with how
 * many badges it holds, before the first byte goes out. The file streams: pages are drawn as the
 * database hands the tickets over, 200 at a time, and sent as they are drawn.
 */
export function mountBadgeDownloads(router: Router, platform: Platform): void {
  router.post(BADGES_PATH, express.json({ limit: '4kb' }), async (req: Request, res: Response) => {
    const requestId = res.locals.context.requestId as string
    res.setHeader('Cache-Control', 'private, no-store')
    const refuse = (status: number, message: string, data: unknown = null) =>
      res.status(status).json({ succeed: false, ErrorCode: status, data, message, requestId })

    const headers = req.headers as Record<string, string | undefined>
    const call = { method: 'POST', path: req.path, headers, query: {}, body: null, ip: res.locals.context.ip as string, requestId }
    if (!fromConsolePage(call, new URL(platform.config.PUBLIC_ORIGIN).origin)) return refuse(ERROR_CODES.forbidden, 'errors.consoleRequest')
    const staff = await platform.staffGate?.resolve(parseCookies(headers.cookie))
    if (!staff) return refuse(ERROR_CODES.token, 'errors.staffLoginRequired')
    if (!mayDownloadBadges(staff.roles)) return refuse(ERROR_CODES.forbidden, 'errors.forbidden')
    const parsed = request.safeParse(req.body)
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]))
      return refuse(ERROR_CODES.invalid, 'errors.invalid', { fields })
    }
    const input = parsed.data
    const actor = actorOf(staff, call.ip)
    if (actor.scope !== null && !actor.scope.includes(input.exhibitionId)) return refuse(ERROR_CODES.notFound, 'console:errors.exhibitionNotFound')
    const filter: BadgeFilter = { exhibitionId: input.exhibitionId, ticketTypeId: input.ticketTypeId, ticketId: input.ticketId }

    type Ready = { refusal: string } | { refusal: null; exhibition: BadgeExhibitionRow; count: number }
    const ready = await platform.db.transaction(async (tx): Promise<Ready> => {
      const exhibition = await badgeExhibition(tx, input.exhibitionId, actor.locale)
      if (!exhibition) return { refusal: 'console:errors.exhibitionNotFound' }
      if (input.ticketTypeId && !(await typeOfExhibition(tx, input.exhibitionId, input.ticketTypeId))) return { refusal: 'console:errors.ticketTypeNotFound' }
      const count = await countBadges(tx, filter)
      if (count === 0) return { refusal: 'console:errors.noBadges' }
      await platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: 'console$downloadBadges',
          target: input.ticketId ? `ticket:${input.ticketId}` : `exhibition:${input.exhibitionId}`,
          before: null,
          after: { badges: count, stock: input.stock, ticketTypeId: input.ticketTypeId ?? null },
        },
      )
      return { refusal: null, exhibition, count }
    })
    if (ready.refusal !== null) return refuse(ERROR_CODES.notFound, ready.refusal)

    const t = consoleStrings(staff.language)
    const sheet: BadgeSheet = {
      stock: input.stock,
      brand: platform.config.BRAND_NAME,
      exhibition: ready.exhibition.title,
      dates: formatDateRange(ready.exhibition.starts_at, ready.exhibition.ends_at, ready.exhibition.time_zone, actor.locale),
      roleWord: (role) => t(`badges.roles.${role}`),
      lang: htmlLangOf(actor.locale),
    }
    res.setHeader('Content-Type', 'application/pdf')
    res.setHeader('Content-Disposition', `attachment; filename="${badgeFileName(input)}"`)
    res.setHeader('X-Badge-Count', String(ready.count))
    try {
      await pipeline(Readable.from(badgePdf(sheet, badgesOf(platform, filter, staff.language), platform.documents.digestSigner)), res)
    } catch (error) {
      // Headers are out: a failure mid-file can only cut the connection, which the browser shows as a failed download.
      platform.logger.error({ err: error, requestId }, 'badge PDF stopped')
      res.destroy()
    }
  })
}

/** The badges, read a page of tickets at a time while the PDF asks for more. */
async function* badgesOf(platform: Platform, filter: BadgeFilter, language: Parameters<typeof consoleStrings>[0]): AsyncGenerator<Badge> {
  const locale = localeOf(language)
  let after: string | null = null
  for (;;) {
    const rows = await badgePage(platform.db, filter, locale, after, PAGE)
    for (const row of rows) {
      yield {
        name: displayName({ first: row.first_name, last: row.last_name }),
        company: row.company,
        position: row.position,
        country: countryName(row.phone_country, locale),
        role: row.role,
        code: row.code,
      }
    }
    if (rows.length < PAGE) return
    after = rows.at(-1)?.id ?? null
  }
}
