import { data, type RouteObject } from 'react-router'
import { DefaultLayout } from '../layouts/default-layout.tsx'
import { NewsLayout } from '../layouts/news-layout.tsx'
import { RootDocument, RootErrorBoundary, rootLoader } from '../root.tsx'
import { screen } from './route-kit.ts'

/**
 * The one route table, for server and browser (docs/product.md#routes). Every path lives
 * under the language segment; Express has already redirected anything without a live language.
 * A screen that is not built yet is simply not listed: it answers 404 until it exists.
 * The query parameters each path reads are declared beside it in ./query-params.ts (the page
 * cache keys by them; its test fails when a path here is missing there).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/:lang',
    loader: rootLoader,
    Component: RootDocument,
    ErrorBoundary: RootErrorBoundary,
    // Site state never changes by navigating inside one language.
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.lang !== nextParams.lang,
    children: [
      {
        id: 'layout-default',
        Component: DefaultLayout,
        children: [
          { index: true, ...screen('home', { ns: ['home', 'exhibitions'] }) },
          // exhibitions feature routes
          { path: 'brandExhibition.html', ...screen('exhibitions', { ns: ['exhibitions'] }) },
          { path: 'backDetail/:id?', ...screen('exhibition-detail', { ns: ['exhibitions', 'directory'] }) },
          // the exhibitor directory of an exhibition and one exhibitor's page (docs/product.md#exhibitor-directory)
          { path: 'backDetail/:id/exhibitors', ...screen('exhibitor-directory/list', { ns: ['directory'] }) },
          { path: 'backDetail/:id/exhibitors/:slug', ...screen('exhibitor-directory/profile', { ns: ['directory', 'verify'] }) },
          { path: 'active/europeanPremium.html', ...screen('campaign', { ns: ['exhibitions'] }) },
          // editorial feature routes (news, videos, bulletins, about)
          { path: 'exhibition/news.html', ...screen('news', { ns: ['editorial', 'news'] }) },
          // docs/product.md#routes `exhibition/{id?}`: without an id, the list (its loader redirects to news.html).
          { path: 'exhibition', ...screen('news', { ns: ['editorial', 'news'] }) },
          { path: 'exhibition/h5', ...screen('news', { ns: ['editorial', 'news'], h5: true }) },
          { path: 'exhibition/h5/:id', ...screen('article', { ns: ['editorial', 'news'], h5: true }) },
          { path: 'exhibition/:id', ...screen('article', { ns: ['editorial', 'news'] }) },
          { path: 'video.html', ...screen('videos', { ns: ['editorial', 'media'] }) },
          { path: 'bulletin.html', ...screen('bulletins', { ns: ['editorial', 'bulletins'] }) },
          { path: 'about.html', ...screen('about', { ns: ['about', 'verify'] }) },
          // legal routes
          { path: 'legal/:document', ...screen('legal', { ns: ['legal'] }) },
          // search feature routes (trader, dealer, search)
          { path: 'trader.html', ...screen('trader', { ns: ['search'] }) },
          { path: 'dealer/:file', ...screen('dealer', { ns: ['search'] }) },
          { path: 'search.html', ...screen('search-results', { ns: ['search'] }) },
          // accounts feature routes
          { path: 'info.html', ...screen('account', { ns: ['account'], private: true }) },
          // exhibitors feature routes: the signed-in member's exhibitor area (docs/product.md#exhibitors)
          { path: 'exhibitor.html', ...screen('exhibitor-area', { ns: ['exhibitor', 'verify'], private: true }) },
          // an exhibitor team's leads: the badge scanner and the team's list (docs/product.md#leads)
          { path: 'exhibitor/leads', ...screen('exhibitor-leads', { ns: ['leads', 'exhibitor'], private: true }) },
          // an exhibitor's CRM webhook, its admins only (docs/product.md#lead-webhooks)
          { path: 'exhibitor/crm', ...screen('exhibitor-crm', { ns: ['crm', 'exhibitor'], private: true }) },
          // tickets feature routes: the checkout's screens by what they do, at their legacy URLs
          { path: 'apply/registration', ...screen('checkout/selection', { ns: ['tickets'], private: true }) },
          { path: 'apply/infoPage', ...screen('checkout/attendees', { ns: ['tickets'], private: true }) },
          { path: 'apply/sureInfo', ...screen('checkout/review', { ns: ['tickets', 'invoices'], private: true }) },
          { path: 'apply/payment', ...screen('checkout/payment', { ns: ['tickets'], private: true }) },
          { path: 'apply/unpaid', ...screen('checkout/payment-check', { ns: ['tickets'], private: true }) },
          { path: 'apply/successPage', ...screen('checkout/success', { ns: ['tickets', 'invoices'], private: true }) },
          { path: 'apply/order', ...screen('checkout/orders', { ns: ['tickets', 'invoices'], private: true }) },
          { path: 'apply/orderCancel', ...screen('checkout/cancel-confirm', { ns: ['tickets'], private: true }) },
          { path: 'apply/cancelled', ...screen('checkout/cancelled', { ns: ['tickets'], private: true }) },
          // A ticket transfer's personal link (docs/product.md#ticket-transfer).
          { path: 'apply/transfer/:token', ...screen('checkout/transfer', { ns: ['tickets'], private: true }) },
          // applications feature routes (exhibitor and attendee sign-up)
          { path: 'apply', ...screen('applications', { ns: ['apply'] }) },
          { path: 'apply/h5Index', ...screen('applications', { ns: ['apply'], h5: true }) },
          // verification feature routes
          { path: 'verify.html', ...screen('verify', { ns: ['verify'] }) },
          // report a scam, and its thank-you page (docs/product.md#scam-reports)
          { path: 'verify/report.html', ...screen('scam-report/form', { ns: ['verify', 'scam'], private: true }) },
          { path: 'verify/report/thanks.html', ...screen('scam-report/thanks', { ns: ['verify', 'scam'], private: true }) },
          // the public scam alerts (docs/product.md#scam-alerts)
          { path: 'verify/alerts.html', ...screen('verify/alerts', { ns: ['verify'] }) },
          // the post-event survey: a personal link from the mail (docs/product.md#survey)
          { path: 'survey/:token', ...screen('survey', { ns: ['survey'], private: true }) },
          // a marketing mail's unsubscribe link (docs/product.md#unsubscribe)
          { path: 'unsubscribe/:token', ...screen('unsubscribe', { ns: ['unsubscribe'], private: true }) },
          // a draft or scheduled item through the console's signed preview link (docs/product.md#console-content)
          { path: 'preview/:token', ...screen('preview', { ns: ['editorial', 'news', 'media'], private: true }) },
        ],
      },
      {
        id: 'layout-news',
        Component: NewsLayout,
        children: [
          // editorial feature routes in the news layout
          { path: 'exhibition/pop', ...screen('news', { ns: ['editorial', 'news'] }) },
          { path: 'exhibition/pop/:id', ...screen('article', { ns: ['editorial', 'news'] }) },
        ],
      },
      {
        id: 'not-found',
        path: '*',
        // Never rendered: the loader always throws, and the root error boundary shows the 404 page.
        Component: () => null,
        loader: () => {
          throw data(null, { status: 404, statusText: 'Not Found' })
        },
      },
    ],
  },
]
