import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type ConsoleExhibitorDetail, exhibitorDetail } from '../../../api/console-exhibitors.ts'
import { type ExhibitorTaskStates, exhibitorTaskStates } from '../../../api/console-exhibitor-tasks.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { applicationPath } from '../../lib/application-paths.ts'
import { floorPlanPath } from '../../lib/catalog-paths.ts'
import { EXHIBITORS_PATH, exhibitorPath } from '../../lib/exhibitor-paths.ts'
import { formatDateTime } from '../../lib/format.ts'
import { CONSOLE_HOME } from '../../lib/paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ApplicationStatus } from '../../ui/application-status.tsx'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ExhibitorStage } from '../../ui/exhibitor-stage.tsx'
import { Facts } from '../../ui/facts.tsx'
import ui from '../../ui/ui.module.css'
import { BoothOrders } from './booth-orders.tsx'
import detail from '../../ui/facts.module.css'
import styles from './exhibitor.module.css'
import { Invitations } from './invitations.tsx'
import { Passes } from './passes.tsx'
import { TaskStates } from './task-states.tsx'

type Loaded = { exhibitor: ConsoleExhibitorDetail; tasks: ExhibitorTaskStates }

export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  const id = Number(args.params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 })
  const [{ exhibitor }, tasks] = await Promise.all([
    staffCall(args, exhibitorDetail, { exhibitorId: id }),
    staffCall(args, exhibitorTaskStates, { exhibitorId: id }),
  ])
  return { exhibitor, tasks }
}

