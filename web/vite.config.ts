import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The gateway serves every API call and uploads; in development Vite forwards them there. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/upload': { target: GATEWAY, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/upload': { target: GATEWAY, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every route is a React.lazy chunk; the groups below only pull the libraries every page needs
    // into long-lived vendor chunks, so a deploy that changes a screen does not bust their cache.
    // MUI is left to automatic splitting on purpose: one "mui" group would drag every component used
    // by any lazy screen into the first load.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
