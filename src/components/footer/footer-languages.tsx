import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useSite } from '../../app-state.ts'
import { LANGUAGE_INFO, type UrlLanguage } from '../../../shared/languages.ts'
import { useLanguageOptions } from '../../root.tsx'
import { languageSwitchHref, SHELL_ANCHORS } from '../header/nav-tabs.ts'
import { useHydrated } from '../header/use-hydrated.ts'
import styles from './footer.module.css'

/** Every live language as a plain link to the same page: works without scripts and for crawlers. */
export function FooterLanguages() {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const options = useLanguageOptions()
  // Drawn again in the browser to keep the whole query, as the header's list (LanguageList) is.
  const hydrated = useHydrated()
  return (
    <nav id={SHELL_ANCHORS.languages} className={styles.languages} aria-label={t('nav.language')}>
      <h2 className={styles.heading}>{t('nav.language')}</h2>
      <ul key={hydrated ? 'browser' : 'server'} className={styles.languageList}>
        {options.map((option) => {
          const code = option.LanguageCode as UrlLanguage
          const htmlLang = LANGUAGE_INFO[code]?.htmlLang ?? code
          return (
            <li key={code}>
              <a
                href={languageSwitchHref(location.pathname, location.search, code)}
                hrefLang={htmlLang}
                lang={htmlLang}
                aria-current={code === site.lang ? 'true' : undefined}
              >
                {option.Language}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
