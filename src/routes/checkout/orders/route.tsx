import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { myOrders } from '../../../api/tickets.ts'
import { currentUser } from '../../../components/account-menu/user-store.ts'
import { loaderContextOf } from '../../route-kit.ts'
import { loadOrder, type OrderLoad, orderTimes, venueMoment } from '../order-loader.ts'
import type { ShownHeld } from './held-tickets.tsx'
import { OrderScreen } from '../order-screen.tsx'
import { OrderDetail } from './order-detail.tsx'
import { type Listed, OrderList, PAGE } from './order-list.tsx'
import { useMyTicketsOffline } from './saved-copy.tsx'

type OrdersData = OrderLoad | { kind: 'list'; items: Listed[]; more: boolean; held: ShownHeld[] }

/** `?order=` shows one order; without it, the buyer's orders, newest first, and the tickets others bought in their name. */
export async function loader(args: LoaderFunctionArgs): Promise<OrdersData> {
  const { gateway, site } = loaderContextOf(args)
  if (!currentUser(site)) return { kind: 'login' }
  if (new URL(args.request.url).searchParams.has('order')) return loadOrder(args, 'orders')
  const page = await gateway.call(myOrders, { limit: PAGE }, { signal: args.request.signal })
  const held = page.held.map((ticket) => ({
    ...ticket,
    transferUntil: ticket.transfer ? venueMoment(site.htmlLang, ticket.transfer.expiresAt, ticket.timeZone) : null,
  }))
  return { kind: 'list', items: page.items.map((item) => ({ ...item, times: orderTimes(item, site.htmlLang) })), more: page.more, held }
}

/** Order page (docs/product.md#checkout-screens): my orders, and one order's details with what can be done with it. */
export function Component() {
  const loaded = useLoaderData() as OrdersData
  useMyTicketsOffline(loaded.kind !== 'login', loaded.kind === 'order' ? loaded.order.number : loaded.kind)
  return (
    <OrderScreen<OrdersData> screen="orders">
      {(loaded) =>
        loaded.kind === 'order' ? (
          <OrderDetail order={loaded.order} times={loaded.times} />
        ) : (
          <OrderList initial={loaded.items} initialMore={loaded.more} held={loaded.held} />
        )
      }
    </OrderScreen>
  )
}
