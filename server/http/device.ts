import { isbot } from 'isbot'
import { UAParser } from 'ua-parser-js'
import { memoize } from './memo.ts'

/** docs/product.md#limits: the words that mark a mobile user agent, plus the product's own app agents. */
const MOBILE_WORDS = /Android|iPhone|iPad|iPod|Symbian|Windows Phone|AurumExpoApp|ExpoApp|WikiFX|WikiBit/i

function classify(userAgent: string): boolean {
  if (MOBILE_WORDS.test(userAgent)) return true
  const type = new UAParser(userAgent.slice(0, 512)).getDevice().type
  return type === 'mobile' || type === 'tablet' || type === 'wearable'
}

// UAParser costs tens of microseconds; a few hundred user agents make most of the traffic.
const classifyRemembered = memoize(2000, classify)

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false
  // Overlong ones are not kept: 2,000 of them would hold megabytes.
  return userAgent.length <= 512 ? classifyRemembered(userAgent) : classify(userAgent)
}

// isbot's one large expression costs a few microseconds per page render; the same few agents repeat.
const crawlerRemembered = memoize(2000, isbot)

/** Whether the agent is a crawler (pages skip what only people use, such as deferred data). */
export function isCrawlerUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false
  return userAgent.length <= 512 ? crawlerRemembered(userAgent) : isbot(userAgent)
}
