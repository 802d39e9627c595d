import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { loadResources } from '../../i18n/resources.ts'

/**
 * Shared components of the accounts feature appear on pages whose routes do not load the `account`
 * namespace (the header, exhibition pages). They fetch it themselves once the page runs; until
 * then (and in server HTML) they render what needs no words of it, so hydration always matches.
 */
export function useNamespace(namespace: string, enabled = true): boolean {
  const { i18n } = useTranslation()
  const site = useSite()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!enabled) return
    if (i18n.hasResourceBundle(site.locale, namespace)) {
      setReady(true)
      return
    }
    let live = true
    loadResources(site.locale, [namespace]).then(
      (resources) => {
        const bundle = resources[site.locale]?.[namespace]
        if (bundle && !i18n.hasResourceBundle(site.locale, namespace)) i18n.addResourceBundle(site.locale, namespace, bundle, true, true)
        if (live) setReady(true)
      },
      () => {
        // Offline or a failed chunk: the component keeps its wordless state; the chunk-reload guard handles stale builds.
      },
    )
    return () => {
      live = false
    }
  }, [i18n, site.locale, namespace, enabled])
  return ready
}
