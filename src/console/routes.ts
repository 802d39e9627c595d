import { data, type RouteObject } from 'react-router'
import { ROOT_ROUTE_ID } from './console-state.ts'
import { ConsoleRoot, ConsoleRootError, consoleRootLoader } from './root.tsx'
import { screen } from './screen-kit.ts'
import { ScreenError, Shell } from './shell/shell.tsx'

/**
 * The console's route table (docs/product.md#console-where): `/console/...`, outside the language prefix, for
 * server and browser. A section of a later part is not listed until it is built.
 */
export const consoleRoutes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/console',
    loader: consoleRootLoader,
    Component: ConsoleRoot,
    ErrorBoundary: ConsoleRootError,
    // Who is signed in and their language change only by signing in or out and by the language
    // switch, and each of those loads the page anew.
    shouldRevalidate: () => false,
    children: [
      { path: 'sign-in', ...screen('sign-in') },
      { path: 'setup/:token', ...screen('setup') },
      // Kiosk mode (docs/product.md#kiosk): the door's screen without the console's frame, its navigation or its links.
      { path: 'checkin/kiosk', ...screen('checkin') },
      {
        id: 'console-shell',
        Component: Shell,
        children: [
          {
            // Errors of a screen show inside the shell, with the navigation still there.
            id: 'console-screens',
            ErrorBoundary: ScreenError,
            children: [
              { index: true, ...screen('home') },
              { path: 'sessions', ...screen('sessions') },
              { path: 'staff', ...screen('staff') },
              { path: 'audit', ...screen('audit') },
              { path: 'settings/invoicing', ...screen('invoicing') },
              { path: 'orders', ...screen('orders') },
              { path: 'orders/:number', ...screen('order') },
              { path: 'payments', ...screen('payments') },
              { path: 'exhibitions', ...screen('exhibitions') },
              { path: 'exhibitions/:id', ...screen('exhibition') },
              { path: 'exhibitions/:id/survey', ...screen('survey') },
              { path: 'exhibitions/:id/ticket-questions', ...screen('ticket-questions') },
              { path: 'exhibitions/:id/bank-transfer', ...screen('bank-transfer') },
              { path: 'exhibitions/:id/floor-plan', ...screen('floor-plan') },
              { path: 'exhibitions/:id/content', ...screen('exhibition-content') },
              { path: 'exhibitions/:id/exhibitor-tasks', ...screen('exhibitor-tasks') },
              { path: 'exhibitions/:id/messages/*', ...screen('messages') },
              { path: 'pages', ...screen('exhibition-pages') },
              { path: 'adverts', ...screen('adverts') },
              { path: 'media', ...screen('media') },
              { path: 'media/:id', ...screen('media-item') },
              { path: 'dashboard/:exhibitionId', ...screen('dashboard') },
              { path: 'checkin', ...screen('checkin') },
              { path: 'applications', ...screen('applications') },
              { path: 'applications/:reference', ...screen('application') },
              { path: 'exhibitors', ...screen('exhibitors') },
              { path: 'exhibitors/:id', ...screen('exhibitor') },
              { path: 'visitors', ...screen('visitors') },
              { path: 'visitors/:id', ...screen('visitor') },
              { path: 'comments', ...screen('comments') },
              { path: 'register', ...screen('register') },
              // The queue, and with an id one reported channel (one module for both).
              { path: 'scam-reports/:id?', ...screen('scam-reports') },
              { path: 'alerts', ...screen('alerts') },
              { path: 'content', ...screen('content') },
              { path: 'content/:kind/:id', ...screen('content-item') },
              {
                path: '*',
                Component: () => null,
                loader: () => {
                  throw data(null, { status: 404, statusText: 'Not Found' })
                },
              },
            ],
          },
        ],
      },
    ],
  },
]
