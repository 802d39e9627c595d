import type { Locale } from '../../../shared/languages.ts'
import type { Platform } from '../platform.ts'
import type { TicketSigner } from './e-tickets.ts'
import type { ExhibitionInfos } from './exhibition-info.ts'
import type { Checkouts } from './payments/checkouts.ts'
import type { Translate } from '../kit/strings.ts'

/** Who calls a buyer's verb: a logged-in user (the gateway refuses others), in their language, from an address. */
export interface Caller {
  userId: string
  locale: Locale
  ip: string
}

/** What the domain's verbs share, made once at setup (index.ts). */
export interface TicketsContext {
  platform: Platform
  signer: TicketSigner
  strings: (locale: Locale) => Translate
  checkouts: Checkouts
  exhibitions: ExhibitionInfos
  /** QR codes as SVG data URLs, drawn once per text (e-tickets.ts `createQrDrawings`). */
  qr: (text: string) => Promise<string>
  /** What the success page's scan-to-download code opens; null: the order's own tickets page. */
  appDownloadUrl: string | null
}
