/**
 * A Vite plugin computing the resources' outlines at build time (issue 11): the client's
 * src/client/outlines.ts computes them from the whole registry, which would bring every declaration
 * and schema into the shell; the build serves that module as the outlines' JSON instead. A plugin
 * rather than a generated file: nothing to regenerate or fall out of date when a resource changes
 * (Vite restarts when a file the config imports changes), and unit tests read the same outlines
 * through the module's own code.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { resources } from "../resources/index.js";
import { outlinesOf } from "../src/framework/outline.js";

const file = fileURLToPath(new URL("../src/client/outlines.ts", import.meta.url));

export function resourceOutlines(): Plugin {
  return {
    name: "outlay-resource-outlines",
    enforce: "pre",
    load(id) {
      if (id.split("?")[0] !== file) return undefined;
      return `export const outlines = ${JSON.stringify(outlinesOf(resources))};\n`;
    },
  };
}
