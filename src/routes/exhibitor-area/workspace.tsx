import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { BoothChoiceView, ChecklistView, PassesView, WorkspaceView } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import type { Country } from './area-load.ts'
import { AreaPage } from './area-page.tsx'
import { Badges, ExhibitionLine } from './area-parts.tsx'
import { Checklist } from './checklist.tsx'
import styles from './exhibitor-area.module.css'
import type { ListNotice } from './exhibitor-list.tsx'
import { LogoField } from './logo.tsx'
import { ProfileEditor } from './profile-editor.tsx'
import { ProfileRead } from './profile-read.tsx'
import { Team } from './team.tsx'
import { lazySection } from '../../lib/lazy-section.tsx'

// The booth section loads on its own, so the area's first JavaScript stays within its budget.
const BoothSection = lazySection('exhibitor-area/booth', () => import('./booth.tsx').then((module) => module.BoothSection))
// So do the team passes, with the attendee form's fields and the phone picker.
const PassesSection = lazySection('exhibitor-area/passes', () => import('./passes.tsx').then((module) => module.PassesSection))
// And the official channels' list and form, below the profile.
const Channels = lazySection('exhibitor-area/channels', () => import('./channels.tsx').then((module) => module.Channels))

/** One exhibitor of the member's: what the profile still lacks, the organiser's checklist, its booth, its team passes, the profile, its official channels, and the team. */
export function Workspace({
  workspace: loaded,
  countries,
  checklist,
  booth,
  passes,
}: {
  workspace: WorkspaceView
  countries: Country[]
  checklist: ChecklistView
  booth: BoothChoiceView
  passes: PassesView
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const navigate = useNavigate()
  const [workspace, setWorkspace] = useState(loaded)
  const { exhibitor, profile } = workspace
  const admin = exhibitor.role === 'admin'
  return (
    <AreaPage
      back
      title={`${exhibitor.name} · ${t('area.title')}`}
      heading={
        <header className={styles.workspaceHead}>
          <p className={styles.eyebrow}>{t('area.title')}</p>
          <h1 className={styles.title}>{exhibitor.name}</h1>
          <p className={styles.exhibition}>{exhibitor.exhibition.title}</p>
          <ExhibitionLine exhibition={exhibitor.exhibition} />
          <p className={styles.yourRole}>
            {t('area.yourRole')} <Badges role={exhibitor.role} status={exhibitor.status} />
          </p>
          {exhibitor.status === 'active' ? (
            <p className={styles.publicLink}>
              <Link to={`/${site.lang}/backDetail/${exhibitor.exhibition.id}/exhibitors/${exhibitor.slug}`}>{t('area.publicPage')}</Link>
            </p>
          ) : null}
          {admin ? (
            <p className={styles.publicLink}>
              <Link to={`/${site.lang}/exhibitor/crm?id=${exhibitor.id}`}>{t('area.crmLink')}</Link>
            </p>
          ) : null}
        </header>
      }
    >
      {exhibitor.status === 'withdrawn' ? (
        <p className={`${styles.note} ${styles.noteWarning}`} role="note">
          {t('errors.withdrawn')}
        </p>
      ) : null}

      <section className={`${styles.card} ${profile.gaps.length ? styles.gapsCard : styles.completeCard}`} aria-labelledby="gaps-title">
        <h2 id="gaps-title" className={styles.cardTitle}>
          {profile.gaps.length ? t('gaps.title', { count: profile.gaps.length }) : t('gaps.complete')}
        </h2>
        {profile.gaps.length ? (
          <>
            <p className={styles.muted}>{admin ? t('gaps.textAdmin') : t('gaps.textStaff')}</p>
            <ul className={styles.gapList} aria-label={t('gaps.incomplete')}>
              {profile.gaps.map((gap) => (
                <li key={gap} className={styles.gap}>
                  {t(`gaps.${gap}`)}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={styles.muted}>{t('gaps.completeText')}</p>
        )}
      </section>

      <Checklist
        exhibitorId={exhibitor.id}
        checklist={checklist}
        countries={countries}
        admin={admin}
        active={exhibitor.status === 'active'}
        profile={`${profile.version}:${profile.logo?.src ?? ''}`}
      />

      <Suspense fallback={null}>
        <BoothSection exhibitorId={exhibitor.id} choice={booth} admin={admin} active={exhibitor.status === 'active'} countries={countries} />
      </Suspense>

      <Suspense fallback={null}>
        <PassesSection exhibitorId={exhibitor.id} passes={passes} active={exhibitor.status === 'active'} />
      </Suspense>

      <section className={styles.card} aria-labelledby="profile-title">
        <h2 id="profile-title" className={styles.cardTitle}>
          {t('profile.title')}
        </h2>
        <LogoField
          exhibitorId={exhibitor.id}
          name={exhibitor.name}
          logo={profile.logo}
          admin={admin && exhibitor.status === 'active'}
          onLogo={(logo) => setWorkspace((current) => ({ ...current, profile: { ...current.profile, logo } }))}
        />
        {admin ? <ProfileEditor workspace={workspace} countries={countries} onSaved={setWorkspace} /> : <ProfileRead profile={profile} countries={countries} />}
      </section>

      <section className={styles.card} aria-labelledby="channels-title">
        <h2 id="channels-title" className={styles.cardTitle}>
          {t('channels.title')}
        </h2>
        <Suspense fallback={null}>
          <Channels workspace={workspace} onChannels={(channels) => setWorkspace((current) => ({ ...current, channels }))} />
        </Suspense>
      </section>

      <section className={styles.card} aria-labelledby="team-title">
        <h2 id="team-title" className={styles.cardTitle}>
          {t('team.title')}
        </h2>
        <Team
          workspace={workspace}
          onTeam={(team) => setWorkspace((current) => ({ ...current, team }))}
          onLeft={() => navigate(`/${site.lang}/exhibitor.html`, { state: { left: exhibitor.name } satisfies ListNotice })}
        />
      </section>
    </AreaPage>
  )
}
