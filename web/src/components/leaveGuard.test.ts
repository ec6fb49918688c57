import { describe, expect, it } from '@jest/globals';
import { inAppTarget } from './leaveGuard';

const here = { origin: 'https://app.example.com', pathname: '/site-content', search: '', hash: '' };
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
const anchor = (href: string, target = '', download = false) => ({
  href,
  target,
  hasAttribute: (name: string) => name === 'download' && download,
});

describe('inAppTarget', () => {
  it('holds a plain click on one of the app’s links to another page', () => {
    expect(inAppTarget(anchor('https://app.example.com/courses'), click, here)).toBe('/courses');
    expect(inAppTarget(anchor('/users?tab=2#top'), click, here)).toBe('/users?tab=2#top');
  });

  it('lets through what leaves the app, opens elsewhere or stays on the page', () => {
    expect(inAppTarget(anchor('https://support.example.com/'), click, here)).toBeNull();
    expect(inAppTarget(anchor('/courses', '_blank'), click, here)).toBeNull();
    expect(inAppTarget(anchor('/courses', '', true), click, here)).toBeNull();
    expect(inAppTarget(anchor('/courses'), { ...click, ctrlKey: true }, here)).toBeNull();
    expect(inAppTarget(anchor('/courses'), { ...click, button: 1 }, here)).toBeNull();
    expect(inAppTarget(anchor('/site-content'), click, here)).toBeNull();
  });
});
