import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const atRoot = (folder: string) => fileURLToPath(new URL(`../${folder}`, import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react()],
  // The engine and the wire contract, as web/tsconfig.json's paths name them (jest.config.js maps them too).
  resolve: { alias: { '@engine': atRoot('projections/live'), '@wire': atRoot('wire') } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