function Summary({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const member = useMember()
  const rows: Array<[string, ReactNode]> = [
    [t('exhibitors.stageLabel'), <ExhibitorStage key="stage" status={exhibitor.status} stage={exhibitor.stage} />],
    [
      t('exhibitors.logo'),
      exhibitor.logo ? (
        <img key="logo" className={styles.logo} src={exhibitor.logo.src} width={exhibitor.logo.width} height={exhibitor.logo.height} alt={exhibitor.name} />
      ) : (
        t('exhibitors.noLogo')
      ),
    ],
    [t('exhibitors.kind'), t(`exhibitors.kinds.${exhibitor.kind}`)],
    [t('exhibitors.exhibition'), exhibitor.exhibitionTitle],
    [
      t('floorPlan.boothsOfExhibitor'),
      <span key="booths">
        {exhibitor.booths.length
          ? exhibitor.booths
              .map((booth) => t('floorPlan.boothInHall', { number: booth.number, hall: booth.hall, state: t(`floorPlan.states.${booth.state}`) }))
              .join(', ')
          : t('floorPlan.noBooth')}{' '}
        {mayCall(member.roles, 'floorPlanEditor') ? <Link to={floorPlanPath(exhibitor.exhibitionId)}>{t('floorPlan.open')}</Link> : null}
      </span>,
    ],
    [t('exhibitors.number'), String(exhibitor.id)],
    [
      t('exhibitors.address'),
      <span key="slug" className={ui.mono}>
        {exhibitor.slug}
      </span>,
    ],
    [t('exhibitors.country'), exhibitor.country ? `${exhibitor.countryName} (${exhibitor.country})` : t('exhibitors.none')],
    [t('exhibitors.website'), exhibitor.website ?? t('exhibitors.none')],
    [t('exhibitors.since'), formatDateTime(exhibitor.createdAt, language)],
    [t('exhibitors.gaps'), exhibitor.gaps.length ? exhibitor.gaps.map((gap) => t(`exhibitors.gap.${gap}`)).join(', ') : t('exhibitors.noGaps')],
  ]
  return <Facts rows={rows} />
}

function Profile({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  // The texts are in the profile's language; the labels and "not written" in the member's.
  const written = (value: string, lang: string) => (value ? <span lang={lang}>{value}</span> : <span className={ui.muted}>{t('exhibitors.notWritten')}</span>)
  return (
    <ul className={detail.entries}>
      {exhibitor.texts.map((text) => {
        const info = LANGUAGE_INFO[urlLanguageOfLocale(text.locale)]
        return (
          <li key={text.locale} className={detail.entry}>
            <h3 className={styles.language}>{t('exhibitors.profileIn', { language: info.nativeName })}</h3>
            <dl className={styles.fields}>
              <dt>{t('exhibitors.name')}</dt>
              <dd>{written(text.name, info.htmlLang)}</dd>
              <dt>{t('exhibitors.summary')}</dt>
              <dd>{written(text.summary, info.htmlLang)}</dd>
              <dt>{t('exhibitors.description')}</dt>
              <dd>{written(text.description, info.htmlLang)}</dd>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}

function Licences({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  if (!exhibitor.licences.length) return <p className={ui.muted}>{t('exhibitors.noLicences')}</p>
  return (
    <ul className={detail.entries}>
      {exhibitor.licences.map((licence) => (
        <li key={`${licence.regulator} ${licence.number}`} className={detail.entry}>
          <span>
            {licence.regulator} · <span className={ui.mono}>{licence.number}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Its channels in the verification register (what the public check answers as theirs, and until when), and those waiting for the verifier. */
function Channels({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  const member = useMember()
  const register = mayCall(member.roles, 'registerChannels') ? (
    <p className={ui.actions}>
      <Link to={`${CONSOLE_HOME}/register`}>{t('exhibitors.openRegister')}</Link>
      {exhibitor.pendingChannels.length ? <Link to={`${CONSOLE_HOME}/register?view=submissions`}>{t('exhibitors.openSubmissions')}</Link> : null}
    </p>
  ) : null
  return (
    <>
      {exhibitor.channels.length ? (
        <ul className={detail.entries}>
          {exhibitor.channels.map((channel) => (
            <li key={channel.id} className={detail.entry}>
              <div className={styles.itemHead}>
                <span className={ui.mono}>{channel.display}</span>
                <span>{t(`register.kinds.${channel.kind}`)}</span>
              </div>
              {channel.state === 'verified' ? (
                <span className={`${ui.badge} ${ui.badgeGood}`}>{t('exhibitors.channelVerified', { date: channel.validUntil })}</span>
              ) : (
                <span className={`${ui.badge} ${ui.badgeOff}`}>
                  {channel.state === 'retired'
                    ? t('exhibitors.channelRetired', { date: channel.retiredOn })
                    : t('exhibitors.channelLapsed', { date: channel.validUntil })}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>{t('exhibitors.noChannels')}</p>
      )}
      {exhibitor.pendingChannels.length ? (
        <>
          <h3 className={styles.subTitle}>{t('exhibitors.pendingChannels')}</h3>
          <ul className={detail.entries}>
            {exhibitor.pendingChannels.map((channel) => (
              <li key={channel.id} className={detail.entry}>
                <div className={styles.itemHead}>
                  <span className={ui.mono}>{channel.display}</span>
                  <span>{t(`register.kinds.${channel.kind}`)}</span>
                </div>
                <span className={ui.badge}>{t('exhibitors.channelPending', { date: channel.submittedAt.slice(0, 10) })}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {register}
    </>
  )
}

function Team({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  if (!exhibitor.members.length) return <p className={ui.muted}>{t('exhibitors.noMembers')}</p>
  return (
    <ul className={detail.entries}>
      {exhibitor.members.map((member) => (
        <li key={member.accountId} className={detail.entry}>
          <div className={styles.itemHead}>
            <span className={styles.email}>{member.nick}</span>
            <span>{t(`exhibitors.roles.${member.role}`)}</span>
          </div>
          <div className={styles.text}>{member.email}</div>
          <div className={ui.muted}>
            {t('exhibitors.memberSince')}: {formatDateTime(member.since, language)}
          </div>
        </li>
      ))}
    </ul>
  )
}

function Others({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  if (!exhibitor.otherExhibitions.length) return <p className={ui.muted}>{t('exhibitors.noOthers')}</p>
  return (
    <ul className={detail.entries}>
      {exhibitor.otherExhibitions.map((other) => (
        <li key={other.exhibitorId} className={detail.entry}>
          <div className={styles.itemHead}>
            <Link to={exhibitorPath(other.exhibitorId)}>{other.title}</Link>
            {other.status === 'withdrawn' ? <span className={`${ui.badge} ${ui.badgeOff}`}>{t('exhibitors.status.withdrawn')}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={`${ui.panel} ${detail.stack} ${styles.flush}`} aria-labelledby={id}>
      <h2 id={id} className={ui.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One exhibitor: where it stands, its profile in every language written, its team and open invitations (docs/product.md#console-exhibitors). */
export function Component() {
  const { t } = useTranslation()
  const { exhibitor, tasks } = useLoaderData() as Loaded
  const member = useMember()
  const revalidator = useRevalidator()
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)

  return (
    <ConsolePage title={exhibitor.name} lead={exhibitor.exhibitionTitle}>
      <p>
        <Link to={EXHIBITORS_PATH}>{t('exhibitors.back')}</Link>
      </p>
      <p className={status?.failed ? ui.alert : status ? ui.success : 'visually-hidden'} role="status">
        {status?.text ?? ''}
      </p>
      <div className={detail.columns}>
        <div className={detail.stack}>
          <Panel id="exhibitor-facts-title" title={t('exhibitors.facts')}>
            <Summary exhibitor={exhibitor} />
          </Panel>
          <Panel id="exhibitor-profile-title" title={t('exhibitors.profile')}>
            <Profile exhibitor={exhibitor} />
          </Panel>
          <Panel id="exhibitor-licences-title" title={t('exhibitors.licences')}>
            <Licences exhibitor={exhibitor} />
          </Panel>
          <Panel id="exhibitor-channels-title" title={t('exhibitors.channelsTitle')}>
            <Channels exhibitor={exhibitor} />
          </Panel>
        </div>
        <div className={detail.stack}>
          <Panel id="exhibitor-tasks-title" title={t('exhibitorTasks.checklist')}>
            <TaskStates states={tasks} exhibitionId={exhibitor.exhibitionId} />
          </Panel>
          <Panel id="exhibitor-team-title" title={t('exhibitors.teamTitle')}>
            <Team exhibitor={exhibitor} />
          </Panel>
          <Panel id="exhibitor-invitations-title" title={t('exhibitors.invitationsTitle')}>
            <Invitations
              exhibitor={exhibitor}
              mayResend={mayCall(member.roles, 'resendExhibitorInvitation')}
              onDone={async (next) => {
                await revalidator.revalidate()
                setStatus(next)
              }}
            />
          </Panel>
          <Panel id="exhibitor-passes-title" title={t('exhibitors.passes.title')}>
            <Passes
              exhibitor={exhibitor}
              mayGrant={mayCall(member.roles, 'setExhibitorPassGrant') && exhibitor.status === 'active'}
              onDone={async (next) => {
                await revalidator.revalidate()
                setStatus(next)
              }}
            />
          </Panel>
          <Panel id="exhibitor-booth-orders-title" title={t('exhibitors.boothOrders.title')}>
            <BoothOrders exhibitor={exhibitor} />
          </Panel>
          <Panel id="exhibitor-application-title" title={t('exhibitors.applicationTitle')}>
            {exhibitor.application ? (
              <p>
                <Link to={applicationPath(exhibitor.application.reference)}>
                  {t('exhibitors.openApplication', { reference: exhibitor.application.reference })}
                </Link>{' '}
                <ApplicationStatus status={exhibitor.application.status} />
              </p>
            ) : (
              <p className={ui.muted}>{t('exhibitors.noApplication')}</p>
            )}
          </Panel>
          <Panel id="exhibitor-others-title" title={t('exhibitors.others')}>
            <Others exhibitor={exhibitor} />
          </Panel>
        </div>
      </div>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
