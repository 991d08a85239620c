import { describe, expect, it } from 'vitest';

import { makeDemoPdf } from './demo-pdf.ts';

describe('makeDemoPdf', () => {
  const pdf = makeDemoPdf('Identity proof (demo)', ['Name: Ravi Shankar', 'Not a real (document)']);
  const text = pdf.toString('latin1');

  it('is a one-page PDF whose cross-reference table points at every object', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Type /Pages /Kids [3 0 R] /Count 1');
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)];
    expect(entries).toHaveLength(6);
    entries.forEach((entry, index) => {
      const offset = Number(entry[1]);
      expect(text.startsWith(`${String(index + 1)} 0 obj\n`, offset)).toBe(true);
    });
  });

  it('gives the content stream its exact length and escapes the text it shows', () => {
    const match = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
    expect(Number(match?.[1])).toBe(Buffer.byteLength(match?.[2] ?? '', 'latin1'));
    expect(match?.[2]).toContain('(Name: Ravi Shankar) Tj');
    expect(match?.[2]).toContain('(Not a real \\(document\\)) Tj');
  });

  it('is small', () => {
    expect(pdf.byteLength).toBeLessThan(2_000);
    expect(pdf.byteLength).toBeGreaterThan(500);
  });
});
