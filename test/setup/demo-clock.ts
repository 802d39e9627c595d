import { DEMO_CONTENT_DIR, demoShiftOf } from '../../server/content/content-folder.ts'
import { type DemoShift, readDemoAnchor } from '../../server/content/demo-dates.ts'
import type { Platform } from '../../server/platform/platform.ts'

/** The day content/demo was written for (content/demo/demo.json). */
export const DEMO_WRITTEN_FOR = new Date(`${readDemoAnchor(DEMO_CONTENT_DIR)}T12:00:00Z`)

/** The demo shift of a seed on the day the demo was written for: every date as written, whatever today is. */
export const demoAsWritten = (platform: Platform): DemoShift => demoShiftOf(platform, { today: DEMO_WRITTEN_FOR })
