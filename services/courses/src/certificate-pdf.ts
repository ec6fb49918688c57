/**
 * The certificate as a one-page PDF (A4 landscape), drawn with pdf-lib (pure JavaScript, no native parts, no
 * install scripts). It shows what the certificate page shows: the member's name, the course, the date, the id and
 * the address where anyone can check it. The standard PDF fonts cover Latin-1 (WinAnsi): a character they cannot
 * draw is written without its accent where it has one, else as '?' (decision in docs/decisions.md).
 */
import { certificateDateText, type PublicCertificate } from '@rainmakers/contracts';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 841.89, height: 595.28 };
const INK = rgb(0.13, 0.16, 0.22);
const MUTED = rgb(0.38, 0.42, 0.48);
const ACCENT = rgb(0.11, 0.35, 0.63);

/** Text the font can draw: accents dropped where that helps, '?' for the rest. */
export function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text) {
    for (const candidate of [char, char.normalize('NFKD').replace(/\p{M}/gu, ''), '?']) {
      try {
        font.encodeText(candidate);
        out += candidate;
        break;
      } catch {
        // not in the font's encoding: try the next candidate
      }
    }
  }
  return out;
}

/** The largest size (at most `size`) at which the text fits `maxWidth`. */
function fitted(font: PDFFont, text: string, size: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(text, size);
  return width <= maxWidth ? size : Math.max(10, Math.floor((size * maxWidth) / width));
}

export async function certificatePdf(certificate: PublicCertificate, verificationUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Completion - ${certificate.courseTitle}`);
  pdf.setSubject(`Certificate ${certificate.id}`);
  pdf.setProducer('Rainmakers');
  pdf.setCreator('Rainmakers');
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const maxWidth = PAGE.width - 160;

  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: PAGE.width - 68,
    height: PAGE.height - 68,
    borderColor: ACCENT,
    borderWidth: 0.8,
  });

  const centered = (raw: string, font: PDFFont, size: number, y: number, color = INK) => {
    const text = drawable(font, raw);
    const fit = fitted(font, text, size, maxWidth);
    page.drawText(text, { x: (PAGE.width - font.widthOfTextAtSize(text, fit)) / 2, y, size: fit, font, color });
  };

  centered('RAINMAKERS', bold, 14, 500, ACCENT);
  centered('Certificate of Completion', bold, 34, 440);
  centered('This certifies that', italic, 15, 385, MUTED);
  centered(certificate.fullName, bold, 30, 340);
  centered('has completed every lesson of the course', italic, 15, 295, MUTED);
  centered(certificate.courseTitle, bold, 22, 255);
  centered(`Completed on ${certificateDateText(certificate.completedAt)}`, regular, 14, 205);
  centered(`Certificate ID: ${certificate.id}`, regular, 10, 110, MUTED);
  centered(`Verify this certificate at ${verificationUrl}`, regular, 10, 92, MUTED);
  return pdf.save();
}
