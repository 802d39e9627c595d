import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useMember } from '../../console-state.ts'
import { sectionsFor } from '../../sections.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import styles from './home.module.css'

/** What this member can do here, by their roles: a link to each section they may use, nothing else. */
export function Component() {
  const { t } = useTranslation()
  const member = useMember()
  const sections = sectionsFor(member.roles).filter((section) => section.id !== 'home')
  return (
    <ConsolePage title={t('home.title', { name: member.name || member.email })} lead={t('home.lead')}>
      <section className={ui.panel} aria-labelledby="home-roles">
        <h2 id="home-roles" className={ui.panelTitle}>
          {t('home.roles')}
        </h2>
        <dl className={styles.roles}>
          {member.roles.map((role) => (
            <div key={role} className={styles.role}>
              <dt>
                <span className={ui.badge}>{t(`roles.${role}.label`)}</span>
              </dt>
              <dd>{t(`roles.${role}.description`)}</dd>
            </div>
          ))}
        </dl>
        <p className={ui.hint}>
          {member.exhibitionIds === null ? t('home.allExhibitions') : t('home.someExhibitions', { count: member.exhibitionIds.length })}
        </p>
      </section>
      <section aria-labelledby="home-sections">
        <h2 id="home-sections" className={ui.panelTitle}>
          {t('home.sections')}
        </h2>
        <ul className={styles.cards}>
          {sections.map((section) => (
            <li key={section.id} className={styles.card}>
              <Link to={section.path} className={styles.cardLink}>
                {t(`sections.${section.id}.label`)}
              </Link>
              <p className={ui.hint}>{t(`sections.${section.id}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </ConsolePage>
  )
}
