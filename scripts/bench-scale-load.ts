// One kind of `npm run bench:scale`'s workload under autocannon, in a process of its own (started by
// scripts/bench-scale.ts, one per kind, all at once): the load generators never share an event loop
// with each other or with the bench. Prints one JSON line: autocannon's figures and the tally.
import autocannon from 'autocannon'
import { attendees } from '../test/integration/tickets-helpers.ts'
import { cannonRequests, type Fixtures, flowOf, type Kind, type Tally } from './bench-scale-workload.ts'

const { kind, origin, connections, seconds, fixtures } = JSON.parse(process.argv[2] ?? '{}') as {
  kind: Kind
  origin: string
  connections: number
  seconds: number
  fixtures: Fixtures
}
const tally: Tally = { failed: 0, completed: 0, statuses: {} }
const report = await autocannon({
  url: origin,
  connections,
  duration: seconds,
  timeout: 30,
  requests: cannonRequests(
    flowOf(kind, fixtures, () => attendees(1)),
    tally,
  ) as unknown as autocannon.Request[],
})
process.stdout.write(
  `${JSON.stringify({
    kind,
    total: report.requests.total,
    average: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    errors: report.errors,
    timeouts: report.timeouts,
    tally,
  })}\n`,
)
