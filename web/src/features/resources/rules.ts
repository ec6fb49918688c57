/**
 * The resources screen's rules as pure functions (spec part 2 "Resources screen", §4, §9): the address query, the
 * card preview, and what opening a resource does.
 */
import {
  isForSaleVisibility,
  RESOURCE_DESCRIPTION_PREVIEW,
  RESOURCE_LIST_TYPES,
  type ResourceListType,
  type ResourceType,
  type ResourceVisibility,
} from '@rainmakers/contracts/resources-constants';
import { slugify } from '../../components/options';

export interface AddressState {
  /** A single resource (the article reader), or null for the grid. */
  id: number | null;
  categories: number[];
  type: ResourceListType;
}

const positiveInt = (value: string | null): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
};

/** `?id=&categories=1&categories=2&type=marketplace`; unknown or malformed values fall back to the defaults. */
export function parseAddress(params: URLSearchParams): AddressState {
  const type = params.get('type');
  const categories = params
    .getAll('categories')
    .flatMap((v) => v.split(','))
    .map(positiveInt)
    .filter((n): n is number => n !== null);
  return {
    id: positiveInt(params.get('id')),
    categories: [...new Set(categories)],
    type: (RESOURCE_LIST_TYPES as readonly string[]).includes(type ?? '') ? (type as ResourceListType) : 'all',
  };
}

/** The query string for a state: defaults left out, categories repeated. */
export function toAddress(state: AddressState): string {
  const params = new URLSearchParams();
  if (state.id !== null) params.set('id', String(state.id));
  for (const id of state.categories) params.append('categories', String(id));
  if (state.type !== 'all') params.set('type', state.type);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A card's description: cut at 80 characters (then Read More), whole otherwise. */
export function descriptionPreview(description: string, limit = RESOURCE_DESCRIPTION_PREVIEW) {
  const text = description.trim();
  if (text.length <= limit) return { text, cut: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, cut: true };
}

export interface OpenableResource {
  id: number;
  title: string;
  type: ResourceType;
  visibility: ResourceVisibility;
  accessible: boolean;
  url: string | null;
  purchaseUrl: string | null;
}

export type OpenAction =
  | { kind: 'new-tab'; url: string }
  | { kind: 'reader' }
  | { kind: 'course'; path: string }
  | { kind: 'purchase-url'; url: string }
  | { kind: 'purchase-dialog' }
  | { kind: 'unavailable' };

/**
 * The course a Course resource opens (§4 leaves the match open): the course whose address its URL names
 * (`/courses/{slug}`, on this site or as a full address), else the course whose slug is the resource's title made
 * into a slug. The course page opens on its first lesson.
 */
export function courseSlugOf(resource: Pick<OpenableResource, 'title' | 'url'>): string {
  if (resource.url) {
    try {
      const path = new URL(resource.url, 'https://app.invalid').pathname;
      const match = /^\/courses?\/([a-z0-9-]+)\/?/.exec(path);
      if (match?.[1]) return match[1];
    } catch {
      // not an address: fall back to the title
    }
  }
  return slugify(resource.title);
}

/**
 * §4: an inaccessible For Sale resource opens its purchase URL when it has one, else the purchase dialog; an open
 * Link opens its url in a new tab, an Article or a Video the in-app reader, a Course the first lesson of its course.
 */
export function openActionOf(resource: OpenableResource): OpenAction {
  if (!resource.accessible) {
    if (!isForSaleVisibility(resource.visibility)) return { kind: 'unavailable' };
    return resource.purchaseUrl ? { kind: 'purchase-url', url: resource.purchaseUrl } : { kind: 'purchase-dialog' };
  }
  switch (resource.type) {
    case 'Link':
      return resource.url ? { kind: 'new-tab', url: resource.url } : { kind: 'unavailable' };
    case 'Article':
    case 'Video':
      return { kind: 'reader' };
    case 'Course':
      return { kind: 'course', path: `/courses/${courseSlugOf(resource)}` };
  }
}

/** A video address as an embeddable player address (YouTube and Vimeo pages become their embed addresses). */
export function embedUrlOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      if (parsed.pathname.startsWith('/embed/')) return `https://www.youtube.com${parsed.pathname}`;
      const v = parsed.searchParams.get('v');
      return v ? `https://www.youtube.com/embed/${encodeURIComponent(v)}` : null;
    }
    if (host === 'youtu.be') return `https://www.youtube.com/embed/${encodeURIComponent(parsed.pathname.slice(1))}`;
    if (host === 'player.vimeo.com') return `https://player.vimeo.com${parsed.pathname}`;
    if (host === 'vimeo.com' && /^\/\d+$/.test(parsed.pathname))
      return `https://player.vimeo.com/video${parsed.pathname}`;
    return null;
  } catch {
    return null;
  }
}
