import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, NavLink, Outlet, useRouteError } from 'react-router'
import { useConsoleShell, useMember } from '../console-state.ts'
import { sectionGroupsFor } from '../sections.ts'
import { ErrorPanel } from '../ui/panel.tsx'
import { AccountBar } from './account-bar.tsx'
import styles from './shell.module.css'
import { errorStatusOf } from '../../lib/unavailable.ts'

/** The signed-in frame: skip link, header with the member, navigation by role, and the screen. */
export function Shell() {
  const { t } = useTranslation()
  const { site } = useConsoleShell()
  const member = useMember()
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#main">
        {t('shell.skip')}
      </a>
      <header className={styles.header}>
        <NavLink to="/console" end className={styles.brand}>
          <span>{site.config.brandName}</span>
          <span className={styles.brandPart}>{t('brand')}</span>
        </NavLink>
        <AccountBar member={member} />
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t('shell.navigation')}>
          <ul className={styles.navList}>
            {sectionGroupsFor(member.roles).map(({ group, sections }) => (
              <li key={group} className={styles.navGroup}>
                {group === 'start' ? null : (
                  <span className={styles.navGroupLabel} id={`nav-group-${group}`}>
                    {t(`sections.groups.${group}`)}
                  </span>
                )}
                <ul className={styles.navGroupList} aria-labelledby={group === 'start' ? undefined : `nav-group-${group}`}>
                  {sections.map((section) => (
                    <li key={section.id}>
                      <NavLink to={section.path} end className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                        {t(`sections.${section.id}.label`)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  )
}

/** A screen's error (no access for this role, not found, a failure) inside the shell. */
export function ScreenError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const status = errorStatusOf(error, isRouteErrorResponse)
  return (
    <>
      <title>{t('brand')}</title>
      <ErrorPanel status={status} />
    </>
  )
}
