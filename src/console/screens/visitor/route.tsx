import { Facts as FactList } from '../../ui/facts.tsx'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type VisitorDetail, visitorDetail } from '../../../api/console-visitors.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { VISITORS_PATH } from '../../lib/visitor-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { AccountState } from '../../ui/account-state.tsx'
import { BlockPanel } from './block-panel.tsx'
import { DataRequestPanel, type Erased } from './data-request-panel.tsx'
import { Holdings } from './holdings.tsx'
import { SessionsPanel } from './sessions-panel.tsx'
import detail from '../../ui/facts.module.css'
import { Panel } from '../../ui/panel.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<{ visitor: VisitorDetail }> {
  return staffCall(args, visitorDetail, { id: args.params.id ?? '' })
}

/** The visitor's language by its own name ("日本語"), the code when it is not one of ours. */
const languageName = (locale: string) =>
  (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale

function Facts({ visitor }: { visitor: VisitorDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const rows: Array<[string, ReactNode]> = [
    [t('visitors.state'), <AccountState key="state" blocked={visitor.block !== null} />],
    [t('visitor.email'), `${visitor.email} · ${t(visitor.emailVerified ? 'visitor.verified' : 'visitor.unverified')}`],
    [t('visitors.created'), formatDateTime(visitor.createdAt, language)],
    [t('visitors.lastSignIn'), visitor.lastSignInAt ? formatDateTime(visitor.lastSignInAt, language) : t('visitors.never')],
    [t('visitor.language'), languageName(visitor.locale)],
    [t('visitor.comments'), String(visitor.comments)],
    [t('visitor.follows'), String(visitor.follows)],
  ]
  return <FactList rows={rows} />
}

function ErasedPanel({ erased }: { erased: Erased }) {
  const { t } = useTranslation()
  const message = useRef<HTMLParagraphElement>(null)
  // The form that had focus is gone: the outcome takes it, so keyboard and screen reader users stay in place.
  useEffect(() => message.current?.focus(), [])
  return (
    <section className={ui.panel}>
      <p role="status" className={ui.success} ref={message} tabIndex={-1}>
        {t('visitor.erasedSummary', {
          kept: erased.ordersKept,
          removed: erased.ordersRemoved,
          applications: erased.applicationsRemoved,
          comments: erased.commentsRemoved,
        })}
      </p>
      <p>
        <Link to={VISITORS_PATH}>{t('visitor.back')}</Link>
      </p>
    </section>
  )
}

/** One visitor account (docs/product.md#console-visitors): what we hold, their sessions, a block, and an owner's data requests. */
export function Component() {
  const { t } = useTranslation()
  const { visitor } = useLoaderData() as { visitor: VisitorDetail }
  const member = useMember()
  const revalidator = useRevalidator()
  const [status, setStatus] = useState('')
  const [erased, setErased] = useState<Erased | null>(null)
  const statusLine = useRef<HTMLParagraphElement>(null)
  // The button pressed may be gone after the page reloads its data (a session signed out, a block lifted): focus goes to what happened.
  const done = async (message: string) => {
    await revalidator.revalidate()
    setStatus(message)
    statusLine.current?.focus()
  }

  // The erased person is not named again, not even in the page's title.
  if (erased) {
    return (
      <ConsolePage title={t('visitor.erasedTitle')}>
        <ErasedPanel erased={erased} />
      </ConsolePage>
    )
  }
  return (
    <ConsolePage title={t('visitor.title', { nick: visitor.nick })} lead={visitor.email}>
      <p>
        <Link to={VISITORS_PATH}>{t('visitor.back')}</Link>
      </p>
      <p className={status ? ui.success : 'visually-hidden'} role="status" ref={statusLine} tabIndex={-1}>
        {status}
      </p>
      <div className={detail.columns}>
        <div className={detail.stack}>
          <Panel title={t('visitor.facts')}>
            <Facts visitor={visitor} />
          </Panel>
          <Holdings visitor={visitor} />
        </div>
        <div className={detail.stack}>
          <SessionsPanel visitor={visitor} onDone={done} />
          <BlockPanel key={visitor.block ? 'blocked' : 'open'} visitor={visitor} onDone={done} />
          {mayCall(member.roles, 'deleteVisitor') ? <DataRequestPanel visitor={visitor} onErased={setErased} /> : null}
        </div>
      </div>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
