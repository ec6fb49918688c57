/**
 * Who may do what in the resources service, one function per action. Routes call them after requireActor (every
 * /api call needs a signed-in person: 401 otherwise) and throw forbidden() when one says no; a resource the person
 * may not see answers exactly like a missing one (404). "Admin powers" follow actor.role === 'admin', so an admin
 * previewing the product as another role gets that role's view and no editing.
 */
import type { Actor, BannerType, ResourceAbilities } from '@rainmakers/contracts';
import { canOpenResource, canSeeResource, type GatedResource, type ResourceViewer } from './domain/access';

export const viewerOf = (actor: Actor): ResourceViewer => ({ role: actor.role, tagIds: actor.tagIds });
const isAdmin = (actor: Actor) => actor.role === 'admin';

/** Every signed-in person may upload images (avatars, lesson pictures, board attachments). */
export const canUploadImage = (_actor: Actor) => true;

// Resources: everyone lists; what they get follows domain/access.ts.
export const canListResources = (_actor: Actor) => true;
export const canViewResource = (actor: Actor, resource: GatedResource, purchased: boolean) =>
  canSeeResource(viewerOf(actor), resource, purchased);
/** Whether the url and the article body may be sent (a For Sale resource: admins, buyers, tag holders). */
export const canOpenResourceContent = (actor: Actor, resource: GatedResource, purchased: boolean) =>
  canOpenResource(viewerOf(actor), resource, purchased);
export const canUpsertResource = (actor: Actor) => isAdmin(actor);
export const canDeleteResource = (actor: Actor) => isAdmin(actor);

// Categories: everyone lists; admins add, edit and delete.
export const canListCategories = (_actor: Actor) => true;
export const canUpsertCategory = (actor: Actor) => isAdmin(actor);
export const canDeleteCategory = (actor: Actor) => isAdmin(actor);

// Dashboard banners.
/** The banner of a person's membership level: premium and coach the premium one (§6), course only its own. */
export function bannerTypeOf(actor: Actor): BannerType | null {
  switch (actor.role) {
    case 'admin':
      return null;
    case 'coach':
    case 'premium':
      return 'premium';
    case 'course only':
      return 'course only';
    case 'basic':
      return 'basic';
  }
}
/** Admins read every banner; everyone else the banner of their level. */
export const canReadBanner = (actor: Actor, type: BannerType) => isAdmin(actor) || bannerTypeOf(actor) === type;
/** "Premium and admin can see the average shipping rate where one is set" (§6): not coaches. */
export const canSeeShippingRate = (actor: Actor) => isAdmin(actor) || actor.role === 'premium';
export const canEditBanners = (actor: Actor) => isAdmin(actor);

// What the person may do with each record, sent as `abilities` by the presenters.
export const resourceAbilities = (actor: Actor): ResourceAbilities => ({
  edit: canUpsertResource(actor),
  delete: canDeleteResource(actor),
});
export const categoryAbilities = (actor: Actor): ResourceAbilities => ({
  edit: canUpsertCategory(actor),
  delete: canDeleteCategory(actor),
});

// Site content: every signed-in person reads it (videos and links of her screens); admins edit it.
export const canReadSiteContent = (_actor: Actor) => true;
export const canEditSiteContent = (actor: Actor) => isAdmin(actor);
/** Videos (site content, lesson videos) are made by admins. */
export const canUploadVideo = (actor: Actor) => isAdmin(actor);
