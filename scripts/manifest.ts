/** `npm run -s manifest`: the registry as JSON — resources, and every route with its guard (src/framework/manifest.ts). */
import { resources } from "../resources/index.js";
import { pages } from "../resources/pages/index.js";
import { manifest } from "../src/framework/manifest.js";

console.log(JSON.stringify(manifest(resources, pages), null, 2));
