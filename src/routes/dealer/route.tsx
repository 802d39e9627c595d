import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type BrokerProfile, brokerProfile } from '../../api/search.ts'
import { useSite } from '../../app-state.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { brokerSchema } from '../../components/json-ld/schemas.ts'
import { FollowButton } from '../../components/follow-button/follow-button.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { useRating } from '../../components/search-box/broker-list.tsx'
import { BrokerLabel, BrokerLogo } from '../../components/search-box/broker-parts.tsx'
import lists from '../../components/search-box/lists.module.css'
import { profileHref } from '../../components/search-box/targets.ts'
import { loaderContextOf } from '../route-kit.ts'
import styles from './dealer.module.css'

/** `ACME001.html` -> `ACME001`; anything else is not a profile address. */
const FILE = /^([0-9A-Za-z-]{1,32})\.html$/

export async function loader(args: LoaderFunctionArgs): Promise<BrokerProfile> {
  const { gateway, site } = loaderContextOf(args)
  const code = FILE.exec(args.params.file ?? '')?.[1]
  if (!code) throw data(null, { status: 404 })
  // With a broker site configured, profiles live there (docs/product.md#search-box).
  if (site.config.brokerSiteUrl) throw redirect(profileHref({ lang: site.lang, brokerSiteUrl: site.config.brokerSiteUrl }, code))
  try {
    return await gateway.call(brokerProfile, { traderCode: code })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404 })
    throw data(null, { status: 503 })
  }
}

/** dealer/{code}.html: a broker's profile, when no external broker site is configured. */
export function Component() {
  const { t } = useTranslation('search')
  const site = useSite()
  const broker = useLoaderData() as BrokerProfile
  const rating = useRating()
  const otherNames = [...new Set([broker.names.en, broker.names.hans, broker.names.hant, ...broker.aliases])].filter((name) => name !== broker.name)
  const severe = broker.label === 'clone' || broker.label === 'revoked' || broker.label === 'unregulated'
  return (
    <main id="main">
      <PageMeta
        title={t('dealer.meta.title', { name: broker.name })}
        description={t('dealer.meta.description', { name: broker.name, label: broker.annotation, brand: site.config.brandName })}
      />
      <JsonLd data={brokerSchema(broker, { origin: site.config.publicOrigin, lang: site.lang })} />
      <header className={lists.head}>
        <div className={`${lists.headInner} ${styles.headGrid}`}>
          <BrokerLogo src={broker.ico} size={88} className={styles.logo} />
          <div className={styles.identity}>
            <h1 className={lists.title}>{broker.name}</h1>
            {otherNames.length ? (
              <p className={styles.otherNames}>
                <span className="visually-hidden">{t('dealer.otherNames')}: </span>
                {otherNames.join(' · ')}
              </p>
            ) : null}
            <p className={styles.badges}>
              <BrokerLabel text={broker.annotation} color={broker.color} />
              {broker.countryName ? <span>{broker.countryName}</span> : null}
            </p>
            <div className={styles.follow}>
              <FollowButton kind="broker" id={broker.traderCode} label={broker.name} />
            </div>
          </div>
          <div className={styles.score}>
            {broker.rating === null ? (
              <span className={styles.scoreNone}>{t('trader.noRating')}</span>
            ) : (
              <>
                <span className={styles.scoreValue}>{rating(broker.rating)}</span>
                <span className={styles.scoreScale}>{t('trader.outOf', { max: 10 })}</span>
              </>
            )}
          </div>
        </div>
      </header>

      <div className={`${lists.body} ${styles.columns}`}>
        <div className={styles.mainColumn}>
          {broker.warnings.length ? (
            <section className={`${styles.card} ${severe ? styles.danger : styles.caution}`} aria-labelledby="dealer-warnings">
              <h2 id="dealer-warnings" className={styles.cardTitle}>
                {t('dealer.warnings')}
              </h2>
              <ul className={styles.warnings}>
                {broker.warnings.map((warning) => (
                  <li key={warning.kind}>
                    <p className={styles.warningText}>{t(`dealer.warningTexts.${warning.kind}`)}</p>
                    <p className={styles.muted}>
                      {t('dealer.notedOn')} <time dateTime={warning.notedOn}>{warning.notedOn}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className={styles.card} aria-labelledby="dealer-licences">
            <h2 id="dealer-licences" className={styles.cardTitle}>
              {t('dealer.licences')}
            </h2>
            {broker.licences.length ? (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('dealer.regulator')}</th>
                      <th scope="col">{t('dealer.licenceNo')}</th>
                      <th scope="col">{t('dealer.licenceType')}</th>
                      <th scope="col">{t('dealer.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {broker.licences.map((licence) => (
                      <tr key={`${licence.regulator}-${licence.licenceNo}`}>
                        <th scope="row">
                          <span className={styles.regulatorCode}>{licence.regulator}</span>
                          <span className={styles.muted}>
                            {licence.regulatorName} · {licence.regulatorCountryName}
                          </span>
                        </th>
                        <td>{licence.licenceNo}</td>
                        <td>{t(`dealer.licenceTypes.${licence.licenceType}`)}</td>
                        <td>
                          <span className={`${styles.status} ${styles[`status${licence.status[0]?.toUpperCase()}${licence.status.slice(1)}`] ?? ''}`}>
                            {t(`dealer.statuses.${licence.status}`)}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t('dealer.noLicences')}</p>
            )}
          </section>
          <p className={styles.risk}>{t('dealer.riskNote')}</p>
        </div>

        <aside className={styles.card} aria-labelledby="dealer-details">
          <h2 id="dealer-details" className={styles.cardTitle}>
            {t('dealer.details')}
          </h2>
          <dl className={styles.details}>
            <div>
              <dt>{t('dealer.website')}</dt>
              <dd>
                {broker.website ? (
                  <a href={broker.website} target="_blank" rel="noopener noreferrer nofollow">
                    {broker.website.replace(/^https?:\/\//, '')}
                    <span className="visually-hidden"> ({t('box.newTab')})</span>
                  </a>
                ) : (
                  t('dealer.unknown')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('dealer.founded')}</dt>
              <dd>{broker.founded ?? t('dealer.unknown')}</dd>
            </div>
            <div>
              <dt>{t('dealer.country')}</dt>
              <dd>{broker.countryName ?? t('dealer.unknown')}</dd>
            </div>
            <div>
              <dt>{t('dealer.traderCode')}</dt>
              <dd className={styles.code}>{broker.traderCode}</dd>
            </div>
            <div>
              <dt>{t('dealer.code')}</dt>
              <dd className={styles.code}>{broker.code}</dd>
            </div>
          </dl>
          <p>
            <Link to={`/${site.lang}/trader.html`}>{t('dealer.backToRanking')}</Link>
          </p>
        </aside>
      </div>
    </main>
  )
}
