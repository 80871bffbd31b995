import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { NormalModuleReplacementPlugin, type Configuration } from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { routeBudgets } from './config/budgets';
import { BudgetPlugin } from './config/webpack/budgetPlugin';
import { CompileHintsPlugin } from './config/webpack/compileHintsPlugin';
import { PrecompressPlugin } from './config/webpack/precompressPlugin';
import { WebManifestPlugin } from './config/webpack/webManifestPlugin';

const backend = process.env.BACKEND_URL ?? 'http://localhost:8080';

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      // Chunks by number, not name: the entry's runtime carries a map of every chunk's file name.
      chunkFilename: production ? 'assets/[id].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Deep routes must load chunks from the root, not relative to the route.
      publicPath: '/',
      clean: true,
    },
    // Production maps are written for reading a reported stack trace, but the bundles do not name
    // them and the server never serves them (server/routes/static.ts).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports resolve only to its development build (warnings and
      // checks included); production bundles its production build (about 0.5 KB gzipped less).
      alias: production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {},
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
                // styled-components' CSS without its indentation and newlines (strings kept), and each
                // styled() call marked pure: a few KB less in every route.
                experimental: { plugins: [['@swc/plugin-styled-components', { displayName: !production, ssr: false, minify: true, transpileTemplateLiterals: false, pure: true }]] },
              },
            },
          },
        },
        // The two libraries' style sheets (the gallery's, the date picker's) come inside the lazy chunks
        // that use them: no CSS-chunk loader in the entry (the login page's budget). They go in before
        // the theme's sheet, which overrides them.
        { test: /\.css$/, use: [{ loader: 'style-loader', options: { insert: path.resolve(__dirname, 'config/webpack/insertLibraryStyles.js') } }, 'css-loader'] },
        { test: /\.(png|svg|jpg|webp)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: false,
    // Errors, warnings and the time; BudgetPlugin adds the route-budget table (bundle-report.json has every file).
    stats: production ? { preset: 'errors-warnings', timings: true } : undefined,
    ignoreWarnings: [
      // react-datepicker requires its optional date-fns-tz by a variable name and carries on
      // without it (the portal uses no time zones); nothing is missing from the bundle.
      { module: /node_modules\/react-datepicker\//, message: /the request of a dependency is an expression/ },
    ],
    plugins: [
      // stylis's vendor prefixer (1.2 KB of the sign-in page's 150) runs only under a
      // StyleSheetManager with enableVendorPrefixes; the portal has none (test/structure.test.ts), so
      // its CSS already goes out as written and the prefixer is code no page runs.
      new NormalModuleReplacementPlugin(/[\\/]stylis[\\/]src[\\/]Prefixer\.js$/, path.resolve(__dirname, 'config/webpack/noVendorPrefixes.js')),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg', scriptLoading: 'defer' }),
      new WebManifestPlugin(path.resolve(__dirname, 'public')),
      ...(production
        ? [
            new CompileHintsPlugin(),
            // The service worker (src/sw/serviceWorker.ts) at /sw.js, with every file of this build to
            // precache. Development has none: a cached shell would hide the changes being made.
            new InjectManifest({
              swSrc: './src/sw/serviceWorker.ts',
              swDest: 'sw.js',
              exclude: [/\.map$/, /LICENSE/, /^bundle-report\.json$/],
              // Names with a content hash are their own revision.
              dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            }),
            new BudgetPlugin(routeBudgets, true),
            new PrecompressPlugin(),
          ]
        : []),
    ],
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      historyApiFallback: true,
      static: { directory: path.resolve(__dirname, 'public') },
      proxy: [{ context: ['/wp-json', '/progrmas', '/content', '/portal-config.js'], target: backend, changeOrigin: true }],
    },
  };
};
