import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type GoingLiveEntry, goingLive, me } from '../../../api/console.ts'
import { useMember } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { sectionsFor } from '../../sections.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import styles from './home.module.css'
import { Panel } from '../../ui/panel.tsx'

type GoingLiveItems = GoingLiveEntry[]

interface HomeData {
  /** Owners only: the "before you go live" list. */
  goingLive: GoingLiveItems | null
}

export async function loader(args: LoaderFunctionArgs): Promise<HomeData> {
  const { member } = await staffCall(args, me, {})
  if (!member.roles.includes('owner')) return { goingLive: null }
  return { goingLive: (await staffCall(args, goingLive, {})).items }
}

/** What is still the demo's or missing before the site faces the public; once all is set, one line says so. */
function GoingLive({ items }: { items: GoingLiveItems }) {
  const { t } = useTranslation()
  if (items.every((item) => item.done)) return <p className={`${ui.hint} ${styles.ready}`}>{t('home.goingLive.ready')}</p>
  return (
    <Panel title={t('home.goingLive.title')}>
      <p className={ui.hint}>{t('home.goingLive.lead')}</p>
      <ul className={styles.checklist}>
        {items.map((item) => (
          <li key={item.id} className={item.done ? styles.done : styles.todo}>
            <span className={styles.tick} aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            <span>
              <strong>{t(`home.goingLive.items.${item.id}.label`)}</strong>{' '}
              <span className={styles.state}>({item.done ? t('home.goingLive.done') : t('home.goingLive.todo')})</span>
              {item.done ? null : <span className={ui.hint}> {t(`home.goingLive.items.${item.id}.how`)}</span>}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** What this member can do here, by their roles: a link to each section they may use, nothing else. */
export function Component() {
  const { t } = useTranslation()
  const member = useMember()
  const data = useLoaderData() as HomeData
  const sections = sectionsFor(member.roles).filter((section) => section.id !== 'home')
  return (
    <ConsolePage title={t('home.title', { name: member.name || member.email })} lead={t('home.lead')}>
      {data.goingLive ? <GoingLive items={data.goingLive} /> : null}
      <Panel title={t('home.roles')}>
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
      </Panel>
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
