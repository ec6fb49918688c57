/** Allow-lists of what each person gets to see of a resource, a category and a banner. */
import type { Actor, Banner, Resource, ResourceCategory } from '@rainmakers/contracts';
import { canOpenResourceContent, canSeeShippingRate, categoryAbilities, resourceAbilities } from './policies';
import type { BannerRecord } from './store/banners';
import type { Ref } from './store/db';
import type { ResourceRecord } from './store/resources';

export const gateOf = (record: ResourceRecord) => ({ ...record, tagIds: record.tags.map((t) => t.id) });

/**
 * A resource as `actor` sees it. The url and the article body go only to people who may open it (§6): a For Sale
 * resource's are never sent to anyone but admins, buyers and holders of one of its required tags. The body is
 * sent only when `withContent` (GET /api/resource/{id}); lists stay light.
 */
export function presentResource(
  actor: Actor,
  record: ResourceRecord,
  options: { purchased: boolean; withContent: boolean },
): Resource {
  const accessible = canOpenResourceContent(actor, gateOf(record), options.purchased);
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    coverPhotoUrl: record.coverPhotoUrl,
    type: record.type,
    visibility: record.visibility,
    content: accessible && options.withContent ? record.content : null,
    url: accessible ? record.url : null,
    purchaseUrl: record.purchaseUrl,
    price: record.price === null ? null : Number(record.price),
    publishedAt: record.publishedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    hidden: record.hidden,
    ResourceCategories: record.categories.map(presentRef),
    Tags: record.tags.map(presentRef),
    accessible,
    purchased: options.purchased,
    abilities: resourceAbilities(actor),
  };
}

export const presentRef = (ref: Ref): Ref => ({ id: ref.id, name: ref.name });

export const presentCategory = (actor: Actor, category: Ref): ResourceCategory => ({
  ...presentRef(category),
  abilities: categoryAbilities(actor),
});

export function presentBanner(actor: Actor, banner: BannerRecord): Banner {
  return {
    id: banner.id,
    title: banner.title,
    content: banner.content,
    video_url: banner.videoUrl,
    button_text: banner.buttonText,
    button_url: banner.buttonUrl,
    type: banner.type,
    average_shipping_rate:
      canSeeShippingRate(actor) && banner.averageShippingRate !== null ? Number(banner.averageShippingRate) : null,
  };
}
