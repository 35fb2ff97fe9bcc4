/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const repo = fileURLToPath(new URL(".", import.meta.url));
const server = "http://localhost:3000";

export default defineConfig({
  root: `${repo}src/client`,
  plugins: [react()],
  build: {
    outDir: `${repo}dist/client`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": server, "/oauth": server } },
  test: { root: repo },
});
