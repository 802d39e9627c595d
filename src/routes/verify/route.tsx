import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type OfficialChannel, officialChannels, verifyChannel } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { OfficialChannels } from '../../components/official-channels/official-channels.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { type ChannelAnswer, ChannelQuery } from './channel-query.tsx'
import { FileCheck } from './file-check.tsx'
import { ScamSigns } from './results.tsx'
import { Tabs } from './tabs.tsx'
import { ChatIcon, FileIcon } from './verify-icons.tsx'
import styles from './verify.module.css'

interface VerifyData {
  /** null when the list could not be had on the server: the browser then asks for it itself. */
  channels: OfficialChannel[] | null
  /** The answer to `?value=`, the query form's address: the check works before and without JavaScript. */
  answer: ChannelAnswer | null
  /** `?tab=file` opens the file check: the way to it without JavaScript, whose tabs need scripts. */
  tab: 'query' | 'file'
}

type Gateway = ReturnType<typeof loaderContextOf>['gateway']

/** The same platform call the browser made before: the same validation, rate limit and answer floor. */
async function answerFor(gateway: Gateway, value: string): Promise<{ answer: ChannelAnswer; status: number }> {
  try {
    return { answer: { value, verdict: await gateway.call(verifyChannel, { value }), error: null }, status: 200 }
  } catch (caught) {
    if (!(caught instanceof GatewayError)) return { answer: { value, verdict: null, error: { key: 'errors.unexpected', params: {} } }, status: 503 }
    const params = (caught.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}
    return { answer: { value, verdict: null, error: { key: caught.code, params } }, status: caught.errorCode }
  }
}

/**
 * The public channels, shown beside the checks and in every warning (the page works without them),
 * and the answer when the address asks one. An answer is never shared: the assumed country of a
 * national number is the visitor's, a refusal may be this visitor's rate limit, and the value may
 * be someone's phone number; so the page with `?value=` is `private, no-store` (the bare page stays
 * cacheable).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { gateway } = loaderContextOf(args)
  const query = new URL(args.request.url).searchParams
  const value = query.get('value')
  const tab = query.get('tab') === 'file' && value === null ? 'file' : 'query'
  const [channels, asked] = await Promise.all([
    gateway.call(officialChannels, {}).then(
      (result) => result.channels,
      () => null,
    ),
    value === null ? null : answerFor(gateway, value),
  ])
  if (!asked) return { channels, answer: null, tab } satisfies VerifyData
  return data({ channels, answer: asked.answer, tab } satisfies VerifyData, { status: asked.status, headers: { 'Cache-Control': 'private, no-store' } })
}

/** docs/product.md#verification page: contact / channel query and file verification. */
export function Component() {
  const { t } = useTranslation('verify')
  const site = useSite()
  const loaded = useLoaderData() as VerifyData
  const channels = loaded.channels ?? undefined
  const [tab, setTab] = useState<'query' | 'file'>(loaded.tab)
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
          {/* The tabs need scripts: without them, each check is at an address of its own (docs/product.md#verification-without-javascript). */}
          <noscript>
            <p className={styles.note}>
              <a href={`/${site.lang}/verify.html${tab === 'file' ? '' : '?tab=file'}`}>{t(tab === 'file' ? 'tabs.query' : 'file.noScript')}</a>
            </p>
          </noscript>
          <Tabs<'query' | 'file'>
            id="verify"
            label={t('tabs.label')}
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'query', label: t('tabs.query'), icon: <ChatIcon size={20} />, panel: <ChannelQuery channels={channels} answer={loaded.answer} /> },
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
          <section className={styles.card} aria-labelledby="verify-aside-alerts">
            <h2 id="verify-aside-alerts" className={styles.cardTitle}>
              {t('alerts.title')}
            </h2>
            <p className={styles.cardText}>{t('alerts.asideText')}</p>
            <Link to={`/${site.lang}/verify/alerts.html`}>{t('alerts.all')}</Link>
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
