/**
 * A local Stripe stand-in for tests and the local demo (`npm start` without STRIPE_SECRET_KEY). It answers the small
 * part of Stripe's REST API the billing service calls through the official `stripe` SDK (pointed here with
 * `new Stripe(key, {host, port, protocol: 'http'})`): customers, subscriptions (list with pagination, retrieve),
 * invoices, payment intents (create + confirm, honouring Stripe's test payment methods `pm_card_visa`,
 * `pm_card_chargeDeclined` and `pm_card_threeDSecure2Required`), and billing portal sessions. It sends signed
 * webhooks to billing the way Stripe does (`Stripe-Signature`, made with the SDK's generateTestHeaderString), and
 * retries a delivery that failed.
 *
 * Also served:
 *  - `/portal/{session}`: a stand-in customer portal page where the person pays the open invoice; paying makes the
 *    subscription active and sends invoice.paid and customer.subscription.updated.
 *  - `/v3/stand-in.js`: a browser script implementing the part of Stripe.js the web uses (elements, the card
 *    element, createPaymentMethod, handleNextAction, confirmCardPayment, retrievePaymentIntent), so the purchase
 *    dialog works in Chromium without reaching Stripe. `loadStripe` resolves with its `window.Stripe`.
 *  - `/_stand-in/*`: control calls for the seed and tests (create a subscription in a given status, change it; answer
 *    one call slowly, as a slow network would; list the calls answered).
 *
 * State is kept in memory and, with `stateFile`, written to disk after each change (npm start keeps it across
 * restarts). It never calls anything outside this machine.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_stand_in';

/** Stripe's documented test payment methods, and the card numbers the browser stand-in turns into them. */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3184', outcome: '3ds' },
} as const;
type TestPaymentMethod = keyof typeof TEST_PAYMENT_METHODS;

type Json = Record<string, unknown>;

interface Customer extends Json {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}
interface Subscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  /** One monthly price (the membership; 9,700 cents unless the control call says `amount`): analytics' MRR. */
  items: { object: 'list'; data: Json[] };
}
interface Invoice extends Json {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  created: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } } | null;
}
interface PaymentIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  next_action: Json | null;
  last_payment_error: Json | null;
}
interface PortalSession extends Json {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
}

interface State {
  seq: number;
  customers: Record<string, Customer>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  portalSessions: Record<string, PortalSession>;
  /** Deleted customers: retrieving one answers Stripe's `{id, object: 'customer', deleted: true}`; nothing else finds it. */
  deletedCustomers: string[];
  /** Idempotency-Key -> the answer given the first time (Stripe keeps them 24 h). */
  idempotency: Record<string, { status: number; body: Json }>;
}

const emptyState = (): State => ({
  seq: 0,
  customers: {},
  subscriptions: {},
  invoices: {},
  paymentIntents: {},
  portalSessions: {},
  deletedCustomers: [],
  idempotency: {},
});

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /**
   * The address browsers reach the stand-in at (its Stripe.js, the portal and 3-D Secure pages and their calls), when
   * it is not the listening one: in docker-compose billing calls http://stripe:4191 and the browser localhost:4191.
   */
  publicUrl?: string;
  /** Where signed webhooks go (billing's /api/stripe/webhook, through the gateway as Stripe would). */
  webhookUrl?: string;
  /** The endpoint secret both sides share (`whsec_...`). */
  webhookSecret: string;
  /** Keep the state here across restarts. */
  stateFile?: string;
  /** How often a failed webhook delivery is retried (default 8, doubling from retryDelayMs). */
  maxRetries?: number;
  retryDelayMs?: number;
}

