import { type FormEvent, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleTask, saveExhibitorTask, type TaskBoard } from '../../../api/console-exhibitor-tasks.ts'
import { TASK_KINDS, TASK_LIMITS, type TaskKind } from '../../../../shared/rules/exhibitor-tasks.ts'
import { type Texts, TextsEditor } from '../../content-kit/texts-editor.tsx'
import { useSave } from '../../content-kit/use-save.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDay } from '../../lib/venue-day.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { draftOf, type FormDraft, payloadOf } from './form-draft.ts'
import { lazySection } from '../../../lib/lazy-section.tsx'

// A priced form's items editor is loaded only for a form (docs/product.md#exhibitor-forms): the screen's budget.
const FormItems = lazySection('exhibitor-tasks/form-items', () => import('./form-items.tsx').then((module) => module.FormItems))

type Field = 'title' | 'instructions'

interface Props {
  board: TaskBoard
  task: ConsoleTask | null
  onClose(): void
  onSaved(board: TaskBoard): void
}

/**
 * One task: what it is (a part of the profile the platform checks, or a text of the organiser's an
 * exhibitor's admin confirms), its day at the venue (at the latest the exhibition's first day), and its
 * title and instructions in the 12 languages (English required).
 */
export function TaskForm({ board, task, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const { busy, run, errorOf, message } = useSave<TaskBoard>()
  const [texts, setTexts] = useState<Texts<Field>>(task?.texts ?? {})
  const [kind, setKind] = useState<TaskKind>(task?.kind ?? 'custom')
  const [form, setForm] = useState<FormDraft>(() => draftOf(task?.form ?? null, board.currency))
  const titleId = task ? `exhibitor-task-${task.id}` : 'exhibitor-task-new'

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    void run(
      () =>
        client.call(saveExhibitorTask, {
          exhibitionId: board.exhibition.id,
          ...(task ? { id: task.id, version: task.version } : {}),
          kind,
          dueOn: String(data.get('dueOn') ?? ''),
          ...(kind === 'form' ? { form: payloadOf(form) } : {}),
          texts: Object.fromEntries(
            Object.entries(texts).map(([locale, text]) => [locale, { title: text?.title ?? '', instructions: text?.instructions ?? '' }]),
          ),
        }),
      onSaved,
      t('exhibitorTasks.saved'),
    )
  }
  return (
    <form className={ui.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{task ? t('exhibitorTasks.editTask') : t('exhibitorTasks.add')}</h3>
      <SelectField
        label={t('exhibitorTasks.kind')}
        name="kind"
        defaultValue={kind}
        options={TASK_KINDS.map((value) => [value, t(`exhibitorTasks.kinds.${value}`)])}
        hint={t(`exhibitorTasks.kindHints.${kind}`)}
        error={errorOf('kind')}
        onChange={(value) => setKind(value as TaskKind)}
      />
      <TextField
        label={t('exhibitorTasks.dueOn')}
        name="dueOn"
        type="date"
        max={board.exhibition.startsOn}
        defaultValue={task?.dueOn ?? ''}
        required
        hint={t('exhibitorTasks.dueHint', { date: formatDay(board.exhibition.startsOn, language), zone: board.exhibition.timeZone })}
        error={errorOf('dueOn')}
      />
      {kind === 'form' ? (
        <Suspense fallback={null}>
          <FormItems value={form} onChange={setForm} errorOf={errorOf} />
        </Suspense>
      ) : null}
      <TextsEditor<Field>
        path="texts"
        fields={[
          { name: 'title', label: t('exhibitorTasks.titleField'), max: TASK_LIMITS.title },
          { name: 'instructions', label: t('exhibitorTasks.instructions'), max: TASK_LIMITS.instructions, long: true },
        ]}
        keyField="title"
        value={texts}
        onChange={setTexts}
        errorOf={errorOf}
      />
      <FormEnd message={message} busy={busy} save={t('exhibitorTasks.save')} cancel={t('exhibitorTasks.cancel')} onCancel={onClose} />
    </form>
  )
}
