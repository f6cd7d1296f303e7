// The console is built into console/dist and served by the API server at /console/.
// `npm run console:dev` serves it with hot reload, proxying the admin API to a running server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
