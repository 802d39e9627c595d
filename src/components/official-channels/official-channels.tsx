import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type OfficialChannel, officialChannels } from '../../api/verification.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { channelHref, opensNewTab } from './channel-links.ts'
import styles from './official-channels.module.css'

interface OfficialChannelsProps {
  /** From a loader (server-rendered); when absent, the list is asked for in the browser. */
  channels?: OfficialChannel[]
  /** The heading of the list; 'none' leaves it to the surrounding section. */
  heading?: 'h2' | 'h3' | 'none'
  /** A link to the verification page under the list (not on that page itself). */
  verifyLink?: boolean
  /** The sentence under the heading; off where the surrounding section says it already. */
  intro?: boolean
  /** 'grid' puts the channels side by side where there is room (wide sections); 'stack' one under another. */
  layout?: 'stack' | 'grid'
}

/**
 * The public list of our official channels (those the organiser marks public), for the about page
 * and the verification page. Needs the `verify` namespace on the route that shows it.
 */
export function OfficialChannels({ channels: given, heading = 'h2', intro = true, verifyLink = false, layout = 'grid' }: OfficialChannelsProps) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const gateway = useGateway()
  const [fetched, setFetched] = useState<OfficialChannel[] | null | 'failed'>(null)
  useEffect(() => {
    if (given) return
    let cancelled = false
    gateway
      .call(officialChannels, {})
      .then((result) => !cancelled && setFetched(result.channels))
      .catch(() => !cancelled && setFetched('failed'))
    return () => {
      cancelled = true
    }
  }, [given, gateway])
  const channels = given ?? (Array.isArray(fetched) ? fetched : null)
  const Heading = heading === 'none' ? null : heading

  return (
    <div className={styles.wrap}>
      {Heading ? <Heading className={styles.title}>{t('channels.title')}</Heading> : null}
      {intro ? <p className={styles.intro}>{t('channels.intro', { brand: site.config.brandName })}</p> : null}
      {channels === null ? (
        <p className={styles.status}>{fetched === 'failed' ? t('channels.failed') : t('channels.loading')}</p>
      ) : channels.length === 0 ? (
        <p className={styles.status}>{t('channels.empty')}</p>
      ) : (
        <ul className={`${styles.list} ${layout === 'grid' ? styles.grid : ''}`}>
          {channels.map((channel) => {
            const href = channelHref(channel.kind, channel.display)
            const newTab = opensNewTab(channel.kind)
            const address = channel.kind === 'usdtTrc20' || channel.kind === 'usdtErc20'
            return (
              <li key={`${channel.kind}:${channel.display}`} className={styles.item}>
                <span className={styles.kind}>{t(`types.${channel.kind}`)}</span>
                {href ? (
                  <a
                    className={styles.value}
                    href={href}
                    {...(newTab
                      ? {
                          target: '_blank',
                          rel: 'noopener noreferrer',
                          'aria-label': t('channels.opensNewTab', { value: channel.display, type: t(`types.${channel.kind}`) }),
                        }
                      : {})}
                  >
                    {channel.display}
                  </a>
                ) : (
                  <span className={`${styles.value} ${address ? styles.address : ''}`} translate="no">
                    {channel.display}
                  </span>
                )}
                <span className={styles.meta}>
                  {t(`purpose.${channel.purpose}`)} · {t('channels.since', { year: channel.since.slice(0, 4) })}
                </span>
                {channel.demo ? <span className={styles.demo}>{t('channels.demo')}</span> : null}
              </li>
            )
          })}
        </ul>
      )}
      {verifyLink ? (
        <p className={styles.more}>
          <Link to={`/${site.lang}/verify.html`}>{t('channels.verifyLink')}</Link>
        </p>
      ) : null}
    </div>
  )
}
