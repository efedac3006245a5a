import { samplePdf, sampleJpeg, samplePng } from '#src/claims/evidence/evidence-samples.js';

/**
 * Small, valid evidence files for the demo claims (docs/product.md §6): a photo of the damage (PNG or
 * JPEG) and the supplier's packing list (PDF), named and filled in as a partner's files would be. The
 * bytes come from the evidence samples (`claims/evidence/evidence-samples.ts`): real files of their
 * type, made deterministically from the numbers given.
 */
export interface EvidenceFile {
  filename: string;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

/** The photo of a damaged claim's goods: a PNG most of the time, sometimes a JPEG from a phone. */
export function damagePhoto(variant: number): EvidenceFile {
  return variant % 4 === 3
    ? {
        filename: `IMG_${4000 + (variant % 5000)}.jpg`,
        contentType: 'image/jpeg',
        bytes: sampleJpeg({ width: 16, height: 16, shade: 96 + ((variant * 29) % 120) }),
      }
    : {
        filename: `damage-photo-${variant % 100}.png`,
        contentType: 'image/png',
        bytes: samplePng({
          width: 48,
          height: 32,
          from: [176 - ((variant * 37) % 40), 128, 72],
          to: [90, 70 + ((variant * 13) % 60), 60],
        }),
      };
}

/** The supplier's packing list of a short receipt, the shortage in it. */
export function packingListPdf(
  reference: string,
  expected: number,
  received: number,
): EvidenceFile {
  const safe = reference.replace(/[^A-Za-z0-9-]/g, '');
  return {
    filename: `packing-list-${safe === '' ? 'receipt' : safe}.pdf`,
    contentType: 'application/pdf',
    bytes: samplePdf([
      `Packing list ${reference}`,
      `Units shipped: ${expected}`,
      `Units received: ${received}`,
      `Short: ${expected - received}`,
    ]),
  };
}

/** A document besides the required evidence (an incident report, a carrier's note). */
export function incidentReportPdf(title: string, text: string): EvidenceFile {
  return {
    filename: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
    contentType: 'application/pdf',
    bytes: samplePdf([title, text]),
  };
}
