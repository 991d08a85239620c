/**
 * A small, real one-page PDF (A4, Helvetica text) for the demo tutors'
 * documents, so an administrator who opens them in the verification queue sees
 * a page instead of a file that does not open. Built by hand with a correct
 * cross-reference table; no library is needed for a page of text.
 */

/** Escapes text for a PDF string literal (ASCII only; other characters become '?'). */
function toPdfString(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/([\\()])/g, '\\$1')})`;
}

export function makeDemoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT',
    '/F1 20 Tf',
    '72 760 Td',
    `${toPdfString(title)} Tj`,
    '/F1 12 Tf',
    '0 -36 Td',
    ...lines.flatMap((line) => [`${toPdfString(line)} Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${String(Buffer.byteLength(text, 'latin1'))} >>\nstream\n${text}\nendstream`,
    `<< /Title ${toPdfString(title)} /Producer (GuruMatch demo data) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R /Info 6 0 R >>\n`;
  body += `startxref\n${String(xrefAt)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
