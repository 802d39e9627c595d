import { useEffect, useState } from 'react'
import { getIpGeo } from '../api/site.ts'
import { useGateway, useSite } from '../app-state.ts'
import { LANGUAGE_INFO } from '../../shared/languages.ts'

let answer: Promise<string | null> | null = null

/**
 * The visitor's country (ISO alpha-2) as the platform sees their address, asked once per page in the
 * browser: it is per visitor, so it never goes into the shared server HTML. `undefined` while asking,
 * `null` when unknown (private address, failed call).
 */
export function useVisitorGeo(): string | null | undefined {
  const gateway = useGateway()
  const [country, setCountry] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    answer ??= gateway
      .call(getIpGeo, { ip: '' })
      .then((geo) => (geo.known ? geo.country_code.toUpperCase() : null))
      .catch(() => null)
    let cancelled = false
    answer.then((code) => {
      if (!cancelled) setCountry(code)
    })
    return () => {
      cancelled = true
    }
  }, [gateway])
  return country
}

/** For defaults (the phone field's country): the visitor's country, or the page language's until known. */
export function useVisitorCountry(): string {
  const site = useSite()
  return useVisitorGeo() ?? LANGUAGE_INFO[site.lang].flagCountry
}
