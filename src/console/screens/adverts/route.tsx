import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type AdvertView, advertList, publishAdvert } from '../../../api/console-content.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { useSave } from '../../content-kit/use-save.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../content-kit/content-kit.module.css'

type Loaded = RefResult<typeof advertList>

// The editor is its own chunk, loaded when an advert is opened: the list stays within the console's budget.
const AdvertForm = lazy(() => import('./advert-form.tsx').then((module) => ({ default: module.AdvertForm })))

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
    setStatus(t('adverts.saved'))
    setEditing(advert.id)
    await revalidator.revalidate()
  }
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
      {adverts.length === 0 ? (
        <p className={ui.muted}>{t('adverts.none')}</p>
      ) : (
        <TableFrame label={t('adverts.title')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('adverts.advert')}</th>
                <th scope="col">{t('adverts.state')}</th>
                <th scope="col">{t('adverts.window')}</th>
                <th scope="col">{t('adverts.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {adverts.map((advert) => (
                <tr key={advert.id}>
                  <td className={styles.titleCell}>
                    <strong>{advert.texts.en?.title ?? advert.slug}</strong>
                    <div className={ui.muted}>{advert.link ?? exhibitions.find((exhibition) => exhibition.id === advert.exhibitionId)?.title}</div>
                  </td>
                  <td>
                    <span className={`${ui.badge} ${STATE_BADGE[advert.state] ?? ''}`}>{t(`adverts.states.${advert.state}`)}</span>
                  </td>
                  <td className={ui.nowrap}>
                    {advert.showsFrom || advert.showsUntil
                      ? t('adverts.between', { from: advert.showsFrom?.replace('T', ' ') ?? '…', until: advert.showsUntil?.replace('T', ' ') ?? '…' })
                      : t('adverts.always')}
                  </td>
                  <td>
                    <div className={ui.actions}>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        aria-label={t('adverts.editNamed', { name: advert.texts.en?.title ?? advert.slug })}
                        onClick={() => setEditing(advert.id)}
                      >
                        {t('adverts.edit')}
                      </button>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small} ${advert.published ? '' : ui.primary}`}
                        disabled={publisher.busy}
                        aria-label={t(advert.published ? 'adverts.unpublishNamed' : 'adverts.publishNamed', { name: advert.texts.en?.title ?? advert.slug })}
                        onClick={() => publish(advert)}
                      >
                        {t(advert.published ? 'adverts.unpublish' : 'adverts.publish')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
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
