// The Activity's page, built into the bot's package (cogs/activity/static) with content-hashed file
// names, so the same sources always give the same bytes. The build also writes sources.json: the
// SHA-256 of every source file, which the Python tests compare with the sources in the repository
// (a source changed without a rebuild fails the suite, no Node needed there).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const SKIP = new Set(["node_modules", "dist"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return [relative(ROOT, path).split(sep).join("/")];
  });
}

function sourcesManifest(): Plugin {
  return {
    name: "sources-manifest",
    generateBundle() {
      const files: Record<string, string> = {};
      for (const path of sourceFiles(ROOT).sort()) {
        files[path] = createHash("sha256").update(readFileSync(join(ROOT, path))).digest("hex");
      }
      this.emitFile({ type: "asset", fileName: "sources.json", source: JSON.stringify({ files }, null, 1) + "\n" });
    },
  };
}

export default defineConfig({
  base: "/",
  plugins: [sourcesManifest()],
  build: {
    outDir: process.env.ACTIVITY_OUT ?? "../../cogs/activity/static",
    emptyOutDir: true,
    target: "es2020",
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