export interface StripeStandIn {
  /** http://host:port */
  url: string;
  host: string;
  port: number;
  /** The browser script (Stripe.js stand-in). */
  scriptUrl: string;
  webhookSecret: string;
  /** Every webhook delivery attempt (event id, type, HTTP status or 0 when refused). */
  deliveries: Array<{ eventId: string; type: string; status: number }>;
  /** Changes where webhooks go (tests start billing after the stand-in). */
  setWebhookUrl(url: string): void;
  /** Resolves once every webhook queued so far has been delivered or given up. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b]=1&c[0]=x&c[]=y`) into nested objects; arrays become objects keyed by index. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter((p, i) => p !== '' || i === 0);
    let node = out;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] === '' ? String(Object.keys(node).length) : (parts[i] as string);
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Json;
      }
    }
  }
  return out;
}

const asRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, String(v)]))
    : {};

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? 'error'));
  }
}

const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What every part of the stand-in shares: its objects, their file, the webhooks, and the address it answers on. */
interface StandInContext {
  state: State;
  /** Writes the state to the state file (one write at a time). */
  save(): void;
  newId(prefix: string): string;
  /** Sends an event; the first attempt is awaited, retries go on in the background. */
  sendEvent(type: string, object: Json): Promise<void>;
  /**
   * Delivers the events sent about an object once more, as Stripe does when it did not see an answer (a
   * purchase's receipt is sent once however often its webhook arrives). Returns the event ids redelivered.
   */
  redeliver(objectId: string): Promise<string[]>;
  /** http://host:port, known once the server listens. */
  baseUrl: string;
  /** Idempotency keys whose first request is still running. */
  running: Set<string>;
  /** Answers a test asked to send late (POST /_stand-in/slow). */
  slowAnswers: Array<{ path: string; ms: number }>;
  /** API calls answered so far (method and path), for tests that wait for a call to have been made. */
  answered: string[];
}

/** The state kept in `stateFile` (a damaged or missing file starts empty). */
async function loadState(stateFile: string | undefined): Promise<State> {
  let state: State = emptyState();
  if (stateFile && existsSync(stateFile)) {
    try {
      state = { ...emptyState(), ...(JSON.parse(await readFile(stateFile, 'utf8')) as Partial<State>) };
    } catch {
      // A damaged file starts empty.
    }
  }
  return state;
}

/** Writes of the state file, one at a time, each with the whole state. */
function createSaver(state: State, stateFile: string | undefined) {
  let saving: Promise<void> = Promise.resolve();
  return {
    save: () => {
      const file = stateFile;
      if (!file) return;
      saving = saving.then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(`${file}.tmp`, JSON.stringify(state));
        await rename(`${file}.tmp`, file);
      });
    },
    saved: () => saving,
  };
}

/** Signed webhook deliveries to billing, retried in the background when one fails. */
function createWebhooks(options: StripeStandInOptions, newId: (prefix: string) => string) {
  let webhookUrl = options.webhookUrl ?? '';
  const signer = new Stripe(STAND_IN_SECRET_KEY);
  const deliveries: StripeStandIn['deliveries'] = [];
  /** Every event sent, by the id of the object it is about (for POST /_stand-in/redeliver). */
  const sentByObject = new Map<string, Json[]>();
  const inFlight = new Set<Promise<void>>();
  const maxRetries = options.maxRetries ?? 8;
  const retryDelay = options.retryDelayMs ?? 500;
  let stopped = false;

  const deliverOnce = async (event: Json): Promise<boolean> => {
    if (!webhookUrl) return false;
    const payload = JSON.stringify(event, null, 2);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    let status = 0;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: String(event.id), type: String(event.type), status });
    return status >= 200 && status < 300;
  };

  /** Sends an event; the first attempt is awaited (the portal answers after it), retries go on in the background. */
  const sendEvent = async (type: string, object: Json): Promise<void> => {
    const event: Json = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const objectId = typeof object.id === 'string' ? object.id : '';
    if (objectId) sentByObject.set(objectId, [...(sentByObject.get(objectId) ?? []), event]);
    if (await deliverOnce(event)) return;
    const retry = (async () => {
      for (let attempt = 0; attempt < maxRetries && !stopped; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, retryDelay * 2 ** attempt));
        if (stopped || (await deliverOnce(event))) return;
      }
    })();
    inFlight.add(retry);
    void retry.finally(() => inFlight.delete(retry));
  };

  const redeliver = async (objectId: string): Promise<string[]> => {
    const events = sentByObject.get(objectId) ?? [];
    for (const event of events) await deliverOnce(event);
    return events.map((event) => String(event.id));
  };

  return {
    deliveries,
    sendEvent,
    redeliver,
    setUrl: (value: string) => {
      webhookUrl = value;
    },
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    stop: async () => {
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** What happens to customers, subscriptions, invoices and payment intents (and the events each change sends). */
function createObjects(ctx: StandInContext) {
  const { state, save, newId, sendEvent } = ctx;

  const customerOf = (id: unknown): Customer => {
    const customer = typeof id === 'string' ? state.customers[id] : undefined;
    if (!customer) throw missing('customer', String(id), 'customer');
    return customer;
  };

  const setSubscriptionStatus = async (subscription: Subscription, status: string, silent = false) => {
    const previous = subscription.status;
    subscription.status = status;
    if (['past_due', 'unpaid', 'incomplete'].includes(status)) {
      const open = Object.values(state.invoices).find(
        (i) => i.parent?.subscription_details.subscription === subscription.id && i.status === 'open',
      );
      if (!open) {
        const invoice: Invoice = {
          id: newId('in'),
          object: 'invoice',
          customer: subscription.customer,
          status: 'open',
          amount_due: 9700,
          amount_paid: 0,
          amount_remaining: 9700,
          currency: 'usd',
          created: now(),
          parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        };
        state.invoices[invoice.id] = invoice;
        subscription.latest_invoice = invoice.id;
      }
    }
    save();
    if (previous !== status && !silent) await sendEvent('customer.subscription.updated', subscription);
  };

  const payInvoice = async (invoice: Invoice) => {
    if (invoice.status !== 'open') throw invalid('Invoice is already paid');
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    save();
    await sendEvent('invoice.paid', invoice);
    const subscriptionId = invoice.parent?.subscription_details.subscription;
    const subscription = subscriptionId ? state.subscriptions[subscriptionId] : undefined;
    if (subscription && subscription.status !== 'active') await setSubscriptionStatus(subscription, 'active');
    return invoice;
  };

  const confirmIntent = async (intent: PaymentIntent, paymentMethod: string | null): Promise<void> => {
    const method = paymentMethod ?? intent.payment_method;
    if (!method) throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method');
    const known = TEST_PAYMENT_METHODS[method as TestPaymentMethod];
    if (!known) throw missing('PaymentMethod', method, 'payment_method');
    intent.payment_method = method;
    if (known.outcome === 'succeed') {
      intent.status = 'succeeded';
      intent.next_action = null;
      intent.last_payment_error = null;
      save();
      await sendEvent('payment_intent.succeeded', intent);
      return;
    }
    if (known.outcome === '3ds') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      save();
      return;
    }
    const declineCode = known.outcome === 'insufficient' ? 'insufficient_funds' : 'generic_decline';
    const message = known.outcome === 'insufficient' ? 'Your card has insufficient funds.' : 'Your card was declined.';
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message,
      payment_method: { id: method, object: 'payment_method', type: 'card' },
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    intent.payment_method = null;
    save();
    await sendEvent('payment_intent.payment_failed', intent);
    throw new StripeError(402, { ...error, payment_intent: structuredClone(intent) });
  };
  return { customerOf, setSubscriptionStatus, payInvoice, confirmIntent };
}

type Objects = ReturnType<typeof createObjects>;

/** A page of a Stripe list (`limit`, `starting_after`, `ending_before`), newest first. */

function list<T extends { id: string; created: number }>(items: T[], query: URLSearchParams, url: string) {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100);
  // Newest first, like Stripe; ties broken by id so pages never overlap.
  const sorted = [...items].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  let start = 0;
  const after = query.get('starting_after');
  const before = query.get('ending_before');
  if (after) {
    const index = sorted.findIndex((i) => i.id === after);
    if (index < 0) throw invalid(`No such object: '${after}'`, 'starting_after');
    start = index + 1;
  } else if (before) {
    const index = sorted.findIndex((i) => i.id === before);
    start = Math.max(0, index - limit);
    const data = sorted.slice(start, Math.max(index, 0));
    return { object: 'list', url, has_more: start > 0, data };
  }
  const data = sorted.slice(start, start + limit);
  return { object: 'list', url, has_more: start + limit < sorted.length, data };
}

