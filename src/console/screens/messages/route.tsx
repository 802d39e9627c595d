import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type MessageList, messageList } from '../../../api/console-messages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { exhibitionPath } from '../../lib/catalog-paths.ts'
import { type ReminderSettings, reminderSettings } from '../../../api/console-reminders.ts'
import { messagePath, newMessagePath, remindersPath } from './paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { MessageState } from './message-state.tsx'
import { lazySection } from '../../../lib/lazy-section.tsx'

// A new message and one message load when opened: the console's entry is near its budget, so this
// is one screen of three parts (one route, docs/CONVENTIONS.md#a-console-screen-srcconsole).
const Compose = lazySection('messages/compose', async () => (await import('./compose.tsx')).Compose)
const MessageDetailView = lazySection('messages/message-detail', async () => (await import('./message-detail.tsx')).MessageDetailView)
const Reminders = lazySection('messages/reminders', async () => (await import('./reminders.tsx')).Reminders)

type Loaded = { view: 'list' | 'new' | 'message'; list: MessageList } | { view: 'reminders'; reminders: ReminderSettings }

const positive = (value: string | undefined) => {
  const number = Number(value)
  if (!/^\d{1,9}$/.test(value ?? '') || number < 1) throw data(null, { status: 404 })
  return number
}

/** `/messages` (the list), `/messages/new`, `/messages/{id}`, `/messages/reminders`; anything else is not found. */
export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  const exhibitionId = positive(args.params.id)
  const rest = args.params['*'] ?? ''
  if (rest === 'reminders') return { view: 'reminders', reminders: await staffCall(args, reminderSettings, { exhibitionId }) }
  if (rest === '' || rest === 'new') return { view: rest === 'new' ? 'new' : 'list', list: await staffCall(args, messageList, { exhibitionId }) }
  return { view: 'message', list: await staffCall(args, messageList, { exhibitionId, id: positive(rest) }) }
}

/**
 * An exhibition's messages to its attendees and exhibitors (docs/product.md#messages), and its reminders
 * before the opening (docs/product.md#reminders-before-the-exhibition).
 */
export function Component() {
  const loaded = useLoaderData() as Loaded
  return (
    <Suspense fallback={null}>
      {loaded.view === 'reminders' ? (
        <Reminders settings={loaded.reminders} />
      ) : loaded.view === 'message' && loaded.list.message ? (
        <MessageDetailView list={loaded.list} message={loaded.list.message} />
      ) : loaded.view === 'new' ? (
        <Compose list={loaded.list} />
      ) : (
        <MessageListView list={loaded.list} />
      )}
    </Suspense>
  )
}

/** The newest first, each with when it goes and how far it has come. */
function MessageListView({ list }: { list: MessageList }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const { exhibition, messages } = list
  const when = (iso: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: exhibition.timeZone })
  return (
    <ConsolePage
      title={t('messages.title', { exhibition: exhibition.title })}
      actions={
        <>
          <Link className={ui.button} to={exhibitionPath(exhibition.id)}>
            {t('messages.back')}
          </Link>
          <Link className={ui.button} to={remindersPath(exhibition.id)}>
            {t('reminders.link')}
          </Link>
          <Link className={`${ui.button} ${ui.primary}`} to={newMessagePath(exhibition.id)}>
            {t('messages.new')}
          </Link>
        </>
      }
    >
      {messages.length === 0 ? (
        <p className={ui.muted}>{t('messages.empty')}</p>
      ) : (
        <TableFrame label={t('messages.link')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('messages.subject')}</th>
                <th scope="col">{t('messages.audience')}</th>
                <th scope="col">{t('messages.kind')}</th>
                <th scope="col">{t('messages.sendAt', { zone: exhibition.timeZone })}</th>
                <th scope="col">{t('messages.state')}</th>
                <th scope="col">{t('messages.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id}>
                  <td>
                    <Link to={messagePath(exhibition.id, message.id)}>{message.subject}</Link>
                  </td>
                  <td>{t(`messages.audiences.${message.audience}`)}</td>
                  <td>{t(`messages.kinds.${message.kind}`)}</td>
                  <td className={ui.nowrap}>{when(message.sendAt)}</td>
                  <td>
                    <MessageState state={message.state} />
                  </td>
                  <td>{t('messages.counts', message.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </ConsolePage>
  )
}
