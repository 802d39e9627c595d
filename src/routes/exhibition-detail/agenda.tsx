import { type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { formatDay, formatTimeRange, timeZoneLabel } from '../../components/event-dates/format.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './detail.module.css'

/**
 * The programme, a tab per day (WAI-ARIA tabs: arrow keys move between days, Home / End jump),
 * every time at the venue. With a single day there are no tabs.
 */
export function Agenda({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const [selected, setSelected] = useState(0)
  const tabs = useRef<Array<HTMLButtonElement | null>>([])
  const days = exhibition.agenda
  const speakers = new Map(exhibition.speakers.map((speaker) => [speaker.id, speaker]))
  const zone = exhibition.timeZone

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: days.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + days.length) % days.length
    setSelected(next)
    tabs.current[next]?.focus()
  }

  const panel = (index: number) => {
    const day = days[index]
    if (!day) return null
    return (
      <>
        <h3 className={styles.dayTitle}>
          {t('detail.agenda.day', { number: index + 1, date: formatDay(day.date, site.htmlLang, 'long') })}
          {day.title ? <span className={styles.dayTheme}>{day.title}</span> : null}
        </h3>
        <ol className={styles.sessions}>
          {day.sessions.map((session) => {
            const people = session.speakerIds.map((id) => speakers.get(id)).filter((speaker) => speaker !== undefined)
            return (
              <li key={session.id} className={`${styles.session} ${session.kind === 'break' || session.kind === 'networking' ? styles.sessionPause : ''}`}>
                <p className={styles.sessionTime}>{formatTimeRange(session.startsAt, session.endsAt, zone, site.htmlLang)}</p>
                <div className={styles.sessionBody}>
                  <p className={styles.sessionMeta}>
                    <span className={styles.kind}>{t(`session.${session.kind}`)}</span>
                    {session.room ? <span className={styles.room}>{t('detail.agenda.room', { room: session.room })}</span> : null}
                  </p>
                  <h4 className={styles.sessionTitle}>{session.title}</h4>
                  {session.description ? <p className={styles.sessionText}>{session.description}</p> : null}
                  {people.length ? (
                    <ul className={styles.sessionSpeakers} aria-label={t('detail.agenda.speakers')}>
                      {people.map((speaker) => (
                        <li key={speaker.id}>
                          <Picture src={speaker.photo} alt="" width={36} height={36} placeholder={PLACEHOLDER.avatar} round />
                          <span>
                            <span className={styles.personName}>{speaker.name}</span>
                            <span className={styles.personRole}>{[speaker.title, speaker.company].filter(Boolean).join(', ')}</span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ol>
      </>
    )
  }

  return (
    <section id="agenda" className={styles.section} aria-labelledby="agenda-title">
      <h2 id="agenda-title" className={styles.sectionTitle}>
        {t('detail.agenda.title')}
      </h2>
      <p className={styles.sectionIntro}>{t('detail.agenda.intro', { zone: timeZoneLabel(exhibition.startsAt, zone, site.htmlLang) })}</p>
      {days.length > 1 ? (
        <>
          <div role="tablist" aria-label={t('detail.agenda.days')} className={styles.tabs} onKeyDown={onKeyDown}>
            {days.map((day, index) => (
              <button
                key={day.date}
                ref={(element) => {
                  tabs.current[index] = element
                }}
                type="button"
                role="tab"
                id={`agenda-tab-${index}`}
                aria-controls={`agenda-panel-${index}`}
                aria-selected={index === selected}
                tabIndex={index === selected ? 0 : -1}
                className={styles.tab}
                onClick={() => setSelected(index)}
              >
                <span className={styles.tabDay}>{t('detail.agenda.dayShort', { number: index + 1 })}</span>
                <span className={styles.tabDate}>{formatDay(day.date, site.htmlLang)}</span>
              </button>
            ))}
          </div>
          {days.map((day, index) => (
            <div
              key={day.date}
              role="tabpanel"
              id={`agenda-panel-${index}`}
              aria-labelledby={`agenda-tab-${index}`}
              hidden={index !== selected}
              className={styles.panel}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel pattern makes the panel reachable
              tabIndex={0}
            >
              {index === selected ? panel(index) : null}
            </div>
          ))}
        </>
      ) : (
        panel(0)
      )}
    </section>
  )
}
