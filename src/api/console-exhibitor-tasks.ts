import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as tasks from '../../shared/contracts/console-exhibitor-tasks.ts'

export type { ConsoleForm, ConsoleTask, ExhibitorTaskStates, TaskBoard } from '../../shared/contracts/console-exhibitor-tasks.ts'
/** Exhibitors' tasks and deadlines in the console (docs/product.md#console-exhibitor-tasks): browser references, beside src/api/console.ts. */
export const exhibitorTaskBoard = fn<typeof tasks.exhibitorTaskBoard>(CONSOLE.exhibitorTaskBoard)
export const saveExhibitorTask = fn<typeof tasks.saveExhibitorTask>(CONSOLE.saveExhibitorTask)
export const reorderExhibitorTasks = fn<typeof tasks.reorderExhibitorTasks>(CONSOLE.reorderExhibitorTasks)
export const deleteExhibitorTask = fn<typeof tasks.deleteExhibitorTask>(CONSOLE.deleteExhibitorTask)
export const exhibitorTaskStates = fn<typeof tasks.exhibitorTaskStates>(CONSOLE.exhibitorTaskStates)
