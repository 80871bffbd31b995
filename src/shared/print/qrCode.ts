/**
 * QR codes as SVG data URLs (sign-in cards, a model's printable QR). Only the print views' lazy
 * chunks import this module, and with it the qrcode library.
 */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Each text's QR code as it is ready (drawing is pure computation, not a side effect on the store). */
export function useQrCodes(texts: readonly string[]): Record<string, string> {
  const [codes, setCodes] = useState<Record<string, string>>({});
  const key = texts.join('\n');
  useEffect(() => {
    let current = true;
    void Promise.all(texts.map(async (text) => [text, await qrDataUrl(text)] as const)).then((pairs) => {
      if (current) setCodes(Object.fromEntries(pairs));
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts' contents, not the array's identity
  }, [key]);
  return codes;
}
