import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { type CatalogExhibition, couponList, exhibitionDetail, publishExhibition } from '../../../api/console-catalog.ts'
import { me } from '../../../api/console.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { exhibitionPath, exhibitorTasksPath, floorPlanPath } from '../../lib/catalog-paths.ts'
import { localText } from '../../lib/local-text.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { VisitorState } from '../../ui/visitor-state.tsx'
import { Coupons } from './coupons.tsx'
import { ExhibitionForm } from './exhibition-form.tsx'
import { TicketTypes } from './ticket-types.tsx'

type Loaded = { exhibition: CatalogExhibition | null; coupons: RefResult<typeof couponList> | null }

export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  if (args.params.id === 'new') {
    // No call loads an empty form, so the roles are asked here: a member who may not create one sees
    // "No access" like on every other screen of theirs, not a form refused only when it is sent.
    const { member } = await staffCall(args, me, {})
    if (!mayCall(member.roles, 'saveExhibition')) throw data(null, { status: 403 })
    return { exhibition: null, coupons: null }
  }
  const id = Number(args.params.id)
  const [{ exhibition }, coupons] = await Promise.all([staffCall(args, exhibitionDetail, { id }), staffCall(args, couponList, { exhibitionId: id })])
  return { exhibition, coupons }
}

/** One exhibition: its facts and texts, publishing, its ticket types and its coupons (docs/product.md#console-catalog). */
export function Component() {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const { exhibition, coupons } = useLoaderData() as Loaded
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [status, setStatus] = useState('')

  // A status line comes once the screen shows what was saved.
  const saved = async (next: CatalogExhibition) => {
    if (!exhibition) await navigate(exhibitionPath(next.id))
    else await revalidator.revalidate()
    setStatus(t('catalog.saved'))
  }
  const publish = async (published: boolean) => {
    if (!exhibition) return
    await client.call(publishExhibition, { id: exhibition.id, published })
    await revalidator.revalidate()
    setStatus(t(published ? 'catalog.publishedNow' : 'catalog.unpublishedNow'))
  }
  const title = exhibition ? (localText(exhibition.texts, language, 'title') ?? exhibition.slug) : t('catalog.newExhibition')
  const actions = exhibition ? (
    <>
      <VisitorState state={exhibition.state} published={exhibition.published} />
      <Link className={ui.button} to={`/console/dashboard/${exhibition.id}`}>
        {t('catalog.dashboardLink')}
      </Link>
      <Link className={ui.button} to={`${exhibitionPath(exhibition.id)}/ticket-questions`}>
        {t('ticketQuestions.link')}
      </Link>
      <Link className={ui.button} to={`${exhibitionPath(exhibition.id)}/survey`}>
        {t('survey.link')}
      </Link>
      <Link className={ui.button} to={floorPlanPath(exhibition.id)}>
        {t('floorPlan.link')}
      </Link>
      <Link className={ui.button} to={exhibitorTasksPath(exhibition.id)}>
        {t('exhibitorTasks.link')}
      </Link>
      <Link className={ui.button} to={`${exhibitionPath(exhibition.id)}/messages`}>
        {t('messages.link')}
      </Link>
      <button type="button" className={`${ui.button} ${exhibition.published ? '' : ui.primary}`} onClick={() => void publish(!exhibition.published)}>
        {t(exhibition.published ? 'catalog.unpublish' : 'catalog.publish')}
      </button>
    </>
  ) : null

  return (
    <ConsolePage title={title} lead={t('catalog.detailLead')} actions={actions}>
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <ExhibitionForm key={exhibition?.id ?? 'new'} exhibition={exhibition} onSaved={(next) => void saved(next)} />
      {exhibition && coupons ? (
        <>
          <TicketTypes exhibition={exhibition} onSaved={() => void saved(exhibition)} />
          <Coupons exhibition={exhibition} coupons={coupons} onSaved={() => void saved(exhibition)} />
        </>
      ) : null}
    </ConsolePage>
  )
}
