import { describe, expect, it } from 'vitest'
import { isCrawlerUserAgent, isMobileUserAgent } from './device.ts'

// Real user agents; the mobile ones without a word of MOBILE_WORDS are those only the parser recognises.
const MOBILE = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Android phone': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Android tablet': 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'the brand app': 'Mozilla/5.0 (Linux; U) AurumExpoApp/3.2',
  'Kindle Fire in desktop mode (Silk, no Android word)':
    'Mozilla/5.0 (Linux; U; en-us; KFAPWI Build/JDQ39) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.13 Safari/535.19 Silk-Accelerated=true',
  BlackBerry: 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372 Mobile Safari/537.10+',
}

const DESKTOP = {
  'Chrome on Windows': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Safari on macOS': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'a smart TV': 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
}

describe('isMobileUserAgent', () => {
  it.each(Object.entries(MOBILE))('when the agent is %s, then it is mobile', (_name, agent) => {
    expect(isMobileUserAgent(agent)).toBe(true)
  })

  it.each(Object.entries(DESKTOP))('when the agent is %s, then it is not mobile', (_name, agent) => {
    expect(isMobileUserAgent(agent)).toBe(false)
  })

  it('when there is no agent, or an overlong desktop one, then it is not mobile; an overlong phone one still is', () => {
    expect(isMobileUserAgent(undefined)).toBe(false)
    expect(isMobileUserAgent('')).toBe(false)
    expect(isMobileUserAgent(`${DESKTOP['Chrome on Windows']} ${'x'.repeat(600)}`)).toBe(false)
    expect(isMobileUserAgent(`${MOBILE.iPhone} ${'x'.repeat(600)}`)).toBe(true)
  })
})

describe('isCrawlerUserAgent', () => {
  it('when the agent is a crawler, then it says so; a person on a phone or a desktop is not one', () => {
    expect(isCrawlerUserAgent(DESKTOP.Googlebot)).toBe(true)
    expect(isCrawlerUserAgent(MOBILE.iPhone)).toBe(false)
    expect(isCrawlerUserAgent(DESKTOP['Chrome on Windows'])).toBe(false)
    expect(isCrawlerUserAgent(undefined)).toBe(false)
  })
})
