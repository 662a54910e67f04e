// Bundles the API and its JavaScript dependencies into dist/index.js, copies the SQL migrations beside it, and writes
// .br/.gz copies of the built web app so the server sends them without compressing per request.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/**
 * What stays in node_modules: packages that load files of their own at run time (PGlite its WebAssembly
 * and data bundle, sharp its native binary, Scalar the reference page's script) and pg's optional native
 * driver. Everything else is inlined: loading its ~1,300 files as separate modules was a fifth of a
 * later start (1.57 s → 1.21 s to ready, decision 046).
 */
const external = ['@electric-sql/pglite', 'sharp', '@scalar/api-reference', 'pg-native'];

rmSync(path.join(apiDir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiDir, 'src/index.ts')],
  outfile: path.join(apiDir, 'dist/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // The inlined CommonJS packages call require() for Node's built-ins, which an ES module has not got.
  banner: {
    js: "import { createRequire as createRequireForInlinedPackages } from 'node:module'; const require = createRequireForInlinedPackages(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(apiDir, 'src/db/migrations'), path.join(apiDir, 'dist/migrations'), { recursive: true });
cpSync(
  path.join(apiDir, 'src/lib/data/common-passwords.txt.gz'),
  path.join(apiDir, 'dist/common-passwords.txt.gz'),
);

const webDist = path.join(apiDir, '../web/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
      const content = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}
try {
  precompress(webDist);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
  console.warn('apps/web/dist not found: build the web app first (npm run build at the root does both).');
}
console.log('API built to apps/api/dist');
