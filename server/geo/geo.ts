import countries from 'i18n-iso-countries'
import { classifyAddress, type IpCountryLookup } from './ip-country.ts'

export interface GeoAnswer {
  /** ISO 3166 alpha-2, upper case; 'CN' when a public address is not found (docs/product.md#china-notice default 'cn'). */
  alpha2: string
  /** ISO 3166 numeric, three digits; '156' when unknown (docs/product.md#limits). */
  numeric: string
  /** False for private, loopback and invalid addresses: they are unknown, not China. */
  known: boolean
}

export const CHINA_NUMERIC = '156'

/** Legacy lists used UK for the United Kingdom (docs/product.md#reference-data quirk); it is accepted as input and means GB. */
export function normaliseAlpha2(code: string): string {
  const upper = code.trim().toUpperCase()
  return upper === 'UK' ? 'GB' : upper
}

export function numericOfAlpha2(alpha2: string): string | undefined {
  return countries.alpha2ToNumeric(normaliseAlpha2(alpha2)) ?? undefined
}

export function createGeo(lookup: IpCountryLookup) {
  return {
    countryOf(ip: string): GeoAnswer {
      const kind = classifyAddress(ip)
      if (kind !== 'public') return { alpha2: 'ZZ', numeric: CHINA_NUMERIC, known: false }
      const alpha2 = lookup.lookup(ip)
      const numeric = alpha2 ? numericOfAlpha2(alpha2) : undefined
      // A failed lookup of a public address falls back to China (docs/product.md#china-notice).
      if (!alpha2 || !numeric) return { alpha2: 'CN', numeric: CHINA_NUMERIC, known: true }
      return { alpha2, numeric, known: true }
    },
  }
}

export type Geo = ReturnType<typeof createGeo>
