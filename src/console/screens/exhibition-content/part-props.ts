import type { ContentSave, ExhibitionContent } from '../../../api/console-content.ts'
import type { useSave } from '../../content-kit/use-save.ts'

/** What each part's editor is given: the content, field errors by path, and the save of its part. */
export interface PartProps {
  content: ExhibitionContent
  saver: ReturnType<typeof useSave<ExhibitionContent>>
  save(payload: PartPayload): void
  reload(): void
}
export type PartPayload = ContentSave extends infer U ? (U extends ContentSave ? Omit<U, 'id' | 'version'> : never) : never
