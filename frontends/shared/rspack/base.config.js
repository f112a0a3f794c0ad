import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const REACT_RANGE = '^19.0.0';
const ROUTER_RANGE = '^7.0.0';

/**
 * Modules every Cairn app shares as singletons: one React, one router, and one copy of
 * @cairn/frontend-shared so the API and auth clients the shell configures are the ones the remotes use.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: REACT_RANGE },
  'react/jsx-runtime': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom/client': { singleton: true, requiredVersion: REACT_RANGE },
  'react-router': { singleton: true, requiredVersion: ROUTER_RANGE },
  'react-router-dom': { singleton: true, requiredVersion: ROUTER_RANGE },
  '@cairn/frontend-shared': { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' },
};

/**
 * Builds the rspack configuration of one Cairn frontend.
 * A host (the shell) has an HTML entry and registers its remotes at run time;
 * a remote exposes modules and publishes mf-manifest.json.
 *
 * @param {{ name: string, dirname: string, exposes?: Record<string, string>, html?: { template: string, title: string } }} app
 */
export function createCairnConfig(app) {
  const isHost = Boolean(app.html);
  /** The app's version (its package.json), which the app reads as `__CAIRN_VERSION__`, e.g. on an exported checklist. */
  const version = JSON.parse(readFileSync(path.join(app.dirname, 'package.json'), 'utf8')).version ?? 'dev';

  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const name = `cairn_${app.name}`;

    return {
      mode,
      context: app.dirname,
      target: ['web', 'es2022'],
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dirname, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: '[name].[contenthash:8].css',
        cssChunkFilename: '[name].[contenthash:8].css',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', development: mode === 'development' },
                },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
        ],
      },
      plugins: [
        new rspack.DefinePlugin({ __CAIRN_VERSION__: JSON.stringify(version) }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: app.exposes,
          remotes: {},
          shared: sharedSingletons,
          shareStrategy: 'loaded-first',
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          // Remotes only ever run inside the shell, so they use the federation runtime the shell provides.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        ...(isHost
          ? [new rspack.HtmlRspackPlugin({ template: app.html.template, title: app.html.title, favicon: undefined })]
          : []),
        // Static files served as they are (the shell's silent-check-sso page for keycloak-js).
        ...(existsSync(path.join(app.dirname, 'public')) ? [new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] })] : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
