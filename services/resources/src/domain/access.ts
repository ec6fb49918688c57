/**
 * Who sees and who may open a resource (spec part 2 §6 "Resource access", §1 roles). Pure rules; the list query
 * (store/resources.ts `visibleTo`) mirrors them in SQL, and the service tests hold the two together.
 *
 * - admin (actor.role === 'admin', so an admin previewing as another role gets that role's view) sees and opens
 *   everything, hidden and scheduled resources included;
 * - everyone else never sees a hidden resource, nor one whose publishedAt lies in the future;
 * - a person who bought the resource, or holds ANY of its required tags, sees and opens it;
 * - Free: everyone sees and opens it;
 * - For Sale (Paid Upgrade): everyone sees it in the marketplace; only buyers and tag holders open it;
 * - For Sale Premium (Paid Upgrade Premium): premium and coach see it; only buyers and tag holders open it;
 * - Included with Premium: premium and coach see and open it; course only members see and open the Course-type
 *   ones ("course only: course resources"); basic members do not see it.
 */
import type { ResourceType, ResourceVisibility, Role } from '@rainmakers/contracts';

export interface ResourceViewer {
  role: Role;
  tagIds: readonly number[];
}

export interface GatedResource {
  type: ResourceType;
  visibility: ResourceVisibility;
  hidden: boolean;
  publishedAt: Date | null;
  /** Ids of the required tags. */
  tagIds: readonly number[];
}

export const isAdminViewer = (viewer: ResourceViewer) => viewer.role === 'admin';
const isPremiumLevel = (role: Role) => role === 'premium' || role === 'coach';

export const holdsRequiredTag = (viewer: ResourceViewer, resource: GatedResource) =>
  resource.tagIds.some((id) => viewer.tagIds.includes(id));

export const isPublished = (resource: GatedResource, now: Date) =>
  !resource.hidden && (resource.publishedAt === null || resource.publishedAt.getTime() <= now.getTime());

/** Whether the role alone opens a resource of this visibility and type (purchases and tags aside). */
function roleOpens(role: Role, resource: GatedResource): boolean {
  switch (resource.visibility) {
    case 'Free':
      return true;
    case 'Included with Premium':
      return isPremiumLevel(role) || (role === 'course only' && resource.type === 'Course');
    case 'For Sale':
    case 'For Sale Premium':
      return false;
  }
}

/** Whether the role alone lists a resource of this visibility and type. */
function roleSees(role: Role, resource: GatedResource): boolean {
  if (resource.visibility === 'For Sale') return true;
  if (resource.visibility === 'For Sale Premium') return isPremiumLevel(role);
  return roleOpens(role, resource);
}

export function canOpenResource(
  viewer: ResourceViewer,
  resource: GatedResource,
  purchased: boolean,
  now = new Date(),
): boolean {
  if (isAdminViewer(viewer)) return true;
  if (!isPublished(resource, now)) return false;
  return purchased || holdsRequiredTag(viewer, resource) || roleOpens(viewer.role, resource);
}

export function canSeeResource(
  viewer: ResourceViewer,
  resource: GatedResource,
  purchased: boolean,
  now = new Date(),
): boolean {
  if (isAdminViewer(viewer)) return true;
  if (!isPublished(resource, now)) return false;
  return purchased || holdsRequiredTag(viewer, resource) || roleSees(viewer.role, resource);
}
