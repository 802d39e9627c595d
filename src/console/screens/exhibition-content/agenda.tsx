import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import { SESSION_KINDS } from '../../../../shared/rules/exhibitions.ts'
import styles from '../../content-kit/content-kit.module.css'
import { ListEditor } from '../../content-kit/list-editor.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextsEditor } from '../../content-kit/texts-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import type { PartProps } from './part-props.ts'

type Day = ExhibitionContent['agenda'][number]
type Session = Omit<Day['sessions'][number], 'key'> & { key?: string }
/** While editing, a session keeps only its clock times; its day's date makes them whole when saved. */
type EditedSession = Omit<Session, 'startsAt' | 'endsAt'> & { starts: string; ends: string }
type EditedDay = Omit<Day, 'sessions'> & { sessions: EditedSession[] }

const clock = (local: string) => local.slice(11, 16)

/** Days of the exhibition with their sessions, times on the venue's clock, speakers chosen from the exhibition's. */
export function Agenda({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const { firstDay, lastDay, timeZone } = content.exhibition
  const [days, setDays] = useState<EditedDay[]>(() =>
    content.agenda.map((day) => ({
      ...day,
      sessions: day.sessions.map(({ startsAt, endsAt, ...session }) => ({ ...session, starts: clock(startsAt), ends: clock(endsAt) })),
    })),
  )
  const errorOf = saver.errorOf
  const submit = () =>
    save({
      part: 'agenda',
      agenda: days.map((day) => ({
        ...day,
        sessions: day.sessions.map(({ starts, ends, ...session }) => ({ ...session, startsAt: `${day.date}T${starts}`, endsAt: `${day.date}T${ends}` })),
      })),
    })
  return (
    <PartForm title={t('pages.part.agenda')} lead={t('pages.agendaLead', { zone: timeZone })} {...saver} onSave={submit} onReload={reload}>
      <ListEditor
        items={days}
        onChange={setDays}
        blank={() => ({ date: days.length ? nextDay(days.at(-1)?.date ?? firstDay, lastDay) : firstDay, texts: {}, sessions: [] })}
        titleOf={(day) => day.date}
        addLabel={t('pages.addDay')}
        emptyText={t('pages.noDays')}
        error={errorOf('agenda')}
      >
        {(day, dayIndex, updateDay) => (
          <>
            <div className={styles.grid}>
              <TextField
                label={t('pages.day')}
                type="date"
                min={firstDay}
                max={lastDay}
                value={day.date}
                required
                error={errorOf(`agenda.${dayIndex}.date`)}
                onChange={(event) => updateDay({ ...day, date: event.target.value })}
              />
            </div>
            <TextsEditor
              path={`agenda.${dayIndex}.texts`}
              fields={[{ name: 'title', label: t('pages.dayTitle'), max: LIMITS.dayTitle }]}
              keyField="title"
              value={day.texts}
              onChange={(texts) => updateDay({ ...day, texts: texts as Day['texts'] })}
              errorOf={errorOf}
            />
            <h4 className={ui.legend}>{t('pages.sessions')}</h4>
            <ListEditor
              items={day.sessions}
              onChange={(sessions) => updateDay({ ...day, sessions })}
              blank={() => ({ starts: '09:00', ends: '10:00', kind: 'talk' as const, room: '', speakers: [], texts: {} })}
              titleOf={(session) => `${session.starts}–${session.ends} ${session.texts.en?.title ?? ''}`.trim()}
              addLabel={t('pages.addSession')}
              emptyText={t('pages.noSessions')}
              error={errorOf(`agenda.${dayIndex}.sessions`)}
              level={5}
              collapsible
              hasProblem={(index) => saver.problemUnder(`agenda.${dayIndex}.sessions.${index}.`)}
            >
              {(session, index, update) => (
                <SessionFields path={`agenda.${dayIndex}.sessions.${index}`} session={session} update={update} speakers={content.speakers} errorOf={errorOf} />
              )}
            </ListEditor>
          </>
        )}
      </ListEditor>
    </PartForm>
  )
}

/** The day after `day`, not past the last one. */
function nextDay(day: string, last: string): string {
  const next = new Date(`${day}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  const text = next.toISOString().slice(0, 10)
  return text > last ? last : text
}

interface SessionFieldsProps {
  path: string
  session: EditedSession
  update(next: EditedSession): void
  speakers: ExhibitionContent['speakers']
  errorOf(path: string): string | undefined
}

function SessionFields({ path, session, update, speakers, errorOf }: SessionFieldsProps) {
  const { t } = useTranslation()
  const kindId = useId()
  const speakerError = errorOf(`${path}.speakers`) ?? session.speakers.map((_, index) => errorOf(`${path}.speakers.${index}`)).find(Boolean)
  const toggle = (key: string, on: boolean) =>
    update({ ...session, speakers: on ? [...session.speakers, key] : session.speakers.filter((candidate) => candidate !== key) })
  return (
    <>
      <div className={styles.grid}>
        <TextField
          label={t('pages.starts')}
          type="time"
          value={session.starts}
          required
          error={errorOf(`${path}.startsAt`)}
          onChange={(event) => update({ ...session, starts: event.target.value })}
        />
        <TextField
          label={t('pages.ends')}
          type="time"
          value={session.ends}
          required
          error={errorOf(`${path}.endsAt`)}
          onChange={(event) => update({ ...session, ends: event.target.value })}
        />
        <div className={ui.field}>
          <label className={ui.label} htmlFor={kindId}>
            {t('pages.kind')}
          </label>
          <select
            id={kindId}
            className={ui.input}
            value={session.kind}
            onChange={(event) => update({ ...session, kind: event.target.value as EditedSession['kind'] })}
          >
            {SESSION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`pages.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('pages.room')}
          value={session.room}
          maxLength={LIMITS.room}
          error={errorOf(`${path}.room`)}
          onChange={(event) => update({ ...session, room: event.target.value })}
        />
      </div>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('pages.sessionSpeakers')}</legend>
        {speakers.length === 0 ? <p className={ui.hint}>{t('pages.noSpeakersYet')}</p> : null}
        <div className={ui.choices}>
          {speakers.map((speaker) => (
            <label key={speaker.key} className={ui.choice}>
              <input type="checkbox" checked={session.speakers.includes(speaker.key)} onChange={(event) => toggle(speaker.key, event.target.checked)} />
              {speaker.name}
            </label>
          ))}
        </div>
        {speakerError ? <p className={ui.fieldError}>{speakerError}</p> : null}
      </fieldset>
      <TextsEditor
        path={`${path}.texts`}
        fields={[
          { name: 'title', label: t('pages.sessionTitle'), max: LIMITS.sessionTitle },
          { name: 'description', label: t('pages.description'), max: LIMITS.description, long: true },
        ]}
        keyField="title"
        value={session.texts}
        onChange={(texts) => update({ ...session, texts: texts as Session['texts'] })}
        errorOf={errorOf}
      />
    </>
  )
}
