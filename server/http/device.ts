import { UAParser } from 'ua-parser-js'

/** docs/product.md#limits: the words that mark a mobile user agent, plus the product's own app agents. */
const MOBILE_WORDS = /Android|iPhone|iPad|iPod|Symbian|Windows Phone|AurumExpoApp|ExpoApp|WikiFX|WikiBit/i

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false
  if (MOBILE_WORDS.test(userAgent)) return true
  const type = new UAParser(userAgent.slice(0, 512)).getDevice().type
  return type === 'mobile' || type === 'tablet' || type === 'wearable'
}
