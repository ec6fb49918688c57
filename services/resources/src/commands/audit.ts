/**
 * Staff actions of the resources service in the users service's audit log: resources, categories and
 * dashboard banners created, edited or deleted, published as audit.recorded through the outbox (users writes the
 * entry). The subject's name is captured here, when the action happens.
 */
import { type AuditSubjectType, type RecordedAuditAction, staffAction } from '@rainmakers/contracts';
import { type EventNudger, withEvents } from '@rainmakers/kit';
import type { BannerRecord } from '../store/banners';
import type { ResourcesDb } from '../store/db';
import type { ResourceRecord } from '../store/resources';

export interface AuditDeps {
  db: ResourcesDb;
  events: EventNudger | null;
}

export async function recordStaffAction(
  deps: AuditDeps,
  actor: { userId: number; impersonatorId?: number | null },
  action: RecordedAuditAction,
  subject: { type: AuditSubjectType; id: number | string; name: string | null },
  changes: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } = {},
): Promise<void> {
  await withEvents(deps.db, deps.events, async (_trx, { publish }) => {
    await publish('audit.recorded', staffAction(actor, action, subject, changes));
  });
}

/** What the log keeps of a resource (the fields an admin edits). */
export const resourceSnapshot = (r: ResourceRecord) => ({
  title: r.title,
  description: r.description,
  type: r.type,
  visibility: r.visibility,
  url: r.url,
  price: r.price,
  hidden: r.hidden,
  categories: r.categories.map((c) => c.name),
  requiredTags: r.tags.map((t) => t.name),
});

/** What the log keeps of a banner. */
export const bannerSnapshot = (b: BannerRecord) => ({
  title: b.title,
  content: b.content,
  videoUrl: b.videoUrl,
  buttonText: b.buttonText,
  buttonUrl: b.buttonUrl,
  averageShippingRate: b.averageShippingRate,
});

const BANNER_LABELS: Record<string, string> = { basic: 'Basic', premium: 'Premium', 'course only': 'Course only' };

/** "Premium banner: Welcome back". */
export const bannerName = (type: string, title: string | null) =>
  `${BANNER_LABELS[type] ?? type} banner${title ? `: ${title}` : ''}`;
