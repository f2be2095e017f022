// Runs TypeScript benchmark and tool files without a build step:
//   node -r ./services/libs/testing/swc-register.cjs file.ts
// Uses the @swc/core the workspace already has, with the same settings as .swcrc. Workspace
// packages (@backtalk/kit, ...) still resolve to their built dist/, so run `npm run build` first.
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  module._compile(code, filename);
};
