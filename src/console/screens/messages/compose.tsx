import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { type MessageList, type MessagePreview, previewMessage, sendMessage } from '../../../api/console-messages.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import {
  CHECKED_IN_FILTERS,
  type CheckedInFilter,
  MESSAGE_AUDIENCES,
  MESSAGE_KINDS,
  MESSAGE_LIMITS,
  type MessageAudience,
  type MessageKind,
} from '../../../../shared/rules/messages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { messagePath, messagesPath } from './paths.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { FormEnd } from '../../ui/form-end.tsx'
import { RadioField } from '../../ui/radio-field.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { useFormCall } from '../../ui/use-form-call.ts'
import styles from './compose.module.css'
import { firstLanguages, LanguageTabs } from './language-tabs.tsx'

type Texts = Partial<Record<Locale, { subject: string; body: string }>>

/**
 * A new message (docs/product.md#messages): who gets it, its kind, its subject and body in each
 * language written (one tab each), how many addresses it would reach, a preview per language, a test
 * to oneself, and sending now or at a time at the venue.
 */
export function Compose({ list }: { list: MessageList }) {
  const { t } = useTranslation()
  const { language, client } = useConsoleShell()
  const { exhibition, ticketTypes } = list
  const navigate = useNavigate()
  const errorText = useErrorText()
  const [audience, setAudience] = useState<MessageAudience>('attendees')
  const [kind, setKind] = useState<MessageKind>('transactional')
  const [checkedIn, setCheckedIn] = useState<CheckedInFilter>('any')
  const [ticketTypeIds, setTicketTypeIds] = useState<number[]>([])
  const [languages, setLanguages] = useState<Locale[]>(firstLanguages(language))
  const [active, setActive] = useState<Locale>('en')
  const [texts, setTexts] = useState<Texts>({})
  const [later, setLater] = useState(false)
  const [count, setCount] = useState('')
  const [note, setNote] = useState('')
  const [preview, setPreview] = useState<MessagePreview['mail']>(null)
  const previewRef = useRef<HTMLDialogElement>(null)

  const filter = { exhibitionId: exhibition.id, audience, kind, checkedIn, ticketTypeIds }
  const draft = { ...filter, texts, language: active }
  const { busy, submit, fieldError, message } = useFormCall(
    (form) => {
      const sendAt = String(form.get('sendAt') ?? '')
      return client.call(sendMessage, { ...filter, texts, ...(later && sendAt ? { sendAt } : {}) })
    },
    async (sent) => navigate(messagePath(exhibition.id, sent.id)),
  )
  /** A side action (count, preview, test): its outcome or its refusal in the status line. */
  const act = async (work: () => Promise<string | undefined>) => {
    setNote('')
    try {
      setNote((await work()) ?? '')
    } catch (error) {
      setNote(errorText(error))
    }
  }
  const setText = (locale: Locale, part: 'subject' | 'body', value: string) =>
    setTexts((current) => ({ ...current, [locale]: { subject: '', body: '', ...current[locale], [part]: value } }))
  const toggleType = (id: number, on: boolean) => setTicketTypeIds((current) => (on ? [...current, id] : current.filter((value) => value !== id)))

  return (
    <ConsolePage
      title={t('messages.newTitle', { exhibition: exhibition.title })}
      actions={
        <Link className={ui.button} to={messagesPath(exhibition.id)}>
          {t('messages.backToList')}
        </Link>
      }
    >
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <RadioField
          legend={t('messages.audience')}
          name="audience"
          value={audience}
          options={MESSAGE_AUDIENCES.map((value) => [value, t(`messages.audiences.${value}`)] as const)}
          onChange={setAudience}
        />
        {audience === 'attendees' ? (
          <>
            <fieldset className={ui.fieldset}>
              <legend className={ui.legend}>{t('messages.ticketTypes')}</legend>
              <p className={ui.hint}>{t('messages.ticketTypesHint')}</p>
              <div className={ui.choices}>
                {ticketTypes.map((type) => (
                  <label key={type.id} className={ui.choice}>
                    <input type="checkbox" checked={ticketTypeIds.includes(type.id)} onChange={(event) => toggleType(type.id, event.target.checked)} />
                    {type.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <RadioField
              legend={t('messages.checkedIn.yes')}
              name="checkedIn"
              value={checkedIn}
              options={CHECKED_IN_FILTERS.map((value) => [value, t(`messages.checkedIn.${value}`)] as const)}
              onChange={setCheckedIn}
            />
          </>
        ) : null}
        <RadioField
          legend={t('messages.kind')}
          name="kind"
          value={kind}
          options={MESSAGE_KINDS.map((value) => [value, t(`messages.kinds.${value}`)] as const)}
          onChange={setKind}
        >
          <p className={ui.hint}>{t(`messages.kindHints.${kind}`)}</p>
        </RadioField>
        <div className={styles.row}>
          <button
            type="button"
            className={ui.button}
            onClick={() =>
              void act(async () => {
                const answer = await client.call(previewMessage, filter)
                setCount(t('messages.countResult', { count: answer.addresses, suppressed: answer.suppressed }))
                return undefined
              })
            }
          >
            {t('messages.countButton')}
          </button>
          <output className={styles.count} aria-live="polite">
            {count}
          </output>
        </div>

        <LanguageTabs
          languages={languages}
          active={active}
          onSelect={setActive}
          onAdd={(locale) => {
            setLanguages((current) => [...current, locale])
            setActive(locale)
          }}
          hasError={(locale) => Boolean(fieldError(`texts.${locale}.subject`) || fieldError(`texts.${locale}.body`))}
          available={LOCALES.filter((locale) => !languages.includes(locale))}
        >
          <TextField
            label={t('messages.subject')}
            name={`subject.${active}`}
            lang={active}
            value={texts[active]?.subject ?? ''}
            onChange={(event) => setText(active, 'subject', event.target.value)}
            maxLength={MESSAGE_LIMITS.subject}
            error={fieldError(`texts.${active}.subject`)}
          />
          <TextAreaField
            label={t('messages.body')}
            name={`body.${active}`}
            lang={active}
            rows={10}
            value={texts[active]?.body ?? ''}
            onChange={(event) => setText(active, 'body', event.target.value)}
            maxLength={MESSAGE_LIMITS.body}
            error={fieldError(`texts.${active}.body`)}
          />
        </LanguageTabs>
        {fieldError('texts') ? <p className={ui.fieldError}>{fieldError('texts')}</p> : null}

        <div className={styles.row}>
          <button
            type="button"
            className={ui.button}
            onClick={() =>
              void act(async () => {
                setPreview((await client.call(previewMessage, draft)).mail)
                return undefined
              })
            }
          >
            {t('messages.preview')}
          </button>
          <button
            type="button"
            className={ui.button}
            onClick={() => void act(async () => t('messages.testSent', { to: (await client.call(previewMessage, { ...draft, mailToMe: true })).testTo ?? '' }))}
          >
            {t('messages.test')}
          </button>
        </div>
        <p className={note ? ui.success : 'visually-hidden'} role="status">
          {note}
        </p>

        <RadioField
          legend={t('messages.when')}
          name="when"
          value={later ? 'later' : 'now'}
          options={[
            ['now', t('messages.now')],
            ['later', t('messages.later')],
          ]}
          onChange={(value) => setLater(value === 'later')}
        >
          {later ? (
            <TextField label={t('messages.sendAt', { zone: exhibition.timeZone })} name="sendAt" type="datetime-local" required error={fieldError('sendAt')} />
          ) : null}
        </RadioField>
        <FormEnd message={message} busy={busy} save={t(later ? 'messages.schedule' : 'messages.send')} />
      </form>
      {preview ? (
        <Dialog title={t('messages.previewTitle', { language: preview.language })} onClose={() => setPreview(null)} width="wide" dialogRef={previewRef}>
          <div lang={preview.language} className={styles.preview}>
            <p>
              <strong>{preview.subject}</strong>
            </p>
            {preview.paragraphs.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview's paragraphs never move
              <p key={index}>{paragraph}</p>
            ))}
            <hr />
            {preview.footer.map((line) => (
              <p key={line} className={ui.muted}>
                {line}
              </p>
            ))}
          </div>
          <div className={ui.actions}>
            <button type="button" className={ui.button} onClick={() => previewRef.current?.close()}>
              {t('messages.close')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </ConsolePage>
  )
}
