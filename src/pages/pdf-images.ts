// The images a trip's PDF shows (trip-pdf.ts pdfImageUrls), fetched through the service's outbound
// client (http/outbound.ts): public addresses only, no redirects, a size cap and a time-out each,
// all at once. An image that cannot be fetched, or is neither JPEG nor PNG, is left out.
import { type OutboundPolicy, sendOutbound } from '../http/outbound.ts';

/** Ours: an image larger than this is not worth a PDF's wait. */
const IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 4_000;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 &&
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

export async function fetchImages(
  urls: ReadonlyArray<string | null | undefined>,
  policy: OutboundPolicy,
): Promise<Map<string, Buffer>> {
  const unique = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u !== ''))];
  const fetched = await Promise.all(
    unique.map(async (url): Promise<[string, Buffer] | undefined> => {
      try {
        const response = await sendOutbound(
          url,
          { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: IMAGE_BYTES },
          policy,
        );
        const ok = response.status === 200 && !response.truncated;
        return ok && (isJpeg(response.body) || isPng(response.body))
          ? [url, response.body]
          : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return new Map(fetched.filter((entry) => entry !== undefined));
}
