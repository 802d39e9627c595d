import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type MessageList, messageList } from '../../../api/console-messages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { exhibitionPath, messagePath, newMessagePath } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { MessageState } from '../../ui/message-state.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<MessageList> {
  const exhibitionId = Number(args.params.id)
  if (!Number.isSafeInteger(exhibitionId) || exhibitionId < 1) throw data(null, { status: 404 })
  return staffCall(args, messageList, { exhibitionId })
}

/**
 * An exhibition's messages to its attendees and exhibitors (docs/product.md#messages), the newest
 * first, each with when it goes and how far it has come.
 */
export function Component() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const { exhibition, messages } = useLoaderData() as MessageList
  const when = (iso: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: exhibition.timeZone })
  return (
    <ConsolePage
      title={t('messages.title', { exhibition: exhibition.title })}
      actions={
        <>
          <Link className={ui.button} to={exhibitionPath(exhibition.id)}>
            {t('messages.back')}
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
