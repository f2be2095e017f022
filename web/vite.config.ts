import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist with an SPA fallback; in development the API is proxied to it.
const gateway = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: gateway },
  preview: { proxy: gateway },
});
