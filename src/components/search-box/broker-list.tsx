import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { BrokerCard } from '../../api/search.ts'
import { useSite } from '../../app-state.ts'
import { BrokerLabel, BrokerLogo, MarkedName } from './broker-parts.tsx'
import styles from './lists.module.css'
import { profileHref, resultsHref } from './targets.ts'
import { numberFormat } from '../../i18n/intl.ts'

/** Rating out of 10 with one decimal, in the page's number format (the same in Node and browsers). */
export function useRating() {
  const { htmlLang } = useSite()
  const format = numberFormat(htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return (value: number) => format.format(value)
}

/**
 * Where a broker in a list leads: its profile (on the broker site in a new tab when one is
 * configured, else here), or, without a profile, the results page for its name.
 */
export function BrokerLink({
  broker,
  children,
  className,
}: {
  broker: Pick<BrokerCard, 'traderCode' | 'name'>
  children: React.ReactNode
  className?: string
}) {
  const { t } = useTranslation()
  const site = useSite()
  const targets = { lang: site.lang, brokerSiteUrl: site.config.brokerSiteUrl }
  const href = broker.traderCode ? profileHref(targets, broker.traderCode) : resultsHref(targets, broker.name)
  if (site.config.brokerSiteUrl) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener">
        {children}
        <span className="visually-hidden"> ({t('search:box.newTab')})</span>
      </a>
    )
  }
  return (
    <Link className={className} to={href}>
      {children}
    </Link>
  )
}

export function BrokerList({ items, ranked = false, label }: { items: Array<BrokerCard & { rank?: number }>; ranked?: boolean; label: string }) {
  const { t } = useTranslation()
  const rating = useRating()
  const List = ranked ? 'ol' : 'ul'
  return (
    <List className={styles.list} aria-label={label}>
      {items.map((broker) => (
        <li key={broker.code} className={styles.item}>
          {ranked && broker.rank !== undefined ? (
            <span className={styles.rank}>
              <span className="visually-hidden">{t('search:trader.rank')} </span>
              {broker.rank}
            </span>
          ) : null}
          <BrokerLogo src={broker.ico} size={48} className={styles.itemLogo} />
          <div className={styles.itemMain}>
            <h2 className={styles.itemName}>
              <BrokerLink broker={broker} className={styles.itemLink}>
                <MarkedName segments={broker.showname} />
              </BrokerLink>
            </h2>
            {broker.showname.map((segment) => segment.text).join('') !== broker.name ? <p className={styles.itemAlt}>{broker.name}</p> : null}
            <p className={styles.itemMeta}>
              <BrokerLabel text={broker.annotation} color={broker.color} />
              {broker.countryName ? <span>{broker.countryName}</span> : null}
              <span>
                {t('search:trader.regulators')}: {broker.regulators.length ? broker.regulators.join(', ') : t('search:trader.noRegulator')}
              </span>
            </p>
          </div>
          <p className={styles.rating}>
            {broker.rating === null ? (
              <span className={styles.noRating}>{t('search:trader.noRating')}</span>
            ) : (
              <>
                <span className={styles.ratingValue}>{rating(broker.rating)}</span>
                <span className={styles.ratingScale}>{t('search:trader.outOf', { max: 10 })}</span>
              </>
            )}
          </p>
        </li>
      ))}
    </List>
  )
}
