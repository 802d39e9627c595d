import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type ExhibitorPageView, exhibitionFloorPlan, exhibitorPage, type FloorPlanView } from '../../../api/exhibitors.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { useSite } from '../../../app-state.ts'
import { formatDateRange } from '../../../components/event-dates/format.ts'
import { dateFormat } from '../../../i18n/intl.ts'
import { JsonLd } from '../../../components/json-ld/json-ld.tsx'
import { exhibitorSchema } from '../../../components/json-ld/schemas.ts'
import { PageMeta } from '../../../components/page-meta/page-meta.tsx'
import { isExternal, profileHref } from '../../../components/search-box/targets.ts'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { loaderContextOf } from '../../route-kit.ts'
import styles from '../directory.module.css'
import { boothsBySlug, FloorPlanSection } from '../floor-plan-section.tsx'
import { countryName, directoryPath, ExhibitorLogo, KindBadge, textLangOf } from '../parts.tsx'

interface ProfileData extends ExhibitorPageView {
  exhibitionId: number
  /** Named where the loader runs (see the directory's loader: the server's and the browser's names differ). */
  countryName: string | null
  /** Each verified channel's last day, written in the page's language (made where the loader runs, as the country). */
  channelsUntil: string[]
  /** The halls where the exhibitor stands, and its booths' numbers. */
  plan: FloorPlanView
  booths: string[]
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export async function loader(args: LoaderFunctionArgs): Promise<ProfileData> {
  const raw = args.params.id ?? ''
  const slug = args.params.slug ?? ''
  if (!/^[1-9]\d{0,9}$/.test(raw) || !SLUG.test(slug) || slug.length > 80) throw data(null, { status: 404, statusText: 'Not Found' })
  const { gateway, site } = loaderContextOf(args)
  try {
    const [page, plan] = await Promise.all([
      gateway.call(exhibitorPage, { exhibitionId: Number(raw), slug }, { signal: args.request.signal }),
      gateway.call(exhibitionFloorPlan, { exhibitionId: Number(raw) }, { signal: args.request.signal }),
    ])
    const booths = boothsBySlug(plan).get(slug) ?? []
    const country = page.exhibitor.country
    const day = dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
    return {
      ...page,
      exhibitionId: Number(raw),
      countryName: country ? countryName(country, site.htmlLang) : null,
      channelsUntil: page.exhibitor.channels.map((channel) => day.format(new Date(`${channel.validUntil}T00:00:00Z`))),
      plan: { halls: plan.halls.filter((hall) => hall.booths.some((booth) => booths.includes(booth.number))) },
      booths,
    }
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404, statusText: 'Not Found' })
    throw error
  }
}

