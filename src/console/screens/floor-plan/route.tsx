import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type FloorPlanEditor, floorPlanEditor } from '../../../api/console-floor-plans.ts'
import { exhibitionPath } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { HallForm } from './hall-form.tsx'
import { HallPanel } from './hall-panel.tsx'
import { SelfSelection } from './self-selection.tsx'

type Loaded = { editor: FloorPlanEditor }

export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  const id = Number(args.params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 })
  return { editor: await staffCall(args, floorPlanEditor, { exhibitionId: id }) }
}

/**
 * An exhibition's floor plan (docs/product.md#console-floor-plans): its halls, each with a preview
 * drawn as visitors see it and a table of its booths, edited with forms that work from the keyboard.
 * Every change answers the whole plan, which replaces the one shown.
 */
export function Component() {
  const { t } = useTranslation()
  const loaded = useLoaderData() as Loaded
  const [editor, setEditor] = useState(loaded.editor)
  const [seen, setSeen] = useState(loaded.editor)
  if (seen !== loaded.editor) {
    setSeen(loaded.editor)
    setEditor(loaded.editor)
  }
  const [status, setStatus] = useState('')
  const [adding, setAdding] = useState(false)
  const changed = (next: FloorPlanEditor, message: string) => {
    setEditor(next)
    setStatus(message)
  }
  const { exhibition } = editor
  return (
    <ConsolePage
      title={t('floorPlan.title', { exhibition: exhibition.title })}
      lead={t('floorPlan.lead')}
      actions={
        <Link className={ui.button} to={exhibitionPath(exhibition.id)}>
          {t('floorPlan.back')}
        </Link>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      {editor.currency ? <p className={ui.muted}>{t('floorPlan.currency', { currency: editor.currency })}</p> : null}
      {editor.currency ? (
        <SelfSelection
          editor={editor}
          onSaved={(next) => changed(next, next.selfSelection ? t('floorPlan.selfSelection.opened') : t('floorPlan.selfSelection.closedNow'))}
        />
      ) : null}
      {editor.halls.length === 0 ? <p className={ui.muted}>{t('floorPlan.noHalls')}</p> : null}
      {editor.halls.map((hall) => (
        <HallPanel key={hall.id} editor={editor} hall={hall} onChanged={changed} />
      ))}
      {adding ? (
        <HallForm
          editor={editor}
          hall={null}
          onClose={() => setAdding(false)}
          onSaved={(next) => {
            setAdding(false)
            changed(next, t('floorPlan.saved'))
          }}
        />
      ) : (
        <div>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAdding(true)}>
            {t('floorPlan.addHall')}
          </button>
        </div>
      )}
    </ConsolePage>
  )
}
