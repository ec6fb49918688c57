import { describe, expect, it } from '@jest/globals';
import {
  courseSlugOf,
  descriptionPreview,
  embedUrlOf,
  type OpenableResource,
  openActionOf,
  parseAddress,
  toAddress,
} from './rules';

describe('address', () => {
  it('reads id, repeated categories and type; drops what is malformed', () => {
    expect(parseAddress(new URLSearchParams('id=7&categories=1&categories=2&type=marketplace'))).toEqual({
      id: 7,
      categories: [1, 2],
      type: 'marketplace',
    });
    expect(parseAddress(new URLSearchParams('id=x&categories=a&categories=3,3&type=bogus'))).toEqual({
      id: null,
      categories: [3],
      type: 'all',
    });
  });
  it('writes the defaults out and repeats categories', () => {
    expect(toAddress({ id: null, categories: [], type: 'all' })).toBe('');
    expect(toAddress({ id: null, categories: [1, 2], type: 'my-purchases' })).toBe(
      '?categories=1&categories=2&type=my-purchases',
    );
    expect(toAddress({ id: 4, categories: [], type: 'all' })).toBe('?id=4');
  });
});

describe('descriptionPreview', () => {
  it('cuts at 80 characters', () => {
    expect(descriptionPreview('short')).toEqual({ text: 'short', cut: false });
    expect(descriptionPreview('x'.repeat(80))).toEqual({ text: 'x'.repeat(80), cut: false });
    const long = descriptionPreview('y'.repeat(81));
    expect(long).toEqual({ text: `${'y'.repeat(80)}…`, cut: true });
  });
});

const base: OpenableResource = {
  id: 1,
  title: 'Wholesale Bootcamp',
  type: 'Link',
  visibility: 'Free',
  accessible: true,
  url: 'https://example.com',
  purchaseUrl: null,
};

describe('openActionOf', () => {
  it('opens links in a new tab, articles and videos in the reader, courses at the course', () => {
    expect(openActionOf(base)).toEqual({ kind: 'new-tab', url: 'https://example.com' });
    expect(openActionOf({ ...base, type: 'Article' })).toEqual({ kind: 'reader' });
    expect(openActionOf({ ...base, type: 'Video' })).toEqual({ kind: 'reader' });
    expect(openActionOf({ ...base, type: 'Course', url: null })).toEqual({
      kind: 'course',
      path: '/courses/wholesale-bootcamp',
    });
  });
  it('sends inaccessible paid upgrades to the purchase URL, else the purchase dialog', () => {
    const locked = { ...base, visibility: 'For Sale' as const, accessible: false, url: null };
    expect(openActionOf({ ...locked, purchaseUrl: 'https://shop.example.com' })).toEqual({
      kind: 'purchase-url',
      url: 'https://shop.example.com',
    });
    expect(openActionOf(locked)).toEqual({ kind: 'purchase-dialog' });
    expect(openActionOf({ ...locked, visibility: 'For Sale Premium' })).toEqual({ kind: 'purchase-dialog' });
  });
});

describe('courseSlugOf', () => {
  it('takes the slug from a course address, else from the title', () => {
    expect(courseSlugOf({ title: 'X', url: '/courses/ppc-advertising-fundamentals' })).toBe(
      'ppc-advertising-fundamentals',
    );
    expect(courseSlugOf({ title: 'X', url: 'https://app.example.com/courses/abc/12/3' })).toBe('abc');
    expect(courseSlugOf({ title: 'Brand Building & Storefronts', url: null })).toBe('brand-building-and-storefronts');
    expect(courseSlugOf({ title: 'Plain', url: 'https://elsewhere.example.com/page' })).toBe('plain');
  });
});

describe('embedUrlOf', () => {
  it('turns YouTube and Vimeo pages into player addresses', () => {
    expect(embedUrlOf('https://www.youtube.com/watch?v=abc')).toBe('https://www.youtube.com/embed/abc');
    expect(embedUrlOf('https://youtu.be/abc')).toBe('https://www.youtube.com/embed/abc');
    expect(embedUrlOf('https://vimeo.com/123')).toBe('https://player.vimeo.com/video/123');
    expect(embedUrlOf('https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1');
    expect(embedUrlOf('https://example.com/video.mp4')).toBeNull();
  });
});
