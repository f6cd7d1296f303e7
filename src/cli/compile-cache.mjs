// `npm run -s cli` preloads this plain-JavaScript file: it turns on the compile cache before main.ts
// is read, so a warm command takes main.ts, too, type-stripped from the cache and never loads Node's
// TypeScript stripper (amaro, about 0.15 s of CPU). main.ts turns the cache on as well, for `node
// src/cli/main.ts` run directly.
import { enableCompileCache } from 'node:module';

enableCompileCache();
