import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type OfficialChannel, officialChannels } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { OfficialChannels } from '../../components/official-channels/official-channels.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { ChannelQuery } from './channel-query.tsx'
import { FileCheck } from './file-check.tsx'
import { ScamSigns } from './results.tsx'
import { Tabs } from './tabs.tsx'
import { ChatIcon, FileIcon } from './verify-icons.tsx'
import styles from './verify.module.css'

interface VerifyData {
  /** null when the list could not be had on the server: the browser then asks for it itself. */
  channels: OfficialChannel[] | null
}

/** The public channels, shown beside the checks and in every warning; the page works without them. */
export async function loader(args: LoaderFunctionArgs): Promise<VerifyData> {
  const { gateway } = loaderContextOf(args)
  try {
    return { channels: (await gateway.call(officialChannels, {})).channels }
  } catch {
    return { channels: null }
  }
}

/** docs/product.md#verification page: contract / channel query and file verification (issue 11). */
export function Component() {
  const { t } = useTranslation('verify')
  const site = useSite()
  const channels = (useLoaderData() as VerifyData).channels ?? undefined
  const [tab, setTab] = useState<'query' | 'file'>('query')
  const brand = site.config.brandName

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('meta.description', { brand })} />
      <section className={styles.hero} aria-labelledby="verify-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="verify-title" className={styles.heroTitle}>
            {t('hero.title')}
          </h1>
          <p className={styles.heroText}>{t('hero.text', { brand })}</p>
        </div>
      </section>
      <div className={styles.layout}>
        <div className={styles.work}>
          <Tabs<'query' | 'file'>
            id="verify"
            label={t('tabs.label')}
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'query', label: t('tabs.query'), icon: <ChatIcon size={20} />, panel: <ChannelQuery channels={channels} /> },
              { key: 'file', label: t('tabs.file'), icon: <FileIcon size={20} />, panel: <FileCheck channels={channels} /> },
            ]}
          />
        </div>
        <aside className={styles.aside} aria-label={t('aside.label')}>
          <section className={styles.card} aria-labelledby="verify-aside-signs">
            <h2 id="verify-aside-signs" className={styles.cardTitle}>
              {t('scam.title')}
            </h2>
            <ScamSigns />
          </section>
          <section className={styles.card} aria-labelledby="verify-aside-channels">
            <h2 id="verify-aside-channels" className={styles.cardTitle}>
              {t('channels.title')}
            </h2>
            <OfficialChannels channels={channels} heading="none" layout="stack" />
          </section>
        </aside>
      </div>
    </main>
  )
}
