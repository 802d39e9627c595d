-- The dashboard's two short lists (docs/product.md#console-dashboard) read from the few rows they show:
-- an exhibition's pending orders by deadline (the sweep's index, 0050, holds every exhibition's), and the
-- refunds still waiting or refused (a handful among every refund ever made).
create index ticket_orders_pending_exhibition_idx on ticket_orders (exhibition_id, expires_at) where status = 'pending';
create index refunds_waiting_idx on refunds (order_id) where status in ('requested', 'failed');
