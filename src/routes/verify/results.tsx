import { type RefObject, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ChannelVerdict, OfficialChannel } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { ShieldIcon } from '../../components/icons/icons.tsx'
import { OfficialChannels } from '../../components/official-channels/official-channels.tsx'
import { AlertIcon, FlagIcon } from './verify-icons.tsx'
import styles from './verify.module.css'
import { dateFormat } from '../../i18n/intl.ts'
import { reportPath } from '../../../shared/rules/scam-reports.ts'

const SCAM_SIGNS = ['moveChat', 'personalPayment', 'fakeDocuments', 'lookalikes', 'pressure', 'secrets'] as const

/** Dates of the register (YYYY-MM-DD) in the page's language; results render in the browser only. */
export function useDate() {
  const site = useSite()
  const format = dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`))
}

/** Moves focus to a new result's heading, so screen readers announce it and keyboards continue from it. */
export function useFocusOnShow(): RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const heading = ref.current
    if (!heading) return
    // The answer's heading goes to the top, under the sticky header (scroll-padding-top), so the
    // tabs above it leave the screen whole: focus() alone scrolls as little as it can, which on a
    // phone left a tab half under the header.
    heading.focus({ preventScroll: true })
    heading.scrollIntoView({ block: 'start' })
  }, [])
  return ref
}

export function ScamSigns() {
  const { t } = useTranslation('verify')
  return (
    <ul className={styles.signs}>
      {SCAM_SIGNS.map((sign) => (
        <li key={sign}>{t(`scam.${sign}`)}</li>
      ))}
    </ul>
  )
}

/** A channel not ours is reported on the form, prefilled with it (docs/product.md#scam-reports); a document by mail. */
function ReportLink({ subject, body, value }: { subject: string; body: string; value?: string }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const href = `mailto:${site.config.qaEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
  return (
    <section className={styles.report} aria-labelledby="verify-report-title">
      <h3 id="verify-report-title" className={styles.subheading}>
        {t('report.title')}
      </h3>
      <p>{t('report.text')}</p>
      {value !== undefined ? (
        <p>
          <Link className={styles.reportButton} to={reportPath(site.lang, value)}>
            <FlagIcon size={18} />
            <span>{t('report.form')}</span>
          </Link>
        </p>
      ) : null}
      <a className={value !== undefined ? styles.reportMail : styles.reportButton} href={href}>
        <FlagIcon size={18} />
        <span>{t('report.button', { email: site.config.qaEmail })}</span>
      </a>
    </section>
  )
}

export function Warnings({ channels, subject, body, value }: { channels: OfficialChannel[] | undefined; subject: string; body: string; value?: string }) {
  const { t } = useTranslation('verify')
  return (
    <>
      <section aria-labelledby="verify-signs-title">
        <h3 id="verify-signs-title" className={styles.subheading}>
          {t('scam.title')}
        </h3>
        <ScamSigns />
      </section>
      <section aria-labelledby="verify-real-title">
        <h3 id="verify-real-title" className={styles.subheading}>
          {t('realChannels')}
        </h3>
        <OfficialChannels channels={channels} heading="none" />
      </section>
      <ReportLink subject={subject} body={body} value={value} />
    </>
  )
}

/**
 * An exhibiting company's channel our verifier checked (docs/product.md#exhibitor-channels): theirs,
 * never ours, named with the exhibition they are at and how long we vouch for it.
 */
function ExhibitorAnswer({ verdict }: { verdict: ChannelVerdict }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const date = useDate()
  const exhibitor = verdict.exhibitor
  if (!exhibitor) return null
  const brand = site.config.brandName
  const values = { exhibitor: exhibitor.name, exhibition: exhibitor.exhibition?.title ?? '', brand, date: date(exhibitor.validUntil) }
  return (
    <>
      <p className={styles.lead}>{t(exhibitor.exhibition ? 'result.exhibitor.text' : 'result.exhibitor.textNoExhibition', values)}</p>
      {exhibitor.channels.map((channel) => (
        <dl key={`${channel.kind}:${channel.display}`} className={styles.details}>
          <div>
            <dt>{t('result.type')}</dt>
            <dd>{t(`types.${channel.kind}`)}</dd>
          </div>
          <div>
            <dt>{t('result.exhibitor.since')}</dt>
            <dd>{date(channel.since)}</dd>
          </div>
          <div>
            <dt>{t('result.exhibitor.until')}</dt>
            <dd>{date(exhibitor.validUntil)}</dd>
          </div>
        </dl>
      ))}
      {exhibitor.exhibition ? (
        <p>
          <Link to={`/${site.lang}/backDetail/${exhibitor.exhibition.id}/exhibitors/${exhibitor.slug}`}>
            {t('result.exhibitor.profile', { exhibitor: exhibitor.name })}
          </Link>
        </p>
      ) : null}
      {verdict.notices.includes('checksumCase') ? <p className={styles.note}>{t('result.notice.checksumCase', { value: verdict.query.display })}</p> : null}
      <p className={styles.note}>{t('result.exhibitor.reminder', { brand, exhibitor: exhibitor.name })}</p>
    </>
  )
}

/** Which explanation of the comparison an answer gives (docs/product.md#verification-teaching). */
function comparedKey(verdict: ChannelVerdict): string {
  const { type } = verdict.query
  if (type === 'chat') return verdict.notices.includes('inviteLink') ? 'result.compared.invite' : 'result.compared.chat'
  if (type === 'usdtTrc20' || type === 'usdtErc20') return 'result.compared.usdt'
  return `result.compared.${type}`
}

/** Beside a "no": our public channels of the kind asked about, the ones to use instead. */
function SameKind({ verdict, typeName }: { verdict: ChannelVerdict; typeName: string }) {
  const { t } = useTranslation('verify')
  if (!verdict.sameKind.length) return null
  return (
    <section className={styles.sameKind} aria-labelledby="verify-same-kind-title">
      <h3 id="verify-same-kind-title" className={styles.subheading}>
        {t('result.sameKind', { type: typeName })}
      </h3>
      <ul>
        {verdict.sameKind.map((channel) => (
          <li key={`${channel.kind}:${channel.display}`}>
            <code translate="no">{channel.display}</code>
            <span className={styles.sameKindNote}>{t(`purpose.${channel.purpose}`)}</span>
            {channel.demo ? <span className={styles.sameKindNote}>{t('channels.demo')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * A live scam alert for the value (docs/product.md#scam-alerts): said first, with whom it impersonates,
 * when it was first seen, our channels of the kind and the next step.
 */
function ScamAnswer({ verdict, typeName, channels }: { verdict: ChannelVerdict; typeName: string; channels: OfficialChannel[] | undefined }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const date = useDate()
  const alert = verdict.alert
  if (!alert) return null
  const brand = site.config.brandName
  return (
    <>
      <p className={styles.lead}>{t('result.scam.text', { party: alert.impersonates?.name ?? brand, date: date(alert.firstSeen) })}</p>
      <p className={styles.alertSummary}>{alert.summary}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t('alerts.impersonates')}</dt>
          <dd>{alert.impersonates?.name ?? brand}</dd>
        </div>
        <div>
          <dt>{t('alerts.firstSeen')}</dt>
          <dd>{date(alert.firstSeen)}</dd>
        </div>
        <div>
          <dt>{t('alerts.published')}</dt>
          <dd>{date(alert.publishedAt.slice(0, 10))}</dd>
        </div>
      </dl>
      {verdict.lookalike ? (
        <p className={styles.note}>
          {verdict.lookalike.resembles
            ? t(`result.lookalike.${verdict.lookalike.reason}`, { resembles: verdict.lookalike.resembles })
            : t(`result.lookalike.${verdict.lookalike.reason}Generic`)}
        </p>
      ) : null}
      <SameKind verdict={verdict} typeName={typeName} />
      <p className={styles.next}>{t('result.scam.next')}</p>
      <p>
        <Link to={`/${site.lang}/verify/alerts.html`}>{t('alerts.all')}</Link>
      </p>
      <Warnings
        channels={channels}
        subject={t('report.subject', { value: verdict.query.display, brand })}
        body={t('report.body', { brand, type: typeName, value: verdict.query.display, page: `${site.config.publicOrigin}/${site.lang}/verify.html` })}
      />
    </>
  )
}

export function ChannelResult({ verdict, channels }: { verdict: ChannelVerdict; channels: OfficialChannel[] | undefined }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const date = useDate()
  const heading = useFocusOnShow()
  const brand = site.config.brandName
  const official = verdict.verdict === 'official' || verdict.verdict === 'exhibitor'
  const typeName = t(`types.${verdict.query.type === 'chat' ? (verdict.query.service ?? 'chat') : verdict.query.type}`)
  const country = verdict.query.assumedCountry
    ? (new Intl.DisplayNames([site.htmlLang], { type: 'region' }).of(verdict.query.assumedCountry) ?? verdict.query.assumedCountry)
    : null
  const lookalike = verdict.lookalike

  return (
    <section className={`${styles.result} ${styles[verdict.verdict]}`} aria-labelledby="verify-result-title" data-testid="channel-result">
      <div className={styles.resultHead}>
        {official ? <ShieldIcon size={32} /> : <AlertIcon size={32} />}
        <h2 id="verify-result-title" ref={heading} tabIndex={-1} className={styles.resultTitle}>
          {verdict.alert ? t('result.scam.title', { date: date(verdict.alert.publishedAt.slice(0, 10)) }) : t(`result.${verdict.verdict}.title`)}
        </h2>
      </div>
      <p className={styles.checked}>
        <span className={styles.checkedLabel}>{t('result.checked', { type: typeName })}</span>
        <code className={styles.checkedValue} translate="no">
          {verdict.query.display}
        </code>
      </p>
      <p className={styles.compared}>{t(comparedKey(verdict), { compared: verdict.query.compared ?? verdict.query.display })}</p>
      {verdict.verdict === 'scam' ? (
        <ScamAnswer verdict={verdict} typeName={typeName} channels={channels} />
      ) : verdict.verdict === 'demo' ? (
        <>
          <p className={styles.lead}>{t('result.demo.text')}</p>
          {verdict.notices.includes('checksumCase') ? <p className={styles.note}>{t('result.notice.checksumCase', { value: verdict.query.display })}</p> : null}
        </>
      ) : verdict.verdict === 'exhibitor' ? (
        <ExhibitorAnswer verdict={verdict} />
      ) : official ? (
        <>
          <p className={styles.lead}>{t('result.official.text', { brand })}</p>
          {verdict.matches.map((match) => (
            <dl key={`${match.kind}:${match.display}`} className={styles.details}>
              <div>
                <dt>{t('result.type')}</dt>
                <dd>{t(`types.${match.kind}`)}</dd>
              </div>
              <div>
                <dt>{t('result.usedFor')}</dt>
                <dd>{t(`purpose.${match.purpose}`)}</dd>
              </div>
              <div>
                <dt>{t('result.since')}</dt>
                <dd>{date(match.since)}</dd>
              </div>
            </dl>
          ))}
          {verdict.notices.includes('checksumCase') ? <p className={styles.note}>{t('result.notice.checksumCase', { value: verdict.query.display })}</p> : null}
          {country ? <p className={styles.note}>{t('result.assumedCountry', { country })}</p> : null}
          <p className={styles.note}>{t('result.official.reminder')}</p>
        </>
      ) : (
        <>
          <p className={styles.lead}>{t('result.unofficial.text', { brand })}</p>
          {lookalike?.owner ? (
            <div className={styles.callout} role="note">
              <p className={styles.calloutTitle}>{t('result.lookalike.exhibitorTitle', { exhibitor: lookalike.owner.name })}</p>
              <p>{t('result.lookalike.exhibitor', { resembles: lookalike.resembles ?? '', exhibitor: lookalike.owner.name })}</p>
            </div>
          ) : lookalike ? (
            <div className={styles.callout} role="note">
              <p className={styles.calloutTitle}>{t('result.lookalike.title')}</p>
              <p>
                {lookalike.resembles
                  ? t(`result.lookalike.${lookalike.reason}`, { resembles: lookalike.resembles })
                  : t(`result.lookalike.${lookalike.reason}Generic`)}
              </p>
            </div>
          ) : null}
          {verdict.exhibitor?.lapsedOn ? (
            <p className={styles.callout}>{t('result.exhibitorLapsed', { exhibitor: verdict.exhibitor.name, date: date(verdict.exhibitor.lapsedOn) })}</p>
          ) : null}
          {verdict.formerly.map((former) => (
            <p key={`${former.kind}:${former.until}`} className={styles.callout}>
              {t('result.formerly', { type: t(`types.${former.kind}`), since: date(former.since), until: date(former.until) })}
            </p>
          ))}
          {verdict.notices.map((notice) => (
            <p key={notice} className={styles.note}>
              {t(`result.notice.${notice}`, { value: verdict.query.display })}
            </p>
          ))}
          {country ? <p className={styles.note}>{t('result.assumedCountry', { country })}</p> : null}
          <SameKind verdict={verdict} typeName={typeName} />
          <p className={styles.next}>{t('result.next')}</p>
          <Warnings
            channels={channels}
            value={verdict.query.display}
            subject={t('report.subject', { value: verdict.query.display, brand })}
            body={t('report.body', { brand, type: typeName, value: verdict.query.display, page: `${site.config.publicOrigin}/${site.lang}/verify.html` })}
          />
        </>
      )}
    </section>
  )
}
