import type { Queryable } from '../../db/client.ts'
import { queueMail } from '../mailer.ts'
import { CODE_MINUTES } from './codes.ts'
import type { Translate } from '../kit/strings.ts'

export type AccountMail =
  | { kind: 'verify'; to: string; nick: string; code: string }
  | { kind: 'reset'; to: string; nick: string; code: string }
  /** Someone registered with an address that already has a verified account. */
  | { kind: 'exists'; to: string; nick: string }
  /** Wrong passwords at the account within the hour, from anywhere (sign-in-throttle.ts). */
  | { kind: 'failures'; to: string; nick: string; attempts: number }

/** Queued inside the caller's transaction, sent after commit (docs/product.md#mail-after-commit), in the page's language. */
export async function queueAccountMail(tx: Queryable, t: Translate, brand: string, loginUrl: string, mail: AccountMail): Promise<void> {
  const params = {
    brand,
    nick: mail.nick,
    minutes: CODE_MINUTES,
    url: loginUrl,
    ...('code' in mail ? { code: mail.code } : {}),
    ...('attempts' in mail ? { attempts: mail.attempts } : {}),
  }
  // "Nothing changes without the code" is true of the code mails only.
  const closing = mail.kind === 'failures' ? [] : [t('mail.ignore', params), '']
  const lines = [t('mail.greeting', params), '', t(`mail.${mail.kind}.text`, params), '', ...closing, t('mail.signature', params)]
  await queueMail(tx, { to: mail.to, subject: t(`mail.${mail.kind}.subject`, params), text: lines.join('\n') })
}
