import type { UserInfo } from '../../../shared/contracts/accounts.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { DomainError, invalid, notFound } from '../errors.ts'
import { createAccountBrake, PASSWORD_BRAKE } from './account-brake.ts'
import { answerNoSoonerThan } from '../answer-floors.ts'
import type { Platform } from '../platform.ts'
import { addressKey } from '../rate-limits.ts'
import { accountByEmail, accountById, type AccountRow, insertAccount, markVerified, replaceUnverified, setNick, setPassword } from './accounts.repo.ts'
import { queueAccountMail, type AccountMail } from './accounts.mail.ts'
import type { Codes, CodePurpose } from './codes.ts'
import type { KnownDevices } from './known-devices.ts'
import { emailKey, RULES } from './limits.ts'
import type { Translate } from '../kit/strings.ts'
import { nickProblem } from './nick-rules.ts'
import type { PasswordHasher } from '../passwords.ts'
import type { Sessions } from './sessions.ts'
import { createSignInThrottle, OWNER_ALERT } from './sign-in-throttle.ts'

/** Who is asking, as the login page knows it. */
export interface Requester {
  ip: string
  userAgent: string
  locale: Locale
  /** The known-device cookie the browser sent (known-devices.ts), if any. */
  device?: string | undefined
}

export interface SignedIn {
  kind: 'signedIn'
  ticket: string
  user: UserInfo
  /** The known-device cookie's new value: this browser has signed in to this account. */
  device: string
}

export interface NeedsCode {
  kind: 'verify'
  email: string
}

export interface Profile {
  userId: string
  nick: string
  avatar: string | null
  email: string
  emailVerified: boolean
  memberSince: string
}

export interface AccountService {
  register(input: { email: string; nick: string; password: string }, who: Requester): Promise<NeedsCode>
  signIn(input: { email: string; password: string }, who: Requester): Promise<SignedIn | NeedsCode>
  verifyEmail(input: { email: string; code: string }, who: Requester): Promise<SignedIn>
  resendVerification(input: { email: string }, who: Requester): Promise<NeedsCode>
  requestReset(input: { email: string }, who: Requester): Promise<{ email: string }>
  resetPassword(input: { email: string; code: string; password: string }, who: Requester): Promise<SignedIn>
  profile(accountId: string): Promise<Profile>
  updateNick(accountId: string, nick: string): Promise<Profile>
  userOf(accountId: string): Promise<UserInfo | null>
}

/** The one refusal for a wrong e-mail or password: it never says which (no user enumeration). */
export const credentialsRefused = () => new DomainError('login:errors.credentials', ERROR_CODES.token)
/** The one refusal for a wrong, used or expired code, whether or not the address has an account. */
export const codeRefused = () => new DomainError('login:errors.code', ERROR_CODES.invalid, {}, { code: 'login:errors.code' })

export interface AccountServiceDeps {
  platform: Platform
  sessions: Sessions
  codes: Codes
  passwords: PasswordHasher
  devices: KnownDevices
  strings: (locale: Locale) => Translate
}

/**
 * Registration, sign-in, e-mail verification and password reset (docs/product.md#login). Every answer about an
 * e-mail address is the same whether an account has it or not, and takes about as long; attempts
 * are limited per account and per address (limits.ts).
 */
