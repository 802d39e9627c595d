import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { loadResources } from '../../i18n/resources.ts'

/**
 * The search box ships on every page, but its strings (namespace `search`) only matter once it is
 * used: they load on first interest (focus, hover, the mobile icon). Server and first client render
 * both use the shell's strings, so hydration always matches.
 */
export function useSearchNamespace(): [ready: boolean, load: () => Promise<void>] {
  const { i18n } = useTranslation()
  const { locale } = useSite()
  const [ready, setReady] = useState(false)
  const load = useCallback(async () => {
    if (!i18n.hasResourceBundle(locale, 'search')) {
      const resources = await loadResources(locale, ['search'])
      const bundle = resources[locale]?.search
      if (bundle) i18n.addResourceBundle(locale, 'search', bundle, true, true)
    }
    setReady(true)
  }, [i18n, locale])
  return [ready, load]
}
