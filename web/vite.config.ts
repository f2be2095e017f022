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
  // The gateway writes each response's CSP nonce over this (services/gateway/src/spa/spa.ts).
  html: { cspNonce: '__BACKTALK_CSP_NONCE__' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: gateway },
  preview: { proxy: gateway },
});
