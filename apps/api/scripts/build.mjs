// Bundles the API into dist/index.js (dependencies stay in node_modules; the workspace's
// own TypeScript packages are inlined), copies the SQL migrations beside it, and writes
// .br/.gz copies of the built web app so the server sends them without compressing per request.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@offplan/'));

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
