import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { MailIcon, ShieldIcon } from '../icons/icons.tsx'
import { Logo } from '../logo/logo.tsx'
import { NAV_TABS, SHELL_ANCHORS, tabHref } from '../header/nav-tabs.ts'
import { FooterLanguages } from './footer-languages.tsx'
import { SocialIcon } from './social-icon.tsx'
import styles from './footer.module.css'

const LEGAL_DOCUMENTS = ['terms', 'privacy', 'disclaimer'] as const

/** docs/product.md#footer shared shell: legal links, contact and quality-assurance addresses, free of charge, social links. */
export function Footer() {
  const { t } = useTranslation()
  const site = useSite()
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo brandName={site.config.brandName} inverted />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <p className={styles.free}>
            <ShieldIcon size={18} />
            <span>{t('footer.freeOfCharge')}</span>
          </p>
        </div>

        {/* The target of the header's menu control when scripts are off. */}
        <nav id={SHELL_ANCHORS.menu} className={styles.column} aria-label={t('footer.explore')}>
          <h2 className={styles.heading}>{t('footer.explore')}</h2>
          <ul className={styles.links}>
            {NAV_TABS.map((tab) => (
              <li key={tab.key}>
                <Link to={tabHref(site.lang, tab)}>{t(`nav.tabs.${tab.key}`)}</Link>
              </li>
            ))}
            <li>
              <Link to={`/${site.lang}/trader.html`}>{t('footer.ranking')}</Link>
            </li>
          </ul>
        </nav>

        <div className={styles.column}>
          <h2 className={styles.heading}>{t('footer.contact')}</h2>
          <ul className={styles.links}>
            <li>
              <span className={styles.label}>{t('footer.contactAddress')}</span>
              <a href={`mailto:${site.config.contactEmail}`} className={styles.mail}>
                <MailIcon size={16} />
                {site.config.contactEmail}
              </a>
            </li>
            <li>
              <span className={styles.label}>{t('footer.qaAddress')}</span>
              <a href={`mailto:${site.config.qaEmail}`} className={styles.mail}>
                <MailIcon size={16} />
                {site.config.qaEmail}
              </a>
            </li>
            <li>
              <Link to={`/${site.lang}/verify.html`} className={styles.verify}>
                {t('footer.verifyChannel')}
              </Link>
            </li>
          </ul>
        </div>

        <div className={styles.column}>
          <h2 className={styles.heading}>{t('footer.follow')}</h2>
          <ul className={styles.social}>
            {site.config.socialLinks.map((link) => (
              <li key={link.name}>
                <a
                  href={link.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={t('footer.socialLink', { name: t(`footer.social.${link.name}`, { defaultValue: link.name }) })}
                >
                  <SocialIcon name={link.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <FooterLanguages />

      <div className={styles.legalBar}>
        <ul className={styles.legal}>
          {LEGAL_DOCUMENTS.map((document) => (
            <li key={document}>
              <Link to={`/${site.lang}/legal/${document}.html`}>{t(`footer.legal.${document}`)}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>{t('footer.copyright', { year: site.year, brand: site.config.brandName })}</p>
        <p className={styles.credit}>
          {t('footer.ipCredit')}{' '}
          <a href="https://db-ip.com" rel="noopener noreferrer" target="_blank">
            DB-IP
          </a>
        </p>
      </div>
    </footer>
  )
}