/** The description as the exhibitor wrote it: plain text, a blank line between paragraphs, single line breaks kept. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** docs/product.md#exhibitor-directory: one exhibitor at one exhibition. */
export function Component() {
  const { t } = useTranslation('directory')
  const site = useSite()
  const { exhibition, exhibitor, exhibitionId, countryName: country, channelsUntil, plan, booths } = useLoaderData() as ProfileData
  const lang = textLangOf(exhibitor.textLocale, site.locale)
  const listPath = directoryPath(site.lang, exhibitionId)
  const paragraphs = paragraphsOf(exhibitor.description)
  const description = exhibitor.summary || t('profile.meta.description', { name: exhibitor.name, exhibition: exhibition.title })

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('profile.meta.title', { name: exhibitor.name, exhibition: exhibition.title })} description={description} />
      <JsonLd data={exhibitorSchema(exhibitor, { origin: site.config.publicOrigin, path: `${listPath}/${exhibitor.slug}` })} />
      <header className={styles.head}>
        <div className="container">
          <p className={styles.back}>
            <Link to={listPath} className={styles.backLink}>
              <span aria-hidden="true" className={styles.arrow}>
                ←
              </span>
              {t('profile.backToAll')}
            </Link>
          </p>
          <div className={styles.identity}>
            <ExhibitorLogo entry={exhibitor} size="large" />
            <div className={styles.identityText}>
              <h1 className={styles.title} lang={lang}>
                {exhibitor.name}
              </h1>
              <p className={styles.headFacts}>
                <KindBadge kind={exhibitor.kind} />
                {country ? <span>{country}</span> : null}
              </p>
            </div>
          </div>
          {exhibitor.summary ? (
            <p className={styles.subtitle} lang={lang}>
              {exhibitor.summary}
            </p>
          ) : null}
        </div>
      </header>
      <div className={`container ${styles.profile}`}>
        <div className={styles.profileMain}>
          {exhibitor.demo ? (
            <p className={styles.demoNote} role="note">
              {t('profile.demo')}
            </p>
          ) : null}
          {lang ? (
            <p className={styles.fellBack} role="note">
              {t('profile.fellBack', { language: LANGUAGE_INFO[urlLanguageOfLocale(exhibitor.textLocale)].nativeName })}
            </p>
          ) : null}
          <section className={styles.section} aria-labelledby="exhibitor-about">
            <h2 id="exhibitor-about" className={styles.sectionTitle}>
              {t('profile.about')}
            </h2>
            {paragraphs.length ? (
              <div className={styles.description} lang={lang}>
                {paragraphs.map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in their order
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            ) : (
              <p className={styles.muted}>{t('profile.noDescription')}</p>
            )}
          </section>
          {exhibitor.licences.length ? (
            <section className={styles.section} aria-labelledby="exhibitor-licences">
              <h2 id="exhibitor-licences" className={styles.sectionTitle}>
                {t('profile.licences')}
              </h2>
              <table className={styles.licences} aria-labelledby="exhibitor-licences">
                <thead>
                  <tr>
                    <th scope="col">{t('profile.regulator')}</th>
                    <th scope="col">{t('profile.number')}</th>
                  </tr>
                </thead>
                <tbody>
                  {exhibitor.licences.map((licence) => (
                    <tr key={`${licence.regulator}|${licence.number}`}>
                      <td>{licence.regulator}</td>
                      <td>
                        <span className={styles.licenceNumber}>{licence.number}</span>
                        {licence.traderCode ? <BrokerProfileLink traderCode={licence.traderCode} regulator={licence.regulator} /> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className={styles.muted}>{t('profile.licencesNote')}</p>
            </section>
          ) : null}
          {exhibitor.channels.length ? (
            <section className={styles.section} aria-labelledby="exhibitor-channels">
              <h2 id="exhibitor-channels" className={styles.sectionTitle}>
                {t('profile.channels.title')}
              </h2>
              <p className={styles.muted}>{t('profile.channels.note', { brand: site.config.brandName })}</p>
              <ul className={styles.channels}>
                {exhibitor.channels.map((channel, index) => (
                  <li key={`${channel.kind}|${channel.display}`} className={styles.channel}>
                    <span className={styles.channelKind}>{t(`verify:types.${channel.kind}`)}</span>
                    <span className={styles.channelValue}>{channel.display}</span>
                    <span className={styles.muted}>{t('profile.channels.until', { brand: site.config.brandName, date: channelsUntil[index] })}</span>
                  </li>
                ))}
              </ul>
              <Link to={`/${site.lang}/verify.html`} className={styles.exhibitionLink}>
                {t('profile.channels.check')}
              </Link>
            </section>
          ) : null}
          {plan.halls.length ? (
            <FloorPlanSection
              plan={plan}
              exhibitionId={exhibitionId}
              highlight={booths[0] ?? null}
              heading={t('plan.onPlan')}
              lead={booths.map((number) => t('plan.booth', { number })).join(' · ')}
            />
          ) : null}
        </div>
        <aside className={styles.profileSide} aria-labelledby="exhibitor-facts">
          <h2 id="exhibitor-facts" className={styles.sectionTitle}>
            {t('profile.facts')}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('profile.kind')}</dt>
              <dd>{t(`kinds.${exhibitor.kind}`)}</dd>
            </div>
            {country ? (
              <div>
                <dt>{t('profile.country')}</dt>
                <dd>{country}</dd>
              </div>
            ) : null}
            {exhibitor.website ? (
              <div>
                <dt>{t('profile.website')}</dt>
                <dd>
                  <a href={exhibitor.website} target="_blank" rel="nofollow noopener" className={styles.website}>
                    {exhibitor.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    <span className="visually-hidden"> {t('profile.newTab')}</span>
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('profile.at')}</dt>
              <dd>
                <Link to={`/${site.lang}/backDetail/${exhibitionId}`} className={styles.exhibitionLink}>
                  {exhibition.title}
                </Link>
                <span className={styles.muted}>
                  {formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)} · {exhibition.city}
                </span>
              </dd>
            </div>
          </dl>
          <Link to={listPath} className={styles.allLink}>
            {t('profile.backToAll')}
          </Link>
        </aside>
      </div>
    </main>
  )
}

/** The licence holder's profile in broker search: its rating, licences and warnings, on the broker site when there is one. */
function BrokerProfileLink({ traderCode, regulator }: { traderCode: string; regulator: string }) {
  const { t } = useTranslation('directory')
  const site = useSite()
  const targets = { lang: site.lang, brokerSiteUrl: site.config.brokerSiteUrl }
  const label = t('profile.licenceHolder', { regulator })
  const href = profileHref(targets, traderCode)
  return isExternal(targets) ? (
    <a className={styles.licenceHolder} href={href}>
      {label}
    </a>
  ) : (
    <Link className={styles.licenceHolder} to={href}>
      {label}
    </Link>
  )
}
