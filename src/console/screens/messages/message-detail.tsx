import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useRevalidator } from 'react-router'
import { cancelMessage, type MessageDetail, type MessageList } from '../../../api/console-messages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { messagesPath } from './paths.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { MessageState } from './message-state.tsx'
import ui from '../../ui/ui.module.css'
import { Facts } from '../../ui/facts.tsx'
import { Panel } from '../../ui/panel.tsx'

const COUNTS = ['queued', 'sent', 'failed', 'skipped', 'cancelled'] as const

/**
 * One message (docs/product.md#messages): who it goes to, its texts, and its progress (queued, sent,
 * failed, skipped as unsubscribed or bounced), with Cancel while some are still to go.
 */
export function MessageDetailView({ list, message }: { list: MessageList; message: MessageDetail }) {
  const { t } = useTranslation()
  const { language, client } = useConsoleShell()
  const { exhibition } = list
  const revalidator = useRevalidator()
  const [confirming, setConfirming] = useState(false)
  const [status, setStatus] = useState('')
  const open = message.state === 'scheduled' || message.state === 'sending'
  const when = new Date(message.sendAt).toLocaleString(language, { dateStyle: 'long', timeStyle: 'short', timeZone: exhibition.timeZone })
  return (
    <ConsolePage
      title={message.subject}
      lead={exhibition.title}
      actions={
        <>
          <Link className={ui.button} to={messagesPath(exhibition.id)}>
            {t('messages.backToList')}
          </Link>
          <button type="button" className={ui.button} onClick={() => void revalidator.revalidate()}>
            {t('messages.refresh')}
          </button>
          {open ? (
            <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setConfirming(true)}>
              {t('messages.cancel')}
            </button>
          ) : null}
        </>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <Panel title={t('messages.facts')}>
        <Facts
          rows={[
            [t('messages.state'), <MessageState key="state" state={message.state} />],
            [t('messages.sendAt', { zone: exhibition.timeZone }), when],
            [
              t('messages.audience'),
              `${t(`messages.audiences.${message.audience}`)}${message.audience === 'attendees' ? ` · ${t(`messages.checkedIn.${message.checkedIn}`)}` : ''}`,
            ],
            [t('messages.kind'), t(`messages.kinds.${message.kind}`)],
          ]}
        />
      </Panel>
      <Panel title={t('messages.progress')}>
        <Facts
          rows={COUNTS.map(
            (name) =>
              [
                t(`messages.countNames.${name}`),
                <span key={name} data-count={name}>
                  {message.counts[name]}
                </span>,
              ] as const,
          )}
        />
      </Panel>
      {message.languages.map((locale) => {
        const text = message.texts[locale]
        return text ? (
          <section key={locale} className={ui.panel} aria-labelledby={`text-${locale}`} lang={locale}>
            <h2 id={`text-${locale}`} className={ui.panelTitle}>
              {text.subject} <span className={ui.muted}>({locale})</span>
            </h2>
            {text.body.split(/\n\s*\n/).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a stored text never move
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        ) : null
      })}
      {confirming ? (
        <ConfirmDialog
          title={t('messages.cancelTitle')}
          message={t('messages.cancelMessage')}
          confirmLabel={t('messages.cancel')}
          danger
          onConfirm={async () => {
            await client.call(cancelMessage, { exhibitionId: exhibition.id, id: message.id })
            await revalidator.revalidate()
            setStatus(t('messages.states.cancelled'))
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </ConsolePage>
  )
}
