import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The gateway serves web/dist with an SPA fallback; in development the API is proxied to it.
const gateway = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  // The contract's plain constants (handle pattern, roles), read from source like tsconfig's paths.
  resolve: {
    alias: {
      '@backtalk/proto/browser': fileURLToPath(new URL('../proto/src/browser.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: gateway },
  preview: { proxy: gateway },
});
