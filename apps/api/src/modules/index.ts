import type { FastifyPluginAsync } from 'fastify';
import lookups from './lookups/routes.ts';
import place from './lookups/place-routes.ts';
import catalog from './catalog/routes.ts';
import images from './images/routes.ts';
import auth from './auth/routes.ts';
import adminUsers from './auth/admin-users-routes.ts';
import providers from './providers/routes.ts';
import search from './search/routes.ts';
import content from './content/routes.ts';
import adminPages from './content/admin-pages-routes.ts';
import vin from './vin/routes.ts';
import payments from './payments/routes.ts';
import cart from './cart/routes.ts';
import checkout from './checkout/routes.ts';
import orders from './orders/routes.ts';
import adminOrders from './orders/admin-routes.ts';
import coupons from './coupons/routes.ts';
import garage from './garage/routes.ts';
import seller from './seller/routes.ts';
import listing from './listing/routes.ts';
import subscriptions from './subscriptions/routes.ts';
import adminPlans from './subscriptions/admin-plans-routes.ts';
import productImport from './product-import/routes.ts';
import requests from './requests/routes.ts';
import notifications from './notifications/routes.ts';
import push from './push/routes.ts';
import audit from './audit/routes.ts';
import fit from './fit/routes.ts';
import chat from './chat/routes.ts';
import reviews from './reviews/routes.ts';
import disputes from './disputes/routes.ts';
import admin from './admin/routes.ts';
import trackRecord from './track-record/routes.ts';
import signals from './signals/routes.ts';
import jobs from './jobs/routes.ts';
import alerts from './alerts/routes.ts';
import seo from './seo/routes.ts';

// Every domain registers its routes here; one line per domain.
export const modules: FastifyPluginAsync[] = [
  lookups,
  place,
  catalog,
  images,
  auth,
  adminUsers,
  providers,
  search,
  content,
  adminPages,
  vin,
  payments,
  cart,
  checkout,
  orders,
  adminOrders,
  coupons,
  garage,
  seller,
  listing,
  subscriptions,
  adminPlans,
  productImport,
  requests,
  notifications,
  push,
  audit,
  fit,
  chat,
  reviews,
  disputes,
  admin,
  trackRecord,
  signals,
  jobs,
  alerts,
  seo,
];
