import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type TicketQuestionEditor, ticketQuestionEditor } from '../../../api/console-ticket-questions.ts'
import { exhibitionPath } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { Questions } from './questions.tsx'

export function loader(args: LoaderFunctionArgs): Promise<TicketQuestionEditor> {
  return staffCall(args, ticketQuestionEditor, { exhibitionId: Number(args.params.id) })
}

/**
 * The organiser's own questions on an exhibition's attendee form (docs/product.md#ticket-questions):
 * each with its kind, its texts in the 12 languages, the ticket types that ask it, in their order.
 */
export function Component() {
  const { t } = useTranslation()
  const loaded = useLoaderData() as TicketQuestionEditor
  const [editor, setEditor] = useState(loaded)
  const [status, setStatus] = useState('')
  const [seen, setSeen] = useState(loaded)
  if (seen !== loaded) {
    setSeen(loaded)
    setEditor(loaded)
  }
  return (
    <ConsolePage
      title={t('ticketQuestions.title', { exhibition: editor.exhibition.title })}
      lead={t('ticketQuestions.lead')}
      actions={
        <Link className={ui.button} to={exhibitionPath(editor.exhibition.id)}>
          {t('ticketQuestions.back')}
        </Link>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <Questions
        editor={editor}
        onChanged={(next, message) => {
          setEditor(next)
          setStatus(message)
        }}
      />
    </ConsolePage>
  )
}