export function createAccountService({ platform, sessions, codes, passwords, devices, strings }: AccountServiceDeps): AccountService {
  const { db, rateLimits, config, answerFloors: floors } = platform
  const throttle = createSignInThrottle(rateLimits)
  // Account-wide, for browsers the account does not know (account-brake.ts): many addresses are no more guesses.
  const brake = createAccountBrake(rateLimits, PASSWORD_BRAKE)

  /** In the page's language; a mail the visitor did not ask for goes out in the owner's (`locale`). */
  const mail = (tx: Parameters<typeof queueAccountMail>[0], who: Pick<Requester, 'locale'>, message: AccountMail) =>
    queueAccountMail(tx, strings(who.locale), config.BRAND_NAME, `${config.LOGIN_ORIGIN}/login`, message)
  const ownerLocale = (account: AccountRow): Locale => ((LOCALES as readonly string[]).includes(account.locale) ? (account.locale as Locale) : 'en')

  /** Repeated failures at an account, from anywhere, reach its owner (at most once a day); the account stays open. */
  const failedSignIn = async (input: { email: string }, account: AccountRow | null, who: Requester) => {
    const failures = await throttle.failed(input.email, who.ip)
    if (!account || failures < OWNER_ALERT.after || !(await throttle.mayAlertOwner(account.id))) return
    await db.transaction((tx) => mail(tx, { locale: ownerLocale(account) }, { kind: 'failures', to: account.email, nick: account.nick, attempts: failures }))
  }

  /** A limited number of code mails per address and hour; over it, nothing is sent but the answer is the same. */
  const mayMail = async (email: string) => {
    try {
      await rateLimits.consume(RULES.mailAccount, emailKey(email))
      return true
    } catch (error) {
      if (error instanceof DomainError && error.errorCode === ERROR_CODES.rateLimited) return false
      throw error
    }
  }

  const signInSession = async (tx: Parameters<Sessions['create']>[0], account: AccountRow, who: Requester): Promise<SignedIn> => {
    const { ticket } = await sessions.create(tx, { accountId: account.id, ip: who.ip, userAgent: who.userAgent })
    return {
      kind: 'signedIn',
      ticket,
      user: { userId: account.id, nick: account.nick, avatar: account.avatar_url },
      device: devices.issue(account.id, Date.now()),
    }
  }

  const sendCode = async (account: AccountRow, purpose: CodePurpose, who: Requester) => {
    if (!(await mayMail(account.email))) return
    await db.transaction(async (tx) => {
      const code = await codes.issue(tx, account.id, purpose)
      await mail(tx, who, { kind: purpose, to: account.email, nick: account.nick, code })
    })
  }

  const limitCodeTries = async (email: string, who: Requester) => {
    await rateLimits.consume(RULES.codeAddress, addressKey(who.ip))
    await rateLimits.consume(RULES.codeAccount, emailKey(email))
  }

  /** Refuses look-alikes of reserved names and piles of combining marks, with the message key of the form that asked. */
  const checkNick = (nick: string, messages: { reserved: string; marks: string }) => {
    const problem = nickProblem(nick, config.BRAND_NAME)
    if (problem) throw invalid({ nick: messages[problem] })
  }

  const toProfile = (row: AccountRow): Profile => ({
    userId: row.id,
    nick: row.nick,
    avatar: row.avatar_url,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    memberSince: new Date(row.created_at).toISOString(),
  })

  return {
    async register(input, who) {
      checkNick(input.nick, { reserved: 'errors.nickReserved', marks: 'errors.nickCharacters' })
      const started = performance.now()
      await rateLimits.consume(RULES.registerAddress, addressKey(who.ip))
      try {
        // Hashed in every case: a taken address answers as slowly as a new one.
        const passwordHash = await passwords.hash(input.password)
        const allowed = await mayMail(input.email)
        await db.transaction(async (tx) => {
          const created = await insertAccount(tx, { email: input.email, nick: input.nick, passwordHash, locale: who.locale })
          const account = created ?? (await accountByEmail(tx, input.email, { forUpdate: true }))
          if (!account) throw new Error('account neither inserted nor found')
          if (!allowed) return
          if (created || !account.email_verified_at) {
            if (!created) await replaceUnverified(tx, account.id, { nick: input.nick, passwordHash, locale: who.locale })
            const code = await codes.issue(tx, account.id, 'verify')
            await mail(tx, who, { kind: 'verify', to: account.email, nick: input.nick, code })
          } else {
            // The owner hears that someone tried; the visitor reads the same answer as for a new address.
            await mail(tx, who, { kind: 'exists', to: account.email, nick: account.nick })
          }
        })
        return { kind: 'verify', email: input.email }
      } finally {
        await answerNoSoonerThan(started, floors.password)
      }
    },

    async signIn(input, who) {
      const started = performance.now()
      try {
        await throttle.admit(input.email, who.ip)
        const account = await accountByEmail(db, input.email)
        // Keyed by the address typed, whether or not an account has it: the brake answers alike for both.
        const known = account !== null && devices.recognises(who.device, account.id, Date.now())
        if (!known) await brake.admit(emailKey(input.email))
        // Without an account the password is checked against a dummy hash: the same time either way.
        const ok = await passwords.verify(input.password, account?.password_hash ?? null)
        if (!account || !ok) {
          await failedSignIn(input, account, who)
          throw credentialsRefused()
        }
        if (!known) await brake.release(emailKey(input.email))
        await throttle.succeeded(input.email, who.ip)
        if (!account.email_verified_at) {
          await sendCode(account, 'verify', who)
          return { kind: 'verify', email: account.email }
        }
        return await db.transaction((tx) => signInSession(tx, account, who))
      } finally {
        await answerNoSoonerThan(started, floors.password)
      }
    },

    async verifyEmail(input, who) {
      const started = performance.now()
      try {
        await limitCodeTries(input.email, who)
        const result = await db.transaction(async (tx) => {
          const account = await accountByEmail(tx, input.email, { forUpdate: true })
          if (!account || !(await codes.consume(tx, account.id, 'verify', input.code))) return null
          await markVerified(tx, account.id)
          return signInSession(tx, account, who)
        })
        if (!result) throw codeRefused()
        await rateLimits.reset(RULES.codeAccount, emailKey(input.email))
        return result
      } finally {
        await answerNoSoonerThan(started, floors.mail)
      }
    },

    async resendVerification(input, who) {
      const started = performance.now()
      try {
        await rateLimits.consume(RULES.forgotAddress, addressKey(who.ip))
        const account = await accountByEmail(db, input.email)
        if (account && !account.email_verified_at) await sendCode(account, 'verify', who)
        return { kind: 'verify', email: input.email }
      } finally {
        await answerNoSoonerThan(started, floors.mail)
      }
    },

    async requestReset(input, who) {
      const started = performance.now()
      try {
        await rateLimits.consume(RULES.forgotAddress, addressKey(who.ip))
        const account = await accountByEmail(db, input.email)
        if (account) await sendCode(account, 'reset', who)
        return { email: input.email }
      } finally {
        await answerNoSoonerThan(started, floors.mail)
      }
    },

    async resetPassword(input, who) {
      const started = performance.now()
      try {
        await limitCodeTries(input.email, who)
        const passwordHash = await passwords.hash(input.password)
        let revoked: string[] = []
        const result = await db.transaction(async (tx) => {
          const account = await accountByEmail(tx, input.email, { forUpdate: true })
          if (!account || !(await codes.consume(tx, account.id, 'reset', input.code))) return null
          await setPassword(tx, account.id, passwordHash)
          // A new password ends every other login (the reason for a reset may be a stolen one).
          revoked = await sessions.revokeAll(tx, account.id)
          return signInSession(tx, account, who)
        })
        if (!result) throw codeRefused()
        sessions.forget({ sessions: revoked })
        await rateLimits.reset(RULES.codeAccount, emailKey(input.email))
        await throttle.succeeded(input.email, who.ip)
        return result
      } finally {
        await answerNoSoonerThan(started, floors.password)
      }
    },

    async profile(accountId) {
      const row = await accountById(db, accountId)
      if (!row) throw notFound()
      return toProfile(row)
    },

    async updateNick(accountId, nick) {
      checkNick(nick, { reserved: 'profile.nickReserved', marks: 'profile.nickCharacters' })
      await rateLimits.consume(RULES.profileUser, accountId)
      const row = await setNick(db, accountId, nick)
      if (!row) throw notFound()
      sessions.forget({ accounts: [accountId] })
      return toProfile(row)
    },

    async userOf(accountId) {
      const row = await accountById(db, accountId)
      return row ? { userId: row.id, nick: row.nick, avatar: row.avatar_url } : null
    },
  }
}
