import type { Domain, Platform } from '../platform.ts'
import { COOKIES } from '../../../shared/contracts/cookies.ts'
import { loadSecret, newVisitorId } from '../tokens.ts'
import { registerAccountFunctions } from './accounts.functions.ts'
import { deleteStale } from './accounts.repo.ts'
import { type AccountService, createAccountService } from './accounts.service.ts'
import { createCodes } from './codes.ts'
import { registerConsoleVisitorFunctions } from './console/console-visitors.functions.ts'
import { registerModerationFunctions } from './console/moderation.functions.ts'
import { type CommentService, createCommentService } from './comments.service.ts'
import { createFollowService, type FollowService } from './follows.service.ts'
import { createKnownDevices } from './known-devices.ts'
import { loginPageRoutes } from './login-page/login.routes.ts'
import { loadStrings } from '../kit/strings.ts'
import { loadOAuthSecrets, type OAuthSecrets, oauthRoutes } from './oauth.ts'
import { sessionRoutes } from './session.routes.ts'
import { createSessions, type Sessions } from './sessions.ts'

declare module '../platform.ts' {
  interface Services {
    accounts: AccountService & { sessions: Sessions }
    comments: CommentService
    follows: FollowService
  }
}

/** What only this domain's routes need, per platform (the OAuth2 secrets stay out of the services). */
const internals = new WeakMap<Platform, { oauth: OAuthSecrets }>()

/**
 * Accounts and login (docs/product.md#login) and the OAuth2 endpoints: registration and sign-in on the
 * embeddable login page at /login, e-mail verification and password reset by one-time code,
 * sessions behind an HttpOnly login cookie, user tokens for logged-in browsers, the profile,
 * community comments and follows, and the console's moderation of comments (docs/product.md#console-comments).
 */
export const domain: Domain = {
  name: 'accounts',
  // Before the domains that may ask who a user is at setup time.
  order: 10,
  async setup(platform) {
    const sessions = createSessions(platform.db)
    await sessions.listen()
    const strings = loadStrings('login')
    const codes = createCodes(await loadSecret(platform.db, 'account-codes'))
    const devices = createKnownDevices(await loadSecret(platform.db, 'known-devices'), 'visitor')
    const accounts = createAccountService({ platform, sessions, codes, passwords: platform.passwords, devices, strings })
    const comments = createCommentService(platform)
    const follows = createFollowService(platform)
    platform.services.accounts = Object.assign(accounts, { sessions })
    platform.services.comments = comments
    platform.services.follows = follows
    registerAccountFunctions(platform, { accounts, sessions, comments, follows })
    registerConsoleVisitorFunctions(platform)
    registerModerationFunctions(platform)
    replaceTokenHooks(platform, sessions)
    internals.set(platform, { oauth: await loadOAuthSecrets(platform) })
    platform.jobs.every('accounts.cleanup', 60 * 60 * 1000, () => deleteStale(platform.db))
  },
  routes(router, platform) {
    const { sessions } = platform.services.accounts
    sessionRoutes(router, platform, sessions)
    loginPageRoutes(router, { platform, service: platform.services.accounts, strings: loadStrings('login') })
    const own = internals.get(platform)
    if (!own) throw new Error('accounts: routes before setup')
    oauthRoutes(router, platform, sessions, own.oauth)
  },
}

/**
 * A browser with a valid login cookie gets a user token (its session inside), everyone else a
 * visitor token. Session checks go through the sessions cache (sessions.ts): revocation by this
 * instance is immediate, by another as soon as its notification arrives, at worst after 5 s.
 */
function replaceTokenHooks(platform: Platform, sessions: Sessions): void {
  platform.isSessionActive = (sessionId) => sessions.isActive(sessionId)
  platform.issueBrowserToken = async (cookies) => {
    const value = cookies[COOKIES.login]
    if (typeof value === 'string' && value) {
      try {
        const resolved = await sessions.resolve(value)
        if (resolved.kind === 'valid') {
          return platform.tokens.issue({ kind: 'user', userId: resolved.session.accountId, sessionId: resolved.session.sessionId })
        }
      } catch (error) {
        platform.logger.warn({ err: error }, 'login cookie could not be checked; issuing a visitor token')
      }
    }
    return platform.tokens.issue({ kind: 'visitor', visitorId: newVisitorId() })
  }
}

// What other domains use of this one.
export { CODE_BRAKE, createAccountBrake, PASSWORD_BRAKE, renamedBrake, type AccountBrake } from './account-brake.ts'
export { createKnownDevices, DEVICE_DAYS, type KnownDevices } from './known-devices.ts'
export { createSignInThrottle, renamedSignInRules, VISITOR_SIGN_IN, type SignInThrottle } from './sign-in-throttle.ts'
export { emailKey } from './limits.ts'
