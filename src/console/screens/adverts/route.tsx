import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type AdvertView, advertList, publishAdvert } from '../../../api/console-content.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { useSave } from '../../content-kit/use-save.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../content-kit/content-kit.module.css'
import { lazySection } from '../../../lib/lazy-section.tsx'

type Loaded = RefResult<typeof advertList>

// The editor is its own chunk, loaded when an advert is opened: the list stays within the console's budget.
const AdvertForm = lazySection('adverts/advert-form', () => import('./advert-form.tsx').then((module) => module.AdvertForm))

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, advertList, {})
}

const STATE_BADGE: Record<AdvertView['state'], string | undefined> = { live: ui.badgeGood, scheduled: '', ended: ui.badgeOff, unpublished: ui.badgeWarn }

/** The home page's adverts (docs/product.md#console-pages): what visitors see of each now, publishing, and one advert's editor. */
export function Component() {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { adverts, exhibitions } = useLoaderData() as Loaded
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [status, setStatus] = useState('')
  const publisher = useSave<unknown>()
  const chosen = typeof editing === 'number' ? (adverts.find((advert) => advert.id === editing) ?? null) : null

  const publish = (advert: AdvertView) =>
    void publisher.run(
      () => client.call(publishAdvert, { id: advert.id, version: advert.version, published: !advert.published }),
      () => void revalidator.revalidate(),
      t(advert.published ? 'adverts.unpublishedNow' : 'adverts.publishedNow'),
    )
  const saved = async (advert: AdvertView) => {
    setEditing(advert.id)
    await revalidator.revalidate()
    setStatus(t('adverts.saved'))
  }
  const nameOf = (advert: AdvertView) => advert.texts.en?.title ?? advert.slug
  const columns: Array<Column<AdvertView>> = [
    {
      header: t('adverts.advert'),
      className: styles.titleCell,
      cell: (advert) => (
        <div>
          <strong>{nameOf(advert)}</strong>
          <div className={ui.muted}>{advert.link ?? exhibitions.find((exhibition) => exhibition.id === advert.exhibitionId)?.title}</div>
        </div>
      ),
    },
    {
      header: t('adverts.state'),
      cell: (advert) => <span className={`${ui.badge} ${STATE_BADGE[advert.state] ?? ''}`}>{t(`adverts.states.${advert.state}`)}</span>,
    },
    {
      header: t('adverts.window'),
      className: ui.nowrap,
      cell: (advert) =>
        advert.showsFrom || advert.showsUntil
          ? t('adverts.between', { from: advert.showsFrom?.replace('T', ' ') ?? '…', until: advert.showsUntil?.replace('T', ' ') ?? '…' })
          : t('adverts.always'),
    },
    {
      header: t('adverts.actions'),
      cell: (advert) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            aria-label={t('adverts.editNamed', { name: nameOf(advert) })}
            onClick={() => setEditing(advert.id)}
          >
            {t('adverts.edit')}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${advert.published ? '' : ui.primary}`}
            disabled={publisher.busy}
            aria-label={t(advert.published ? 'adverts.unpublishNamed' : 'adverts.publishNamed', { name: nameOf(advert) })}
            onClick={() => publish(advert)}
          >
            {t(advert.published ? 'adverts.unpublish' : 'adverts.publish')}
          </button>
        </div>
      ),
    },
  ]
  return (
    <ConsolePage
      title={t('adverts.title')}
      lead={t('adverts.lead')}
      actions={
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setEditing('new')}>
          {t('adverts.add')}
        </button>
      }
    >
      <div aria-live="polite" role="status">
        {publisher.message ? <p className={ui.alert}>{publisher.message}</p> : null}
        {publisher.status || status ? <p className={ui.success}>{publisher.status || status}</p> : null}
      </div>
      <DataTable label={t('adverts.title')} columns={columns} rows={adverts} rowKey={(advert) => advert.id} empty={t('adverts.none')} />
      {/* A new advert just saved opens again once the list has read it back. */}
      {editing === 'new' || chosen ? (
        <Suspense fallback={<p className={ui.muted}>{t('pages.loading')}</p>}>
          <AdvertForm
            key={chosen ? `${chosen.id}:${chosen.version}` : 'new'}
            advert={chosen}
            exhibitions={exhibitions}
            onSaved={(advert) => void saved(advert)}
            onReload={() => void revalidator.revalidate()}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </ConsolePage>
  )
}
