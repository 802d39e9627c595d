import { type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type EditorBooth, type EditorHall, type FloorPlanEditor, saveBooth } from '../../../api/console-floor-plans.ts'
import { FloorPlan, type PlanBoothShape } from '../../../components/floor-plan/floor-plan.tsx'
import { placementProblem, type Rect } from '../../../../shared/rules/floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './floor-plan.module.css'

/** Dragged booths land on the half-metre grid (5 dm). */
const SNAP = 5
const snap = (dm: number) => Math.max(0, Math.round(dm / SNAP) * SNAP)

interface Drag {
  booth: EditorBooth
  /** Dragging the lower right quarter resizes; anywhere else moves. */
  mode: 'move' | 'resize'
  from: { x: number; y: number }
  rect: Rect
}

interface Props {
  editor: FloorPlanEditor
  hall: EditorHall
  booths: PlanBoothShape[]
  title: string
  highlight: string | null
  onChanged(editor: FloorPlanEditor, message: string): void
  onProblem(message: string): void
}

/**
 * The hall's preview, where a mouse or a finger may also move a booth (drag it) or resize it (drag its
 * lower right corner): a shortcut beside the booth table, which does everything from the keyboard.
 * The drop is checked against the hall and the other booths before it is sent, and saved at the
 * booth's version like the form.
 */
export function DragPreview({ editor, hall, booths, title, highlight, onChanged, onProblem }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const frame = useRef<HTMLDivElement>(null)
  const [drag, setDrag] = useState<Drag | null>(null)

  /** The pointer in the hall's decimetres, through the drawing's own transform. */
  const pointOf = (event: PointerEvent) => {
    const svg = frame.current?.querySelector('svg')
    const matrix = svg?.getScreenCTM()?.inverse()
    if (!svg || !matrix) return null
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix)
    return { x: point.x, y: point.y }
  }

  const start = (event: PointerEvent) => {
    const shape = (event.target as Element).closest('[id^="booth-"]')
    const booth = hall.booths.find((each) => `booth-${each.number}` === shape?.id)
    const point = pointOf(event)
    if (!booth || !point || event.button !== 0) return
    event.preventDefault()
    frame.current?.setPointerCapture(event.pointerId)
    const corner = point.x > booth.x + booth.w * 0.75 && point.y > booth.y + booth.h * 0.75
    setDrag({ booth, mode: corner ? 'resize' : 'move', from: point, rect: { x: booth.x, y: booth.y, w: booth.w, h: booth.h } })
  }

  const move = (event: PointerEvent) => {
    const point = drag ? pointOf(event) : null
    if (!drag || !point) return
    const [dx, dy] = [point.x - drag.from.x, point.y - drag.from.y]
    const { booth } = drag
    const rect =
      drag.mode === 'move'
        ? { x: snap(booth.x + dx), y: snap(booth.y + dy), w: booth.w, h: booth.h }
        : { x: booth.x, y: booth.y, w: Math.max(10, snap(booth.w + dx)), h: Math.max(10, snap(booth.h + dy)) }
    setDrag({ ...drag, rect })
  }

  const drop = async () => {
    if (!drag) return
    const { booth, rect } = drag
    setDrag(null)
    if (rect.x === booth.x && rect.y === booth.y && rect.w === booth.w && rect.h === booth.h) return
    const others = hall.booths.filter((each) => each.id !== booth.id)
    const problem = placementProblem(rect, { width: hall.width, depth: hall.depth }, others)
    if (problem) {
      onProblem(t('floorPlan.dropRefused', { number: booth.number, reason: t(problem.code) }))
      return
    }
    try {
      const next = await client.call(saveBooth, {
        exhibitionId: editor.exhibition.id,
        id: booth.id,
        version: booth.version,
        hallId: hall.id,
        number: booth.number,
        ...rect,
        type: booth.type,
        priceMinor: booth.priceMinor,
        currency: booth.currency,
        blocked: booth.state === 'blocked',
      })
      onChanged(next, t('floorPlan.moved', { number: booth.number }))
    } catch (error) {
      onProblem(errorText(error))
    }
  }

  const shown = drag ? booths.map((booth) => (booth.number === drag.booth.number ? { ...booth, ...drag.rect } : booth)) : booths
  return (
    <div
      ref={frame}
      className={styles.draggable}
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={() => void drop()}
      onPointerCancel={() => setDrag(null)}
    >
      <FloorPlan hall={hall} booths={shown} title={title} highlight={drag?.booth.number ?? highlight} />
    </div>
  )
}
