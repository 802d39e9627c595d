/** Regions whose law asks for consent before analytics (EEA, the United Kingdom, Switzerland). */
const CONSENT_REGIONS = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH'.split(' '))

export const CONSENT_COOKIE = 'analytics_consent'

export function consentRequired(country: string | null): boolean {
  // Unknown country: ask, rather than guess that the law does not apply.
  return country === null || CONSENT_REGIONS.has(country.toUpperCase())
}

export interface AnalyticsPlan {
  analytics: boolean
  tags: boolean
  askConsent: boolean
}

/**
 * docs/product.md#page-extras: an analytics script and a tag script, both from configuration and off by
 * default; the tag script never for visitors in China; both only after consent where required.
 */
export function planAnalytics(options: {
  analyticsUrl: string | null
  tagUrl: string | null
  country: string | null
  consent: 'granted' | 'denied' | null
}): AnalyticsPlan {
  const configured = Boolean(options.analyticsUrl || options.tagUrl)
  const needsConsent = consentRequired(options.country)
  const allowed = options.consent === 'granted' || (!needsConsent && options.consent !== 'denied')
  return {
    analytics: Boolean(options.analyticsUrl) && allowed,
    tags: Boolean(options.tagUrl) && allowed && options.country !== 'CN',
    askConsent: configured && needsConsent && options.consent === null,
  }
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/** A page view for whichever analytics script is loaded (GTM-style dataLayer) and for listeners. */
export function reportPageView(path: string, title: string): void {
  window.dataLayer ??= []
  window.dataLayer.push({ event: 'page_view', page_path: path, page_title: title })
  window.dispatchEvent(new CustomEvent('expo:pageview', { detail: { path, title } }))
}

/** Loads a third-party script without blocking rendering; the CSP allows exactly these origins. */
export function loadScript(url: string): void {
  if (document.querySelector(`script[src="${CSS.escape(url)}"]`)) return
  const script = document.createElement('script')
  script.src = url
  script.async = true
  document.head.append(script)
}
