import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Compilation, sources, type Compiler } from 'webpack';
import { theme } from '../../src/shared/theme';

/** The icons in public/icons/, emitted under icons/ (precached with the app shell). */
const ICONS = [
  { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
  { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
  { file: 'maskable-512.png', sizes: '512x512', purpose: 'maskable' },
];

export const WEB_MANIFEST_FILE = 'manifest.webmanifest';

/** The installable app's manifest (served at /manifest.webmanifest; index.html links it). */
export function webManifest() {
  return {
    name: 'Youngengineer Online',
    short_name: 'Youngengineer',
    description: 'Building instructions, lesson plans and lesson videos for Youngengineer programs.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: theme.colors.brand,
    background_color: theme.colors.page,
    icons: ICONS.map(({ file, sizes, purpose }) => ({ src: `/icons/${file}`, sizes, type: 'image/png', purpose })),
  };
}

/** Emits manifest.webmanifest and its icons as build assets, early, so the service worker precaches them. */
export class WebManifestPlugin {
  constructor(private readonly publicDir: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('WebManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WebManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(WEB_MANIFEST_FILE, new sources.RawSource(`${JSON.stringify(webManifest(), null, 2)}\n`));
        for (const { file } of ICONS) {
          const source = path.join(this.publicDir, 'icons', file);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(`icons/${file}`, new sources.RawSource(readFileSync(source)));
        }
      });
    });
  }
}
