import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProfileView } from '../../api/exhibitors.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { Country } from './area-load.ts'
import styles from './exhibitor-area.module.css'
import { LanguageTabs, languageName, languageTag, type TabState, textPanelId, textTabId } from './language-tabs.tsx'

/** The profile as staff see it: what the administrators wrote, in every language, to read and not to change. */
export function ProfileRead({ profile, countries }: { profile: ProfileView; countries: Country[] }) {
  const { t } = useTranslation('exhibitor')
  const [tab, setTab] = useState<Locale>('en')
  const country = profile.country ? (countries.find((entry) => entry.code === profile.country)?.name ?? profile.country) : null
  const states = Object.fromEntries(LOCALES.map((locale) => [locale, profile.texts[locale]?.name ? 'written' : 'empty'])) as Record<Locale, TabState>
  const text = profile.texts[tab]
  const none = <span className={styles.muted}>{t('profile.notGiven')}</span>
  return (
    <div className={styles.form}>
      <p className={styles.note}>{t('profile.readOnly')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('profile.kind')}</dt>
          <dd>{t(`kinds.${profile.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('profile.country')}</dt>
          <dd>{country ?? none}</dd>
        </div>
        <div>
          <dt>{t('profile.website')}</dt>
          <dd className={styles.breakable}>
            {profile.website ? (
              <a href={profile.website} rel="noopener noreferrer" target="_blank">
                {profile.website}
              </a>
            ) : (
              none
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.licences')}</dt>
          <dd>
            {profile.licences.length ? (
              <ul className={styles.plainList}>
                {profile.licences.map((licence) => (
                  <li key={`${licence.regulator}-${licence.number}`}>
                    {licence.regulator}: {licence.number}
                  </li>
                ))}
              </ul>
            ) : (
              none
            )}
          </dd>
        </div>
      </dl>
      <div className={styles.fieldset}>
        <h3 className={styles.legend}>{t('profile.texts')}</h3>
        <LanguageTabs prefix="profile-read" active={tab} states={states} onSelect={setTab} />
        <div role="tabpanel" id={textPanelId('profile-read')} aria-labelledby={textTabId('profile-read', tab)} className={styles.tabPanel}>
          <p className={styles.tabPanelTitle} lang={languageTag(tab)}>
            {languageName(tab)}
          </p>
          {text?.name ? (
            <dl className={styles.facts}>
              <div>
                <dt>{t('profile.name')}</dt>
                <dd lang={languageTag(tab)}>{text.name}</dd>
              </div>
              <div>
                <dt>{t('profile.summary')}</dt>
                <dd lang={text.summary ? languageTag(tab) : undefined}>{text.summary || none}</dd>
              </div>
              <div>
                <dt>{t('profile.description')}</dt>
                <dd className={styles.description} lang={text.description ? languageTag(tab) : undefined}>
                  {text.description || none}
                </dd>
              </div>
            </dl>
          ) : (
            <p className={styles.muted}>{t('profile.languageEmpty')}</p>
          )}
        </div>
      </div>
    </div>
  )
}
