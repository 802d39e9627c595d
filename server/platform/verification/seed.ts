import { createHash } from 'node:crypto'
import type { ChannelKind, ChannelPurpose, DocumentAudience } from '../../../shared/contracts/verification.ts'
import { demoShiftOf } from '../../content/content-folder.ts'
import type { DemoShift } from '../../content/demo-dates.ts'
import type { Queryable } from '../../db/client.ts'
import type { Platform } from '../platform.ts'
import { toChecksumAddress, tronAddress } from './normalise/usdt.ts'
import type { VerificationService } from './verification.service.ts'

/** 20 bytes that nobody holds a key for, derived from a label (demo addresses must not be anyone's wallet). */
const demoAccount = (label: string) => createHash('sha256').update(`aurum-expo demo register: ${label}`).digest().subarray(0, 20)

export const DEMO_TRC20 = tronAddress(demoAccount('trc20 payments'))
export const DEMO_ERC20 = toChecksumAddress(Buffer.from(demoAccount('erc20 payments')).toString('hex'))

/** The demo documents are the PDFs of test/fixtures/verify (make-fixtures.ts); a test keeps the fingerprints true. */
export const DEMO_DOCUMENTS: Array<{
  sha256: string
  title: string
  reference: string
  issuedTo: string
  issuedOn: string
  shownTo: DocumentAudience
  revokedOn?: string
}> = [
  {
    sha256: 'b8559c1d9eee7976d0ee7cf8e7885b14cab15f5aae2b862c49ef79f9712c397f',
    title: 'Exhibitor Agreement – Singapore {{year}}',
    reference: 'AE-SG26-0142',
    issuedTo: 'Example Brokerage Ltd',
    issuedOn: '2026-02-03',
    shownTo: 'parties',
  },
  {
    sha256: '16c8abf6b9861e049d013ebde5efc3a9de022c5ea1009ed1e1859a8b9b9114ff',
    title: 'Sponsorship Invoice – Dubai {{year}}',
    reference: 'AE-DXB25-0031',
    issuedTo: 'Sample Fintech FZ-LLC',
    issuedOn: '2025-03-12',
    shownTo: 'recipient',
    revokedOn: '2025-04-01',
  },
]

/** The account name in a configured social link (SOCIAL_LINKS), e.g. https://t.me/aurumexpo -> aurumexpo. */
function socialHandle(platform: Platform, name: string): string | null {
  const link = platform.config.SOCIAL_LINKS.find((entry) => entry.name === name)
  if (!link) return null
  const path = new URL(link.url).pathname.split('/').filter(Boolean)[0]
  return path ? path.replace(/^@/, '') : null
}

/**
 * The demo register: the configured contact and quality addresses, the telegram and X accounts of
 * the configured social links, and a set of phone numbers (UK and Singapore ranges reserved for
 * drama and examples where they exist), chat accounts, USDT addresses and documents. Its days move
 * with the rest of the demo content (`shift`, content/demo/demo.json), so a register seeded in 2030
 * reads like one seeded on the day the demo was written; `{{year}}` in a title is the year of issue.
 */
export async function seedVerification(
  platform: Platform,
  service: VerificationService,
  tx: Queryable,
  shift: DemoShift = demoShiftOf(platform),
): Promise<void> {
  const day = (value: string) => shift.day(value) as string
  const contactDomain = platform.config.CONTACT_EMAIL.slice(platform.config.CONTACT_EMAIL.lastIndexOf('@') + 1)
  const channels: Array<{ kind: ChannelKind; value: string | null; purpose: ChannelPurpose; since: string; public: boolean; retiredOn?: string }> = [
    { kind: 'phone', value: '+44 20 7946 0000', purpose: 'general', since: '2019-05-01', public: true },
    { kind: 'phone', value: '+65 6123 4567', purpose: 'tickets', since: '2021-03-01', public: true },
    { kind: 'phone', value: '+852 3001 2345', purpose: 'exhibitors', since: '2022-09-15', public: false },
    { kind: 'phone', value: '+44 20 7946 0999', purpose: 'support', since: '2019-05-01', public: false, retiredOn: '2024-12-31' },
    { kind: 'whatsapp', value: '+65 8123 4567', purpose: 'support', since: '2021-03-01', public: true },
    { kind: 'email', value: platform.config.CONTACT_EMAIL, purpose: 'general', since: '2019-05-01', public: true },
    { kind: 'email', value: platform.config.QA_EMAIL, purpose: 'quality', since: '2019-05-01', public: true },
    { kind: 'email', value: `exhibitors@${contactDomain}`, purpose: 'exhibitors', since: '2020-01-15', public: true },
    { kind: 'email', value: `finance@${contactDomain}`, purpose: 'payments', since: '2020-01-15', public: false },
    { kind: 'telegram', value: socialHandle(platform, 'telegram'), purpose: 'community', since: '2020-06-01', public: true },
    { kind: 'x', value: socialHandle(platform, 'x'), purpose: 'media', since: '2019-08-20', public: true },
    { kind: 'wechat', value: 'AurumExpoCN', purpose: 'exhibitors', since: '2021-09-01', public: true },
    { kind: 'line', value: '@aurumexpo', purpose: 'support', since: '2022-04-01', public: true },
    { kind: 'usdtTrc20', value: DEMO_TRC20, purpose: 'payments', since: '2023-01-10', public: true },
    { kind: 'usdtErc20', value: DEMO_ERC20, purpose: 'payments', since: '2023-01-10', public: false },
    // The domain of the configured addresses (docs/product.md#verification-web), and the example IBAN of ISO 13616's own documentation.
    { kind: 'domain', value: contactDomain, purpose: 'general', since: '2019-05-01', public: true },
    { kind: 'iban', value: 'GB82 WEST 1234 5698 7654 32', purpose: 'payments', since: '2023-01-10', public: false },
  ]
  for (const channel of channels) {
    if (!channel.value) continue
    const { channel: row } = await service.addChannel(
      { kind: channel.kind, value: channel.value, purpose: channel.purpose, since: day(channel.since), public: channel.public, note: 'demo register' },
      tx,
    )
    if (channel.retiredOn) await tx.query('update verification_channels set retired_on = $2 where id = $1', [row.id, day(channel.retiredOn)])
  }
  for (const { revokedOn, ...document } of DEMO_DOCUMENTS) {
    const issuedOn = day(document.issuedOn)
    await service.registerDocument({ ...document, issuedOn, title: shift.fillYears(document.title, Number(issuedOn.slice(0, 4))) }, tx)
    if (revokedOn) await tx.query('update verification_documents set revoked_on = $2 where sha256 = $1', [document.sha256, day(revokedOn)])
  }
}