/** The REST API the billing service calls, and the control calls of the seed and tests. */
function createApi(ctx: StandInContext, objects: Objects) {
  const { state, save, newId, sendEvent, slowAnswers, answered } = ctx;
  const { customerOf, setSubscriptionStatus, payInvoice, confirmIntent } = objects;

  const api = async (method: string, pathname: string, query: URLSearchParams, body: Json): Promise<Json> => {
    if (method === 'POST' && pathname === '/v1/customers') {
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        email: str(body.email),
        name: str(body.name),
        metadata: asRecord(body.metadata),
        created: now(),
      };
      state.customers[customer.id] = customer;
      save();
      return customer;
    }
    const customerMatch = pathname.match(/^\/v1\/customers\/([\w-]+)$/);
    if (method === 'GET' && customerMatch && state.deletedCustomers.includes(customerMatch[1] ?? '')) {
      return { id: customerMatch[1] ?? '', object: 'customer', deleted: true };
    }
    if (method === 'GET' && customerMatch) return customerOf(customerMatch[1]);
    if (method === 'DELETE' && customerMatch) {
      const customer = customerOf(customerMatch[1]);
      // As Stripe does: deleting a customer cancels her subscriptions at once (invoices stay).
      for (const subscription of Object.values(state.subscriptions)) {
        if (subscription.customer === customer.id && subscription.status !== 'canceled') {
          await setSubscriptionStatus(subscription, 'canceled');
        }
      }
      delete state.customers[customer.id];
      state.deletedCustomers.push(customer.id);
      save();
      return { id: customer.id, object: 'customer', deleted: true };
    }
    if (method === 'GET' && pathname === '/v1/subscriptions') {
      const customer = query.get('customer');
      const status = query.get('status');
      const items = Object.values(state.subscriptions).filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
      );
      return list(items, query, '/v1/subscriptions');
    }
    const m1 = pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (method === 'GET' && m1) {
      const subscription = state.subscriptions[m1[1] as string];
      if (!subscription) throw missing('subscription', String(m1[1]));
      return subscription;
    }
    if (method === 'GET' && pathname === '/v1/invoices') {
      const customer = query.get('customer');
      const status = query.get('status');
      const items = Object.values(state.invoices).filter(
        (i) => (!customer || i.customer === customer) && (!status || i.status === status),
      );
      return list(items, query, '/v1/invoices');
    }
    const m2 = pathname.match(/^\/v1\/invoices\/([\w-]+)$/);
    if (method === 'GET' && m2) {
      const invoice = state.invoices[m2[1] as string];
      if (!invoice) throw missing('invoice', String(m2[1]));
      return invoice;
    }
    const m3 = pathname.match(/^\/v1\/invoices\/([\w-]+)\/pay$/);
    if (method === 'POST' && m3) {
      const invoice = state.invoices[m3[1] as string];
      if (!invoice) throw missing('invoice', String(m3[1]));
      return payInvoice(invoice);
    }
    const pm = pathname.match(/^\/v1\/payment_methods\/([\w-]+)$/);
    if (method === 'GET' && pm) {
      const id = pm[1] as string;
      const known = TEST_PAYMENT_METHODS[id as TestPaymentMethod];
      if (!known) throw missing('PaymentMethod', id, 'payment_method');
      return { id, object: 'payment_method', type: 'card', card: { brand: known.brand, last4: known.last4 } };
    }
    if (method === 'POST' && pathname === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        throw invalid('Amount must be at least $0.50 usd', 'amount');
      }
      const currency = str(body.currency);
      if (!currency) throw invalid('Missing required param: currency.', 'currency');
      const customer = str(body.customer);
      if (customer) customerOf(customer);
      const id = newId('pi');
      const intent: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency,
        customer,
        payment_method: str(body.payment_method),
        status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: asRecord(body.metadata),
        created: now(),
        next_action: null,
        last_payment_error: null,
      };
      state.paymentIntents[id] = intent;
      save();
      if (body.confirm === 'true') await confirmIntent(intent, intent.payment_method);
      return intent;
    }
    const m4 = pathname.match(/^\/v1\/payment_intents\/([\w-]+)(\/confirm)?$/);
    if (m4) {
      const intent = state.paymentIntents[m4[1] as string];
      if (!intent) throw missing('payment_intent', String(m4[1]));
      if (method === 'GET' && !m4[2]) return intent;
      if (method === 'POST' && m4[2]) {
        if (intent.status === 'succeeded') {
          throw invalid('You cannot confirm this PaymentIntent because it has already succeeded.');
        }
        await confirmIntent(intent, str(body.payment_method));
        return intent;
      }
    }
    if (method === 'POST' && pathname === '/v1/billing_portal/sessions') {
      const customer = customerOf(body.customer);
      const id = newId('bps');
      const session: PortalSession = {
        id,
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: str(body.return_url),
        url: `${ctx.baseUrl}/portal/${id}`,
        created: now(),
      };
      state.portalSessions[id] = session;
      save();
      return session;
    }
    // Control calls (seed, tests): JSON bodies.
    if (method === 'POST' && pathname === '/_stand-in/subscriptions') {
      const customer = customerOf(body.customer);
      const subscription: Subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: customer.id,
        status: 'active',
        created: Number(body.created) || now(),
        metadata: asRecord(body.metadata),
        latest_invoice: null,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              quantity: 1,
              price: {
                id: 'price_stand_in_membership',
                object: 'price',
                unit_amount: Number(body.amount) || 9700,
                currency: 'usd',
                recurring: { interval: 'month', interval_count: 1 },
              },
            },
          ],
        },
      };
      state.subscriptions[subscription.id] = subscription;
      save();
      const silent = body.sendEvent === false;
      if (!silent) await sendEvent('customer.subscription.created', subscription);
      await setSubscriptionStatus(subscription, str(body.status) ?? 'active', silent);
      return subscription;
    }
    const m5 = pathname.match(/^\/_stand-in\/subscriptions\/([\w-]+)$/);
    if (method === 'POST' && m5) {
      const subscription = state.subscriptions[m5[1] as string];
      if (!subscription) throw missing('subscription', String(m5[1]));
      await setSubscriptionStatus(subscription, str(body.status) ?? subscription.status, body.sendEvent === false);
      return subscription;
    }
    if (method === 'GET' && pathname === '/_stand-in/state') return state as unknown as Json;
    // The next answer to `path` (e.g. /v1/subscriptions) is computed at once and sent `ms` later.
    if (method === 'POST' && pathname === '/_stand-in/slow') {
      slowAnswers.push({ path: String(body.path), ms: Number(body.ms) || 0 });
      return { ok: true };
    }
    if (method === 'GET' && pathname === '/_stand-in/answered') return { answered: [...answered] };
    // The events sent about an object, delivered again with their own ids (POST {objectId}).
    if (method === 'POST' && pathname === '/_stand-in/redeliver') {
      return { redelivered: await ctx.redeliver(String(body.objectId ?? '')) };
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${pathname}).`,
    });
  };
  return api;
}

/** The 3-D Secure page's answer (Complete or Fail), sent by the browser stand-in. */
async function authenticateFromBrowser(ctx: StandInContext, id: string, body: Json): Promise<Json> {
  const { state, save, sendEvent } = ctx;

  const intent = state.paymentIntents[id];
  if (!intent || intent.client_secret !== body.client_secret) throw missing('payment_intent', id);
  if (intent.status !== 'requires_action') return intent;
  if (body.outcome === 'complete') {
    intent.status = 'succeeded';
    intent.next_action = null;
    save();
    await sendEvent('payment_intent.succeeded', intent);
  } else {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
    intent.payment_method = null;
    save();
    await sendEvent('payment_intent.payment_failed', intent);
  }
  return intent;
}

/** The stand-in customer portal: the person's subscriptions and open invoices, each with a Pay button. */
function portalPage(state: State, session: PortalSession, note: string | null): string {
  const customer = state.customers[session.customer];
  const subscriptions = Object.values(state.subscriptions).filter((s) => s.customer === session.customer);
  const invoices = Object.values(state.invoices).filter((i) => i.customer === session.customer && i.status === 'open');
  const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal (Stripe stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#635bff;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
li{margin:.5rem 0}.note{background:#e7f6ec;padding:.75rem;border-radius:6px}</style></head><body>
<main><h1>Billing portal</h1><p>Stripe stand-in for ${html(customer?.email ?? session.customer)}</p>
${note ? `<p class="note" role="status">${html(note)}</p>` : ''}
<h2>Subscriptions</h2><ul>${subscriptions.map((s) => `<li>Subscription ${html(s.id)}: <strong>${html(s.status)}</strong></li>`).join('') || '<li>No subscription</li>'}</ul>
<h2>Open invoices</h2>${
    invoices.length === 0
      ? '<p>No open invoices.</p>'
      : `<ul>${invoices
          .map(
            (i) =>
              `<li>Invoice ${html(i.id)}: ${money(i.amount_remaining, i.currency)} <form method="post" action="/portal/${html(session.id)}/pay/${html(i.id)}" style="display:inline"><button type="submit">Pay invoice</button></form></li>`,
          )
          .join('')}</ul>`
  }
${session.return_url ? `<p><a class="button" href="${html(session.return_url)}">Return to Rainmakers</a></p>` : ''}
</main></body></html>`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'GET, POST',
};

