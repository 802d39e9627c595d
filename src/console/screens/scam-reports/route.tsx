import { type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router'
import type { ScamReportGroupDetail } from '../../../api/console-scam-reports.ts'
import { GroupScreen, groupLoader } from './group.tsx'
import { Queue, type QueueData, queueLoader } from './queue.tsx'

/**
 * The verifier's scam reports (docs/product.md#scam-reports): the queue (`/console/scam-reports`) and one
 * reported channel (`/console/scam-reports/:id`), one lazy module, so the console's first load carries
 * one entry for both.
 */
export function loader(args: LoaderFunctionArgs): Promise<QueueData | ScamReportGroupDetail> {
  return args.params.id === undefined ? queueLoader(args) : groupLoader(args)
}

export function Component() {
  const { id } = useParams()
  const data = useLoaderData() as QueueData | ScamReportGroupDetail
  return id === undefined ? <Queue data={data as QueueData} /> : <GroupScreen key={id} group={data as ScamReportGroupDetail} />
}
