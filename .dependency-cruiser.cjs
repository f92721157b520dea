// The import rules `npm run lint` enforces with dependency-cruiser (issue #14).
// `.cjs`, the form `depcruise --init` writes where package.json says "type": "module".

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle, type-only imports included: break it by moving what both sides need to a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature-import',
      severity: 'error',
      comment:
        'A web feature never imports another feature: move what both need to lib/ or components/, or compose them in app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/(?!$1/)[^/]+/' },
    },
    {
      name: 'no-web-to-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP; what both need lives in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'no-server-to-web',
      severity: 'error',
      comment: 'The server never imports the web app; what both need lives in packages/shared.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: a `type App` import still ties two modules together.
    tsPreCompilationDeps: true,
    // Every side's tsconfig extends this one and adds only lib, jsx and types; the module settings
    // that resolve imports (bundler resolution, `.ts` extensions, no paths) are all here.
    tsConfig: { fileName: 'tsconfig.base.json' },
    // `@quarry/shared` resolves through its workspace link and package.json exports to packages/shared/src.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