/** Every request: the browser script, the browser's calls, the portal, then the API (key, idempotency, slow answers). */
function createHandler(ctx: StandInContext, objects: Objects) {
  const { state, save, running, slowAnswers, answered } = ctx;
  const { payInvoice } = objects;
  const api = createApi(ctx, objects);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.baseUrl);
    const method = req.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(req) : '';
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    const body: Json = raw ? (isJson ? (JSON.parse(raw) as Json) : parseStripeForm(raw)) : {};

    if (method === 'GET' && url.pathname === '/v3/stand-in.js') {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
      });
      res.end(browserScript(ctx.baseUrl));
      return;
    }
    if (url.pathname.startsWith('/browser/')) {
      if (method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const match = url.pathname.match(/^\/browser\/payment_intents\/([\w-]+)(\/authenticate)?$/);
      try {
        if (!match) throw missing('route', url.pathname);
        const id = match[1] as string;
        if (method === 'POST' && match[2]) return send(res, 200, await authenticateFromBrowser(ctx, id, body), cors);
        const intent = state.paymentIntents[id];
        if (!intent || intent.client_secret !== url.searchParams.get('client_secret')) {
          throw missing('payment_intent', id);
        }
        return send(res, 200, intent, cors);
      } catch (error) {
        if (error instanceof StripeError) return send(res, error.status, { error: error.body }, cors);
        throw error;
      }
    }
    const portal = url.pathname.match(/^\/portal\/([\w-]+)(?:\/pay\/([\w-]+))?$/);
    if (portal) {
      const session = state.portalSessions[portal[1] as string];
      if (!session || now() - session.created > 3600) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Expired</title><p>This portal session has expired.</p>');
        return;
      }
      if (method === 'POST' && portal[2]) {
        const invoice = state.invoices[portal[2]];
        if (invoice && invoice.customer === session.customer && invoice.status === 'open') await payInvoice(invoice);
        res.writeHead(303, { location: `/portal/${session.id}?paid=1` });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(portalPage(state, session, url.searchParams.get('paid') ? 'Invoice paid. Thank you!' : null));
      return;
    }

    if (url.pathname.startsWith('/v1/')) {
      const auth = req.headers.authorization ?? '';
      if (!/^Bearer sk_test_\w+/.test(auth)) {
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const idempotencyKey = typeof key === 'string' && key ? `${url.pathname}:${key}` : null;
    if (idempotencyKey && state.idempotency[idempotencyKey]) {
      const kept = state.idempotency[idempotencyKey];
      return send(res, kept.status, kept.body, { 'idempotent-replayed': 'true' });
    }
    // Like Stripe: a second request with a key whose first request is still running gets a 409 (the SDK retries).
    if (idempotencyKey && running.has(idempotencyKey)) {
      return send(res, 409, {
        error: {
          type: 'idempotency_error',
          message: 'There is currently another in-progress request using this Idempotency Key. Retry later.',
        },
      });
    }
    if (idempotencyKey) running.add(idempotencyKey);
    let status = 200;
    let answer: Json;
    try {
      answer = await api(method, url.pathname, url.searchParams, body);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      answer = { error: error.body };
    } finally {
      if (idempotencyKey) running.delete(idempotencyKey);
    }
    // Stripe keeps the answer of a key that reached the API (not a 5xx): a repeat gets the same one.
    if (idempotencyKey && status < 500) {
      state.idempotency[idempotencyKey] = { status, body: structuredClone(answer) };
      save();
    }
    // A slow network, on request of a test: the answer as it was when asked, sent later.
    const slow = url.pathname.startsWith('/v1/') ? slowAnswers.findIndex((s) => s.path === url.pathname) : -1;
    if (slow >= 0) {
      const [{ ms }] = slowAnswers.splice(slow, 1) as [{ path: string; ms: number }];
      const frozen = JSON.stringify(answer);
      answered.push(`${method} ${url.pathname}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(frozen);
      return;
    }
    answered.push(`${method} ${url.pathname}`);
    send(res, status, answer);
  }
  return handle;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const host = options.host ?? '127.0.0.1';
  const state = await loadState(options.stateFile);
  const saver = createSaver(state, options.stateFile);
  const newId = (prefix: string) => {
    state.seq += 1;
    return `${prefix}_${state.seq.toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  };
  const webhooks = createWebhooks(options, newId);
  const ctx: StandInContext = {
    state,
    save: saver.save,
    newId,
    sendEvent: webhooks.sendEvent,
    redeliver: webhooks.redeliver,
    baseUrl: '',
    running: new Set<string>(),
    slowAnswers: [],
    answered: [],
  };
  const handle = createHandler(ctx, createObjects(ctx));
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://${host}:${port}`;
  ctx.baseUrl = options.publicUrl?.replace(/\/+$/, '') || baseUrl;

  return {
    url: baseUrl,
    host,
    port,
    scriptUrl: `${ctx.baseUrl}/v3/stand-in.js`,
    webhookSecret: options.webhookSecret,
    deliveries: webhooks.deliveries,
    setWebhookUrl: webhooks.setUrl,
    settled: async () => {
      await webhooks.settled();
      await saver.saved();
    },
    stop: async () => {
      server.closeAllConnections();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await webhooks.stop();
      await closed;
      await saver.saved();
    },
  };
}

/**
 * The browser stand-in for Stripe.js: `window.Stripe(publishableKey)` with elements() / create('card') (three plain
 * inputs: number, expiry, CVC), createPaymentMethod (card numbers of Stripe's test cards become their test payment
 * method ids), handleNextAction / confirmCardPayment (a 3-D Secure dialog with Complete and Fail), and
 * retrievePaymentIntent. Plain ES2017, no dependencies.
 */
export function browserScript(baseUrl: string): string {
  return `(() => {
  'use strict';
  if (window.Stripe) return;
  const BASE = ${JSON.stringify(baseUrl)};
  const CARDS = {
    '4242424242424242': 'pm_card_visa', '5555555555554444': 'pm_card_mastercard',
    '4000000000000002': 'pm_card_chargeDeclined', '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
    '4000002760003184': 'pm_card_threeDSecure2Required', '4000000000003220': 'pm_card_threeDSecure2Required',
  };
  const luhn = (n) => { let sum = 0; for (let i = 0; i < n.length; i++) { let d = Number(n[n.length - 1 - i]); if (i % 2) { d *= 2; if (d > 9) d -= 9; } sum += d; } return sum % 10 === 0; };
  const validation = (code, message) => ({ type: 'validation_error', code, message });
  function check(number, expiry, cvc) {
    const n = number.replace(/\\s+/g, '');
    if (!n && !expiry && !cvc) return { empty: true, complete: false, error: undefined };
    if (n.length < 15) return { empty: false, complete: false, error: n.length && /\\D/.test(n) ? validation('invalid_number', 'Your card number is invalid.') : undefined, incomplete: validation('incomplete_number', 'Your card number is incomplete.') };
    if (/\\D/.test(n) || !luhn(n)) return { empty: false, complete: false, error: validation('invalid_number', 'Your card number is invalid.') };
    const m = expiry.replace(/\\s/g, '').match(/^(\\d{2})\\/?(\\d{2})$/);
    if (!m) return { empty: false, complete: false, incomplete: validation('incomplete_expiry', "Your card's expiration date is incomplete.") };
    const month = Number(m[1]); const year = 2000 + Number(m[2]); const d = new Date();
    if (month < 1 || month > 12) return { empty: false, complete: false, error: validation('invalid_expiry_month', "Your card's expiration month is invalid.") };
    if (year < d.getFullYear() || (year === d.getFullYear() && month < d.getMonth() + 1)) return { empty: false, complete: false, error: validation('invalid_expiry_year_past', "Your card's expiration year is in the past.") };
    if (!/^\\d{3,4}$/.test(cvc)) return { empty: false, complete: false, incomplete: validation('incomplete_cvc', "Your card's security code is incomplete.") };
    return { empty: false, complete: true, error: undefined, pm: CARDS[n] || 'pm_card_visa', last4: n.slice(-4) };
  }
  function CardElement(options) {
    this.options = options || {}; this.handlers = {}; this.node = null; this.inputs = null;
  }
  CardElement.prototype.on = function (event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this; };
  CardElement.prototype.off = function (event, handler) { this.handlers[event] = (this.handlers[event] || []).filter((h) => h !== handler); return this; };
  CardElement.prototype.once = function (event, handler) { const self = this; const h = function (e) { self.off(event, h); handler(e); }; return this.on(event, h); };
  CardElement.prototype.emit = function (event, payload) { (this.handlers[event] || []).slice().forEach((h) => h(payload)); };
  CardElement.prototype.update = function (options) { Object.assign(this.options, options || {}); };
  CardElement.prototype.state = function () { const i = this.inputs; return check(i.number.value, i.expiry.value, i.cvc.value); };
  CardElement.prototype.mount = function (target) {
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    const box = document.createElement('div');
    box.setAttribute('data-stripe-stand-in', 'card');
    box.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap;font:inherit';
    const make = (name, label, placeholder, width, autocomplete) => {
      const input = document.createElement('input');
      input.name = name; input.placeholder = placeholder; input.setAttribute('aria-label', label);
      input.inputMode = 'numeric'; input.autocomplete = autocomplete;
      input.style.cssText = 'flex:' + width + ' 1 ' + (name === 'cardnumber' ? '12em' : '0') + ';min-width:' + (name === 'cardnumber' ? '12em' : '4em') + ';border:0;outline:0;background:transparent;font:inherit;color:inherit;padding:2px 0';
      box.appendChild(input); return input;
    };
    this.inputs = { number: make('cardnumber', 'Card number', '1234 1234 1234 1234', 4, 'cc-number'), expiry: make('exp-date', 'Expiration date MM / YY', 'MM / YY', 1.4, 'cc-exp'), cvc: make('cvc', 'CVC', 'CVC', 1, 'cc-csc') };
    const self = this;
    Object.values(this.inputs).forEach((input) => {
      input.addEventListener('input', () => { const s = self.state(); self.emit('change', { elementType: 'card', empty: s.empty, complete: s.complete, error: s.error, brand: 'unknown', value: {} }); });
      input.addEventListener('focus', () => self.emit('focus', { elementType: 'card' }));
      input.addEventListener('blur', () => self.emit('blur', { elementType: 'card' }));
    });
    node.appendChild(box); this.node = box;
    setTimeout(() => self.emit('ready', { elementType: 'card' }), 0);
  };
  CardElement.prototype.unmount = function () { if (this.node) this.node.remove(); this.node = null; };
  CardElement.prototype.destroy = function () { this.unmount(); this.handlers = {}; };
  CardElement.prototype.focus = function () { if (this.inputs) this.inputs.number.focus(); };
  CardElement.prototype.blur = function () {};
  CardElement.prototype.clear = function () { if (this.inputs) Object.values(this.inputs).forEach((i) => { i.value = ''; }); };
  function Elements() { this.byType = {}; }
  Elements.prototype.create = function (type, options) { const e = new CardElement(options); this.byType[type] = e; return e; };
  Elements.prototype.getElement = function (type) { return this.byType[typeof type === 'string' ? type : 'card'] || null; };
  Elements.prototype.update = function () {};
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () { return Promise.resolve({}); };
  const intentId = (secret) => String(secret || '').split('_secret_')[0];
  const json = (response) => response.json().then((body) => (response.ok ? body : Promise.reject(body.error || body)));
  function authenticate(clientSecret) {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog'); overlay.setAttribute('aria-modal', 'true'); overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      overlay.innerHTML = '<div style="background:#fff;color:#1a1a1a;padding:24px;border-radius:8px;max-width:22rem;font-family:system-ui,sans-serif"><h2 style="margin-top:0">3D Secure 2 Test Page</h2><p>Stripe stand-in: complete or fail the authentication of this payment.</p><button type="button" data-outcome="complete" style="margin-right:8px">Complete authentication</button><button type="button" data-outcome="fail">Fail authentication</button></div>';
      overlay.querySelectorAll('button').forEach((button) => button.addEventListener('click', () => {
        overlay.remove();
        fetch(BASE + '/browser/payment_intents/' + intentId(clientSecret) + '/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret, outcome: button.getAttribute('data-outcome') }) })
          .then(json)
          .then((intent) => resolve(intent.status === 'succeeded' ? { paymentIntent: intent } : { error: Object.assign({}, intent.last_payment_error, { payment_intent: intent }) }))
          .catch((error) => resolve({ error: { type: 'api_connection_error', message: error.message || 'Network error' } }));
      }));
      document.body.appendChild(overlay);
      const first = overlay.querySelector('button'); if (first) first.focus();
    });
  }
  function retrieve(clientSecret) {
    return fetch(BASE + '/browser/payment_intents/' + intentId(clientSecret) + '?client_secret=' + encodeURIComponent(clientSecret)).then(json);
  }
  function StripeStandIn(key) {
    if (!(this instanceof StripeStandIn)) return new StripeStandIn(key);
    if (!key) throw new Error('Please call Stripe() with your publishable key.');
    this.key = key;
  }
  StripeStandIn.prototype.elements = function () { return new Elements(); };
  StripeStandIn.prototype._registerWrapper = function () {};
  StripeStandIn.prototype.registerAppInfo = function () {};
  StripeStandIn.prototype.createPaymentMethod = function (params) {
    const element = params && (params.card || params.element);
    if (!element || !element.inputs) return Promise.resolve({ error: validation('incomplete_number', 'Your card number is incomplete.') });
    const s = element.state();
    if (!s.complete) return Promise.resolve({ error: s.error || s.incomplete || validation('incomplete_number', 'Your card number is incomplete.') });
    return Promise.resolve({ paymentMethod: { id: s.pm, object: 'payment_method', type: 'card', card: { last4: s.last4 } } });
  };
  StripeStandIn.prototype.createToken = function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Tokens are not supported by the stand-in.' } }); };
  StripeStandIn.prototype.handleNextAction = function (params) {
    const secret = params && params.clientSecret;
    return retrieve(secret).then((intent) => (intent.status === 'requires_action' ? authenticate(secret) : { paymentIntent: intent })).catch((error) => ({ error }));
  };
  StripeStandIn.prototype.handleCardAction = StripeStandIn.prototype.handleNextAction;
  StripeStandIn.prototype.confirmCardPayment = function (clientSecret) { return this.handleNextAction({ clientSecret }); };
  StripeStandIn.prototype.retrievePaymentIntent = function (clientSecret) { return retrieve(clientSecret).then((paymentIntent) => ({ paymentIntent })).catch((error) => ({ error })); };
  window.Stripe = StripeStandIn;
  window.Stripe.version = 3;
})();
`;
}

// Run alone: `node --import tsx scripts/lib/stripe-stand-in.ts`, or compiled (scripts/build-services.mjs stand-ins, as
// docker-compose runs it): STRIPE_STAND_IN_PORT (4191), STRIPE_STAND_IN_HOST (127.0.0.1), STRIPE_STAND_IN_PUBLIC_URL,
// STRIPE_STAND_IN_STATE_FILE, STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET (the one billing checks signatures with).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const env = process.env;
  startStripeStandIn({
    port: Number(env.STRIPE_STAND_IN_PORT ?? 4191),
    host: env.STRIPE_STAND_IN_HOST || undefined,
    publicUrl: env.STRIPE_STAND_IN_PUBLIC_URL || undefined,
    stateFile: env.STRIPE_STAND_IN_STATE_FILE || undefined,
    webhookUrl: env.STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/stripe/webhook',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
  }).then((s) => {
    console.log(`Stripe stand-in on ${s.url}, Stripe.js at ${s.scriptUrl}`);
    // In a container it is process 1, which Node does not stop on SIGTERM by default.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void s.stop().then(() => process.exit(0)));
    }
  });
}
