import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from '../../src/shared/theme';
import { webManifest } from './webManifestPlugin';

describe('the web app manifest', () => {
  const manifest = webManifest();

  test('installable: names, standalone, start URL and scope at the root, the theme colour', () => {
    expect(manifest).toMatchObject({ name: 'Youngengineer Online', short_name: 'Youngengineer', start_url: '/', scope: '/', display: 'standalone', theme_color: theme.colors.brand });
  });

  test('icons of 192 and 512 px and a maskable one, each a real PNG of its size in public/icons', () => {
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const file = path.resolve(__dirname, '../../public', icon.src.slice(1));
      expect(existsSync(file)).toBe(true);
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});
