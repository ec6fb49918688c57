import { describe, expect, it } from '@jest/globals';
import { unwrapParagraphs } from './courses';

describe('unwrapParagraphs', () => {
  it('joins the lines of a paragraph and of a list item, and leaves blocks alone', () => {
    const source = [
      '## Title',
      '',
      'With **FBA** you send inventory; Amazon ships every',
      'order, and handles returns.',
      '',
      '- a list item that goes on',
      '  over two lines',
      '- second item',
      '',
      '| a | b |',
      '|---|---|',
      '',
      '```',
      'code line one',
      'code line two',
      '```',
    ].join('\n');
    expect(unwrapParagraphs(source)).toBe(
      [
        '## Title',
        '',
        'With **FBA** you send inventory; Amazon ships every order, and handles returns.',
        '',
        '- a list item that goes on over two lines',
        '- second item',
        '',
        '| a | b |',
        '|---|---|',
        '',
        '```',
        'code line one',
        'code line two',
        '```',
      ].join('\n'),
    );
  });
});
