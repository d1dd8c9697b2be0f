import { describe, expect, it } from 'vitest';
import { isEmail } from './email.ts';
import { parseInline, parseRichText, validateComment, validateContact } from './content.ts';

describe('restricted Markdown', () => {
  it('parses paragraphs, ## subheadings, - bullets and **bold**', () => {
    const src =
      'First line\nsame paragraph.\n\n## A heading\n\n- one **bold** item\n- two\n\nLast with **b1** and **b2**.';
    expect(parseRichText(src)).toEqual([
      { type: 'paragraph', inlines: [{ bold: false, text: 'First line same paragraph.' }] },
      { type: 'heading', inlines: [{ bold: false, text: 'A heading' }] },
      {
        type: 'list',
        items: [
          [
            { bold: false, text: 'one ' },
            { bold: true, text: 'bold' },
            { bold: false, text: ' item' },
          ],
          [{ bold: false, text: 'two' }],
        ],
      },
      {
        type: 'paragraph',
        inlines: [
          { bold: false, text: 'Last with ' },
          { bold: true, text: 'b1' },
          { bold: false, text: ' and ' },
          { bold: true, text: 'b2' },
          { bold: false, text: '.' },
        ],
      },
    ]);
  });
  it('ends a list when a paragraph line follows, and starts one right after a paragraph line', () => {
    const blocks = parseRichText('Before:\n- a\n- b\nAfter');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list', 'paragraph']);
  });
  it('keeps HTML and other Markdown as plain text', () => {
    const inl = parseInline('<script>alert(1)</script> [link](http://x) *one* **');
    expect(inl).toEqual([
      { bold: false, text: '<script>alert(1)</script> [link](http://x) *one* **' },
    ]);
    expect(parseRichText('### not a heading')[0].type).toBe('paragraph');
  });
});

describe('validation', () => {
  it('checks e-mail addresses with the simple pattern', () => {
    expect(isEmail('ada@example.ng')).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.ng', '@c.ng', 'a@.', `${'a'.repeat(250)}@x.ng`])
      expect(isEmail(bad), bad).toBe(false);
  });
  it('trims comments and limits them to 1000 characters', () => {
    expect(validateComment('  hi  ')).toEqual({ value: 'hi' });
    expect(validateComment('   ').error).toBeTruthy();
    expect(validateComment(5).error).toBeTruthy();
    expect(validateComment('x'.repeat(1000)).error).toBeUndefined();
    expect(validateComment('x'.repeat(1001)).error).toBe(
      'A comment can be at most 1000 characters',
    );
  });
  it('checks every contact field and names it', () => {
    const ok = validateContact({
      name: ' Bola ',
      email: 'b@x.ng',
      phone: '',
      subject: 'Order 12',
      message: 'Where is my order?',
    });
    expect(ok.errors).toEqual({});
    expect(ok.value).toEqual({
      name: 'Bola',
      email: 'b@x.ng',
      phone: undefined,
      subject: 'Order 12',
      message: 'Where is my order?',
    });
    const bad = validateContact({
      name: 'B',
      email: 'x',
      phone: 'abc',
      subject: '',
      message: 'short',
    });
    expect(Object.keys(bad.errors).sort()).toEqual([
      'email',
      'message',
      'name',
      'phone',
      'subject',
    ]);
    expect(
      validateContact({
        name: 'Bola',
        email: 'b@x.ng',
        phone: '+234 803 123 4567',
        subject: 'Hello',
        message: 'A long enough message',
      }).errors,
    ).toEqual({});
  });
});
