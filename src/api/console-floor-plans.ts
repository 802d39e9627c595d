import type { z } from 'zod'
import { CONSOLE } from '../../shared/functions/console.ts'
import { fn } from '../../shared/functions/gateway.ts'
import type * as plans from '../../shared/contracts/console-floor-plans.ts'

/** Floor plans in the console (docs/product.md#console-floor-plans): browser references, beside src/api/console.ts. */
export const floorPlanEditor = fn<typeof plans.floorPlanEditor>(CONSOLE.floorPlanEditor)
export const saveHall = fn<typeof plans.saveHall>(CONSOLE.saveHall)
export const deleteHall = fn<typeof plans.deleteHall>(CONSOLE.deleteHall)
export const saveBooth = fn<typeof plans.saveBooth>(CONSOLE.saveBooth)
export const deleteBooth = fn<typeof plans.deleteBooth>(CONSOLE.deleteBooth)
export const assignBooth = fn<typeof plans.assignBooth>(CONSOLE.assignBooth)
export const setBoothSelection = fn<typeof plans.setBoothSelection>(CONSOLE.setBoothSelection)

export type FloorPlanEditor = z.output<typeof plans.floorPlanEditorView>
export type EditorHall = FloorPlanEditor['halls'][number]
export type EditorBooth = EditorHall['booths'][number]
